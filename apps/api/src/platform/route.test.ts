/// <reference types="vite/client" />
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callPath, type AnyCall } from '@konek/contract/call';
import { sandboxOutboxCall } from '@konek/contract/sandbox-outbox';
import { createTestApp, type TestApp } from '../test/test-app';

// ADR 026: every call is registered from its description, so the OpenAPI document lists every status
// each description answers. The sandbox outbox page is the one call kept out of the document.

const modules = import.meta.glob<Record<string, unknown>>(
  ['../../../../packages/contract/src/*.ts', '!../../../../packages/contract/src/*.test.ts'],
  { eager: true },
);

const isCall = (value: unknown): value is AnyCall =>
  typeof value === 'object' && value !== null && 'replies' in value && 'auth' in value;

const calls = Object.values(modules)
  .flatMap((exports) => Object.values(exports).filter(isCall))
  .filter((call) => call !== sandboxOutboxCall);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const at = (value: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((current, key) => (isRecord(current) ? current[key] : undefined), value);

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ sandboxEnabled: true });
});
afterAll(() => testApp.close());

it('publishes every status of every call in the OpenAPI document', () => {
  expect(calls.length).toBeGreaterThan(30);
  const document: unknown = testApp.app.swagger();
  for (const call of calls) {
    const url = callPath(call, testApp.config.ossSegment);
    const responses = at(document, 'paths', url, call.method.toLowerCase(), 'responses');
    expect(responses, `${call.method} ${url}`).toBeDefined();
    const statuses = Object.keys(isRecord(responses) ? responses : {}).sort();
    expect(statuses, url).toEqual(Object.keys(call.replies).sort());
  }
});
