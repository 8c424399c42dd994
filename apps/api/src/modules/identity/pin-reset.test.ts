import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_APPLICATION_ID,
  DEFAULT_OPERATOR_NAME,
  DEFAULT_OSS_SEGMENT,
} from '@konek/contract/constants';
import { CREATE_CHALLENGE_PATH } from '@konek/contract/create-challenge';
import { GET_USER_PATH } from '@konek/contract/get-user';
import { LOGIN_PATH } from '@konek/contract/login';
import { hashPin } from '@konek/contract/pin-hash';
import { VERIFY_CHALLENGE_PATH } from '@konek/contract/verify-challenge';
import { createOtpPath } from '@konek/contract/create-otp';
import { verifyOtpPath } from '@konek/contract/verify-otp';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import {
  GOOD_PIN,
  latestCode,
  loginPayload,
  post,
  randomMsisdn,
  signUp,
  type Customer,
} from '../../test/accounts';

const clock = createTestClock();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

const NEW_PIN = '270495';

/** A reset code for the customer, a minute after their last code (the resend wait). */
async function startReset(customer: Pick<Customer, 'msisdn'>) {
  clock.advance(61_000);
  const reply = await post(testApp.app, CREATE_CHALLENGE_PATH, {
    msisdn: customer.msisdn,
    application_id: DEFAULT_APPLICATION_ID,
    context_type: 4,
    challenge_type: 0,
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return {
    challengeId: reply.json().challenge_id as string,
    code: await latestCode(testApp.app, customer.msisdn),
  };
}

async function verifyChallenge(
  msisdn: string,
  challengeId: string,
  code: string,
  pin = NEW_PIN,
  overrides: object = {},
) {
  return post(testApp.app, VERIFY_CHALLENGE_PATH, {
    challenge_type: 0,
    context_type: 4,
    msisdn,
    challenge_id: challengeId,
    otp_code: code,
    new_secret: await hashPin(msisdn, pin),
    operator_name: DEFAULT_OPERATOR_NAME,
    application_id: DEFAULT_APPLICATION_ID,
    ...overrides,
  });
}

const wrongCode = (code: string) => (code === '000000' ? '000001' : '000000');

describe('forgot PIN', () => {
  it('sets the new PIN with the SMS code and revokes the tokens issued before', async () => {
    const customer = await signUp(testApp.app);
    const { challengeId, code } = await startReset(customer);
    const reply = await verifyChallenge(customer.msisdn, challengeId, code);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ code: 0, module: 'user', message: 'OK', pin_changed: true });

    const oldPin = await post(
      testApp.app,
      LOGIN_PATH,
      await loginPayload(customer.msisdn, GOOD_PIN),
    );
    expect(oldPin.statusCode).toBe(401);
    const earlier = await post(
      testApp.app,
      GET_USER_PATH,
      { target_id: customer.userId, target_type: 3 },
      customer.token,
    );
    expect(earlier.statusCode).toBe(401);
    const newPin = await post(
      testApp.app,
      LOGIN_PATH,
      await loginPayload(customer.msisdn, NEW_PIN),
    );
    expect(newPin.statusCode).toBe(200);
    const fresh = await post(
      testApp.app,
      GET_USER_PATH,
      { target_id: customer.userId, target_type: 3 },
      newPin.json().api_token,
    );
    expect(fresh.statusCode).toBe(200);
  });

  it('sends no code to a number without an account', async () => {
    const reply = await post(testApp.app, CREATE_CHALLENGE_PATH, {
      msisdn: randomMsisdn(),
      application_id: DEFAULT_APPLICATION_ID,
      context_type: 4,
      challenge_type: 0,
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ code: 1, module: 'auth' });
  });

  it('refuses a wrong code, counting the try, and a used code', async () => {
    const customer = await signUp(testApp.app);
    const { challengeId, code } = await startReset(customer);
    const wrong = await verifyChallenge(customer.msisdn, challengeId, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 4, module: 'otp', attempts_left: 4 });
    expect((await verifyChallenge(customer.msisdn, challengeId, code)).statusCode).toBe(200);
    const reused = await verifyChallenge(customer.msisdn, challengeId, code, '381946');
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 6, module: 'otp' });
  });

  it('confirms a reset code without a new PIN, leaving it to spend and the PIN as it was', async () => {
    const customer = await signUp(testApp.app);
    const { challengeId, code } = await startReset(customer);
    const confirmed = await verifyChallenge(customer.msisdn, challengeId, code, NEW_PIN, {
      new_secret: undefined,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      code: 0,
      module: 'user',
      message: 'OK',
      pin_changed: false,
    });
    // The old PIN still signs in: nothing changed yet.
    const old = await post(testApp.app, LOGIN_PATH, await loginPayload(customer.msisdn, GOOD_PIN));
    expect(old.statusCode).toBe(200);
    // The same code then resets the PIN.
    const reset = await verifyChallenge(customer.msisdn, challengeId, code);
    expect(reset.json()).toMatchObject({ code: 0, pin_changed: true });
  });

  it('counts a wrong code confirmed without a new PIN as a try, up to the limit', async () => {
    const customer = await signUp(testApp.app);
    const { challengeId, code } = await startReset(customer);
    const check = (otp: string) =>
      verifyChallenge(customer.msisdn, challengeId, otp, NEW_PIN, { new_secret: undefined });
    const first = await check(wrongCode(code));
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ code: 4, module: 'otp', attempts_left: 4 });
    for (const left of [3, 2, 1]) {
      expect((await check(wrongCode(code))).json()).toMatchObject({ attempts_left: left });
    }
    expect((await check(wrongCode(code))).json()).toMatchObject({ module: 'otp', code: 7 });
    // Out of tries: even the right code, with or without a PIN, no longer works.
    expect((await check(code)).json()).toMatchObject({ module: 'otp', code: 7 });
    expect((await verifyChallenge(customer.msisdn, challengeId, code)).json()).toMatchObject({
      module: 'otp',
      code: 7,
    });
  });

  it('says an expired code is expired when it is only confirmed', async () => {
    const customer = await signUp(testApp.app);
    const { challengeId, code } = await startReset(customer);
    clock.advance(5 * 60_000 + 1_000);
    const late = await verifyChallenge(customer.msisdn, challengeId, code, NEW_PIN, {
      new_secret: undefined,
    });
    expect(late.json()).toMatchObject({ module: 'otp', code: 5 });
  });

  it('refuses a common new PIN without spending the code', async () => {
    const customer = await signUp(testApp.app);
    const { challengeId, code } = await startReset(customer);
    const common = await verifyChallenge(customer.msisdn, challengeId, code, '111111');
    expect(common.json()).toMatchObject({
      code: 4,
      module: 'auth',
      message: 'This PIN is too easy to guess. Please choose another.',
    });
    expect((await verifyChallenge(customer.msisdn, challengeId, code)).statusCode).toBe(200);
  });

  it('refuses another operator', async () => {
    const customer = await signUp(testApp.app);
    const { challengeId, code } = await startReset(customer);
    const reply = await verifyChallenge(customer.msisdn, challengeId, code, NEW_PIN, {
      operator_name: 'another-operator',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('operator_name: the operator here is "konek".');
  });
});

describe('codes are bound to their purpose', () => {
  it('a sign-up code cannot reset a PIN, and a reset code cannot verify a sign-up', async () => {
    const customer = await signUp(testApp.app);
    clock.advance(61_000);
    const signupCode = await post(testApp.app, createOtpPath(DEFAULT_OSS_SEGMENT), {
      msisdn: customer.msisdn,
    });
    const referenceId: string = signupCode.json().reference_id;
    const asReset = await verifyChallenge(
      customer.msisdn,
      referenceId,
      await latestCode(testApp.app, customer.msisdn),
    );
    expect(asReset.statusCode).toBe(400);
    expect(asReset.json()).toMatchObject({ code: 4, module: 'otp' });

    const { challengeId, code } = await startReset(customer);
    const asSignup = await post(testApp.app, verifyOtpPath(DEFAULT_OSS_SEGMENT), {
      msisdn: customer.msisdn,
      code,
      reference_id: challengeId,
    });
    expect(asSignup.statusCode).toBe(400);
    expect(asSignup.json()).toMatchObject({ code: 4, module: 'otp' });
    // Neither misuse spent the reset code.
    expect((await verifyChallenge(customer.msisdn, challengeId, code)).statusCode).toBe(200);
  });
});
