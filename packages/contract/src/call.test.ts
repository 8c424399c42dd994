/// <reference types="vite/client" />
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { callPath, defineCall, errorDefinition, type AnyCall } from './call';
import { envelopeWith } from './envelope';
import { healthCall, ZHealthResponse } from './health';
import { loginCall } from './login';
import { createOtpCall } from './create-otp';

const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], {
  eager: true,
});

function isCall(value: unknown): value is AnyCall {
  return typeof value === 'object' && value !== null && 'replies' in value && 'auth' in value;
}

const descriptions = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, AnyCall] => isCall(entry[1]))
    .map(([name, call]) => ({ file, name, call })),
);

describe('call descriptions', () => {
  it('adds the errors every call of its kind can answer, and an error reply per status', () => {
    const call = defineCall({
      path: '/api/v3/test/thing',
      auth: 'required',
      target: 3,
      request: z.object({ a: z.string() }),
      reply: envelopeWith({ b: z.string() }),
      errors: ['auth.INVALID_PIN'],
      rateLimited: true,
    });
    expect(call.method).toBe('POST');
    expect(call.errors).toEqual([
      'auth.INVALID_PIN',
      'common.DATABASE_UNAVAILABLE',
      'common.FORBIDDEN',
      'common.INTERNAL',
      'common.PAYLOAD_TOO_LARGE',
      'common.TOO_MANY_REQUESTS',
      'common.UNAUTHENTICATED',
      'common.UNSUPPORTED_MEDIA_TYPE',
      'common.VALIDATION_FAILED',
    ]);
    expect(Object.keys(call.replies).map(Number).sort()).toEqual([
      200, 400, 401, 403, 413, 415, 429, 500, 503,
    ]);
    // An error reply keeps the fields an error carries beyond the envelope.
    const reply = { code: 2, module: 'auth', message: 'x', attempts_left: 2 };
    expect(call.replies[401]?.parse(reply)).toEqual(reply);
  });

  it('lets a call answer a richer reply for a status (health reports on 503 too)', () => {
    expect(healthCall.method).toBe('GET');
    expect(healthCall.request).toBeNull();
    expect(healthCall.replies[503]).toBe(ZHealthResponse);
  });

  it('builds {oss} paths from the segment', () => {
    expect(callPath(createOtpCall, 'globe')).toBe('/api/v3/globe/otp/create_otp');
    expect(callPath(loginCall, 'globe')).toBe('/api/v3/user/login');
  });

  it('describes each method and path once, with errors of the catalogue', () => {
    expect(descriptions.length).toBeGreaterThanOrEqual(30);
    const keys = descriptions.map(({ call }) => `${call.method} ${callPath(call, 'oss')}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const { call } of descriptions) {
      for (const key of call.errors) expect(errorDefinition(key).status).toBeGreaterThan(399);
      expect(call.replies[200]).toBe(call.reply);
      for (const [status, schema] of Object.entries(call.replies)) {
        if (status === '200' || call === healthCall) continue;
        // Every error reply is the envelope of envelope.ts, plus what the error carries.
        expect(schema.safeParse({ code: 1, module: 'm', message: 'x', extra: 1 }).success).toBe(
          true,
        );
      }
    }
  });
});
