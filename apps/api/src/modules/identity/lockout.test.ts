import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CREATE_CHALLENGE_PATH } from '@konek/contract/create-challenge';
import { DEFAULT_APPLICATION_ID, DEFAULT_OPERATOR_NAME } from '@konek/contract/constants';
import {
  PIN_FIRST_LOCK_SECONDS,
  PIN_LONGEST_LOCK_SECONDS,
  PIN_MAX_FAILED_ATTEMPTS,
} from '@konek/contract/identity-limits';
import { LOGIN_PATH } from '@konek/contract/login';
import { hashPin } from '@konek/contract/pin-hash';
import { VERIFY_CHALLENGE_PATH } from '@konek/contract/verify-challenge';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import { createPinHasher } from './pin-secret';
import {
  GOOD_PIN,
  latestCode,
  loginPayload,
  post,
  signUp,
  type Customer,
} from '../../test/accounts';

const clock = createTestClock();
// The lock is about counting tries, not their cost: cheap scrypt keeps the ~100 sign-ins here quick.
const pinHasher = createPinHasher(crypto.randomBytes(32), { N: 2 ** 10, r: 8, p: 1 });
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { clock, pinHasher });
});
afterAll(() => testApp.close());

const WRONG_PIN = '905172';

async function failedAttempts(msisdn: string): Promise<{ count: number; isLocked: boolean }> {
  const { rows } = await testApp.database.pool.query<{ count: number; locked: boolean }>(
    'select failed_pin_attempts as count, locked_at is not null as locked from users where msisdn = $1',
    [msisdn],
  );
  return { count: rows[0]!.count, isLocked: rows[0]!.locked };
}

it('locks at the tenth wrong PIN in a row, also for the right PIN, and stays locked after a restart', async () => {
  const customer = await signUp(testApp.app);
  for (let attempt = 1; attempt < PIN_MAX_FAILED_ATTEMPTS; attempt++) {
    const reply = await post(
      testApp.app,
      LOGIN_PATH,
      await loginPayload(customer.msisdn, WRONG_PIN),
    );
    expect(reply.json()).toMatchObject({
      code: 2,
      attempts_left: PIN_MAX_FAILED_ATTEMPTS - attempt,
    });
  }
  const tenth = await post(testApp.app, LOGIN_PATH, await loginPayload(customer.msisdn, WRONG_PIN));
  expect(tenth.statusCode).toBe(423);
  expect(tenth.json()).toEqual({
    code: 3,
    module: 'auth',
    message:
      'Your account is locked after too many wrong PINs. Reset your PIN with a code sent by SMS to unlock it now.',
    retry_after_seconds: PIN_FIRST_LOCK_SECONDS,
  });
  const right = await post(testApp.app, LOGIN_PATH, await loginPayload(customer.msisdn, GOOD_PIN));
  expect(right.statusCode).toBe(423);
  expect(await failedAttempts(customer.msisdn)).toEqual({ count: 10, isLocked: true });

  // A new process (or another replica) on the same database sees the lock: nothing of it is in memory.
  // The reset below comes a minute later, well inside the lock: it unlocks at once.
  const restarted = await testApp.startAnotherApp();
  try {
    const afterRestart = await post(
      restarted.app,
      LOGIN_PATH,
      await loginPayload(customer.msisdn, GOOD_PIN),
    );
    expect(afterRestart.statusCode).toBe(423);

    // Unlock: reset the PIN with an SMS code (a minute after the sign-up code: the resend wait).
    clock.advance(61_000);
    const challenge = await post(restarted.app, CREATE_CHALLENGE_PATH, {
      msisdn: customer.msisdn,
      application_id: DEFAULT_APPLICATION_ID,
      context_type: 4,
      challenge_type: 0,
    });
    expect(challenge.statusCode).toBe(200);
    const newPin = '270495';
    const reset = await post(restarted.app, VERIFY_CHALLENGE_PATH, {
      challenge_type: 0,
      context_type: 4,
      msisdn: customer.msisdn,
      challenge_id: challenge.json().challenge_id,
      otp_code: await latestCode(restarted.app, customer.msisdn),
      new_secret: await hashPin(customer.msisdn, newPin),
      operator_name: DEFAULT_OPERATOR_NAME,
      application_id: DEFAULT_APPLICATION_ID,
    });
    expect(reset.json()).toMatchObject({ code: 0, pin_changed: true });
    expect(await failedAttempts(customer.msisdn)).toEqual({ count: 0, isLocked: false });
    const signedIn = await post(
      restarted.app,
      LOGIN_PATH,
      await loginPayload(customer.msisdn, newPin),
    );
    expect(signedIn.statusCode).toBe(200);
  } finally {
    await restarted.close();
  }
});

it('counts only wrong PINs in a row: a right PIN starts the count again', async () => {
  const app = testApp.app;
  const customer = await signUp(app);
  for (let attempt = 0; attempt < 6; attempt++) {
    await post(app, LOGIN_PATH, await loginPayload(customer.msisdn, WRONG_PIN));
  }
  expect(
    (await post(app, LOGIN_PATH, await loginPayload(customer.msisdn, GOOD_PIN))).statusCode,
  ).toBe(200);
  expect(await failedAttempts(customer.msisdn)).toEqual({ count: 0, isLocked: false });
  const next = await post(app, LOGIN_PATH, await loginPayload(customer.msisdn, WRONG_PIN));
  expect(next.json().attempts_left).toBe(9);
});

it('never lets parallel tries past the limit', async () => {
  const app = testApp.app;
  const customer = await signUp(app);
  const payload = await loginPayload(customer.msisdn, WRONG_PIN);
  const replies = await Promise.all(
    Array.from({ length: 14 }, () => post(app, LOGIN_PATH, payload)),
  );
  const statuses = replies.map((reply) => reply.statusCode).sort();
  // Tries 1–9 are wrong PINs, the 10th locks, the other 4 find the account locked.
  expect(statuses.filter((status) => status === 401)).toHaveLength(9);
  expect(statuses.filter((status) => status === 423)).toHaveLength(5);
  expect(await failedAttempts(customer.msisdn)).toEqual({ count: 10, isLocked: true });
});

const tryPin = async (app: TestApp['app'], customer: Customer, pin: string) =>
  post(app, LOGIN_PATH, await loginPayload(customer.msisdn, pin));

/** Ten wrong PINs: the last one locks; answers the lock's length in seconds. */
async function lockOut(customer: Customer): Promise<number> {
  for (let attempt = 1; attempt < PIN_MAX_FAILED_ATTEMPTS; attempt++) {
    expect((await tryPin(testApp.app, customer, WRONG_PIN)).statusCode).toBe(401);
  }
  const locking = await tryPin(testApp.app, customer, WRONG_PIN);
  expect(locking.statusCode).toBe(423);
  return locking.json().retry_after_seconds;
}

it('lifts a lock when it runs out, and the next lock in a row lasts twice as long, up to a day', async () => {
  const customer = await signUp(testApp.app);
  expect(await lockOut(customer)).toBe(15 * 60);

  // Still locked a second before the end, even for the right PIN, and it says how long is left.
  clock.advance((15 * 60 - 1) * 1000);
  const almost = await tryPin(testApp.app, customer, GOOD_PIN);
  expect(almost.statusCode).toBe(423);
  expect(almost.json().retry_after_seconds).toBe(1);

  // Run out: a new count of ten tries, and the next lock lasts 30 minutes.
  clock.advance(1000);
  const afterLock = await tryPin(testApp.app, customer, WRONG_PIN);
  expect(afterLock.json()).toMatchObject({ code: 2, attempts_left: PIN_MAX_FAILED_ATTEMPTS - 1 });
  for (let attempt = 2; attempt < PIN_MAX_FAILED_ATTEMPTS; attempt++) {
    expect((await tryPin(testApp.app, customer, WRONG_PIN)).statusCode).toBe(401);
  }
  const second = await tryPin(testApp.app, customer, WRONG_PIN);
  expect(second.json().retry_after_seconds).toBe(30 * 60);
  clock.advance((30 * 60 - 1) * 1000);
  expect((await tryPin(testApp.app, customer, GOOD_PIN)).statusCode).toBe(423);
  clock.advance(1000);

  // 1 h, 2 h, … and never more than a day.
  const lengths: number[] = [];
  for (let lock = 3; lock <= 9; lock++) {
    const seconds = await lockOut(customer);
    lengths.push(seconds);
    clock.advance(seconds * 1000);
  }
  const hour = 60 * 60;
  expect(lengths).toEqual([1, 2, 4, 8, 16, 24, 24].map((hours) => hours * hour));
  expect(PIN_LONGEST_LOCK_SECONDS).toBe(24 * hour);

  // The lock has run out: the right PIN signs in, and the run of locks starts again at 15 minutes.
  expect((await tryPin(testApp.app, customer, GOOD_PIN)).statusCode).toBe(200);
  expect(await lockOut(customer)).toBe(15 * 60);
});

it('an SMS PIN reset unlocks at once, and the next lock is a first one again', async () => {
  const customer = await signUp(testApp.app);
  await lockOut(customer);
  clock.advance(PIN_FIRST_LOCK_SECONDS * 1000);
  expect(await lockOut(customer)).toBe(30 * 60);

  clock.advance(61_000); // the resend wait after the sign-up code; the lock still holds
  const challenge = await post(testApp.app, CREATE_CHALLENGE_PATH, {
    msisdn: customer.msisdn,
    application_id: DEFAULT_APPLICATION_ID,
    context_type: 4,
    challenge_type: 0,
  });
  const newPin = '270495';
  const reset = await post(testApp.app, VERIFY_CHALLENGE_PATH, {
    challenge_type: 0,
    context_type: 4,
    msisdn: customer.msisdn,
    challenge_id: challenge.json().challenge_id,
    otp_code: await latestCode(testApp.app, customer.msisdn),
    new_secret: await hashPin(customer.msisdn, newPin),
    operator_name: DEFAULT_OPERATOR_NAME,
    application_id: DEFAULT_APPLICATION_ID,
  });
  expect(reset.json()).toMatchObject({ code: 0, pin_changed: true });
  expect((await tryPin(testApp.app, customer, newPin)).statusCode).toBe(200);
  expect(await lockOut({ ...customer, pin: newPin })).toBe(15 * 60);
});
