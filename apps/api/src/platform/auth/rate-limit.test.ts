import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHECK_LOGIN_EXISTS_PATH } from '@konek/contract/check-login-exists';
import { DEFAULT_APPLICATION_ID, LOGIN_TYPE } from '@konek/contract/constants';
import { LOGIN_PATH } from '@konek/contract/login';
import { createTestApp, type TestApp } from '../../test/test-app';
import { GOOD_PIN, loginPayload, post, randomMsisdn } from '../../test/accounts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    rateLimits: {
      loginPerMinute: 3,
      lookupPerMinute: 2,
      smsPerMinute: 2,
      emailValidationPerMinute: 2,
      supportPerMinute: 2,
    },
  });
});
afterAll(() => testApp.close());

const lookup = (remoteAddress: string) =>
  post(
    testApp.app,
    CHECK_LOGIN_EXISTS_PATH,
    { application_id: DEFAULT_APPLICATION_ID, login_id: randomMsisdn(), login_type: LOGIN_TYPE },
    undefined,
    remoteAddress,
  );

it('limits check_login_exists per IP with a 429 envelope', async () => {
  expect((await lookup('198.51.100.1')).statusCode).toBe(200);
  expect((await lookup('198.51.100.1')).statusCode).toBe(200);
  const limited = await lookup('198.51.100.1');
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toEqual({
    code: 5,
    module: 'common',
    message: 'Too many requests. Please wait a moment and try again.',
    retry_after_seconds: expect.any(Number),
  });
  expect(limited.headers['retry-after']).toBeDefined();
  // Another address is counted on its own.
  expect((await lookup('198.51.100.2')).statusCode).toBe(200);
});

it('limits login per IP, before any PIN is checked', async () => {
  const payload = await loginPayload(randomMsisdn(), GOOD_PIN);
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 4; attempt++) {
    statuses.push(
      (await post(testApp.app, LOGIN_PATH, payload, undefined, '203.0.113.7')).statusCode,
    );
  }
  expect(statuses).toEqual([404, 404, 404, 429]);
});
