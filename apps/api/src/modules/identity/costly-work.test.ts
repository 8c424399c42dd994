import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { DEFAULT_APPLICATION_ID, DEFAULT_OPERATOR_NAME } from '@konek/contract/constants';
import { CREATE_CHALLENGE_PATH } from '@konek/contract/create-challenge';
import { LOGIN_PATH } from '@konek/contract/login';
import { hashPin } from '@konek/contract/pin-hash';
import { VERIFY_CHALLENGE_PATH } from '@konek/contract/verify-challenge';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import {
  GOOD_PIN,
  latestCode,
  post,
  randomMsisdn,
  registerPayload,
  signUp,
  verifyNumber,
} from '../../test/accounts';
import { createPinHasher } from './pin-secret';

// ADR 023: a refused registration or PIN reset must not pay for scrypt. The app gets a PIN hasher
// whose calls are counted (cheap parameters: what is counted is the calls, not the time).
const real = createPinHasher(crypto.randomBytes(32), { N: 2 ** 10, r: 8, p: 1 });
const pins = { hash: vi.fn(real.hash), isCorrect: vi.fn(real.isCorrect) };

const clock = createTestClock();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { clock, pinHasher: pins });
});
afterAll(() => testApp.close());
beforeEach(() => {
  pins.hash.mockClear();
  pins.isCorrect.mockClear();
});

const register = async (msisdn: string, pin = GOOD_PIN) =>
  post(testApp.app, LOGIN_PATH, registerPayload(msisdn, await hashPin(msisdn, pin)));

it('refuses unverified registrations, a registered number and a common PIN without hashing', async () => {
  const replies = await Promise.all(Array.from({ length: 5 }, () => register(randomMsisdn())));
  expect(replies.map((reply) => reply.json().code)).toEqual([6, 6, 6, 6, 6]);
  expect(pins.hash).not.toHaveBeenCalled();

  const customer = await signUp(testApp.app);
  expect(pins.hash).toHaveBeenCalledTimes(1); // the registration that succeeded
  pins.hash.mockClear();
  clock.advance(61_000);
  await verifyNumber(testApp.app, customer.msisdn);
  expect((await register(customer.msisdn)).json()).toMatchObject({ code: 5, module: 'auth' });
  expect((await register(customer.msisdn, '123456')).json()).toMatchObject({ code: 4 });
  expect(pins.hash).not.toHaveBeenCalled();
});

it('an unverified request to register a registered number is told only to verify', async () => {
  const customer = await signUp(testApp.app);
  clock.advance(11 * 60_000); // past the sign-up verification window
  const reply = await register(customer.msisdn);
  expect(reply.json()).toMatchObject({ code: 6, module: 'auth' });
});

it('refuses a wrong reset code without hashing the new PIN; the right code hashes once', async () => {
  const customer = await signUp(testApp.app);
  clock.advance(61_000);
  const challenge = await post(testApp.app, CREATE_CHALLENGE_PATH, {
    msisdn: customer.msisdn,
    application_id: DEFAULT_APPLICATION_ID,
    context_type: 4,
    challenge_type: 0,
  });
  const code = await latestCode(testApp.app, customer.msisdn);
  const verify = async (otpCode: string) =>
    post(testApp.app, VERIFY_CHALLENGE_PATH, {
      challenge_type: 0,
      context_type: 4,
      msisdn: customer.msisdn,
      challenge_id: challenge.json().challenge_id,
      otp_code: otpCode,
      new_secret: await hashPin(customer.msisdn, '270495'),
      operator_name: DEFAULT_OPERATOR_NAME,
      application_id: DEFAULT_APPLICATION_ID,
    });
  pins.hash.mockClear();

  const wrong = await verify(code === '000000' ? '000001' : '000000');
  expect(wrong.json()).toMatchObject({ code: 4, module: 'otp' });
  expect(pins.hash).not.toHaveBeenCalled();

  expect((await verify(code)).json()).toMatchObject({ code: 0, pin_changed: true });
  expect(pins.hash).toHaveBeenCalledTimes(1);
});

it('confirming a reset code without a new PIN never hashes', async () => {
  const customer = await signUp(testApp.app);
  clock.advance(61_000);
  const challenge = await post(testApp.app, CREATE_CHALLENGE_PATH, {
    msisdn: customer.msisdn,
    application_id: DEFAULT_APPLICATION_ID,
    context_type: 4,
    challenge_type: 0,
  });
  const code = await latestCode(testApp.app, customer.msisdn);
  pins.hash.mockClear();
  pins.isCorrect.mockClear();
  for (const otpCode of [code === '000000' ? '000001' : '000000', code]) {
    await post(testApp.app, VERIFY_CHALLENGE_PATH, {
      challenge_type: 0,
      context_type: 4,
      msisdn: customer.msisdn,
      challenge_id: challenge.json().challenge_id,
      otp_code: otpCode,
      operator_name: DEFAULT_OPERATOR_NAME,
      application_id: DEFAULT_APPLICATION_ID,
    });
  }
  expect(pins.hash).not.toHaveBeenCalled();
  expect(pins.isCorrect).not.toHaveBeenCalled();
});
