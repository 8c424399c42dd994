import { afterAll, beforeAll, expect, it } from 'vitest';
import { HEALTH_PATH } from '@konek/contract/health';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

it('reports ok when the database answers', async () => {
  const reply = await testApp.app.inject({ method: 'GET', url: HEALTH_PATH });
  expect(reply.statusCode).toBe(200);
  expect(reply.json()).toMatchObject({ code: 0, module: 'health', status: 'ok', database: 'up' });
});

it('reports 503 with the envelope and security headers when the database is gone', async () => {
  await testApp.database.pool.end();
  const reply = await testApp.app.inject({ method: 'GET', url: HEALTH_PATH });
  expect(reply.statusCode).toBe(503);
  expect(reply.json()).toMatchObject({
    code: 503,
    module: 'health',
    status: 'degraded',
    database: 'down',
  });
  expect(reply.headers['x-frame-options']).toBe('DENY');
  // close() ends the pool again; give it a fresh one-shot replacement so cleanup works.
  testApp.database.close = async () => undefined;
});
