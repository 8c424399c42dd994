import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OSS_SEGMENT } from '@konek/contract/constants';
import { createOtpPath } from '@konek/contract/create-otp';
import { verifyOtpPath } from '@konek/contract/verify-otp';
import { LOGIN_PATH } from '@konek/contract/login';
import { hashPin } from '@konek/contract/pin-hash';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import { GOOD_PIN, latestCode, post, randomMsisdn, registerPayload } from '../../test/accounts';

const clock = createTestClock();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

const MINUTE = 60_000;

const createOtp = (msisdn: string) =>
  post(testApp.app, createOtpPath(DEFAULT_OSS_SEGMENT), { msisdn });
const verifyOtp = (msisdn: string, code: string, referenceId: string) =>
  post(testApp.app, verifyOtpPath(DEFAULT_OSS_SEGMENT), {
    msisdn,
    code,
    reference_id: referenceId,
  });
const otherThan = (code: string) => (code === '000000' ? '000001' : '000000');

async function sendCode(msisdn: string): Promise<{ referenceId: string; code: string }> {
  const reply = await createOtp(msisdn);
  expect(reply.statusCode, reply.body).toBe(200);
  return { referenceId: reply.json().reference_id, code: await latestCode(testApp.app, msisdn) };
}

describe('create and verify', () => {
  it('sends a 6-digit code by SMS and verifies it once', async () => {
    const msisdn = randomMsisdn();
    const created = await createOtp(msisdn);
    expect(created.json()).toEqual({
      code: 0,
      module: 'otp',
      message: 'OK',
      reference_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      expires_in_seconds: 300,
      resend_after_seconds: 60,
    });
    const code = await latestCode(testApp.app, msisdn);
    expect(code).toMatch(/^\d{6}$/);
    const verified = await verifyOtp(msisdn, code, created.json().reference_id);
    expect(verified.json()).toEqual({
      code: 0,
      module: 'otp',
      message: 'OK',
      reference_id: created.json().reference_id,
      verified: true,
    });
    const reused = await verifyOtp(msisdn, code, created.json().reference_id);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({
      code: 6,
      module: 'otp',
      message: 'This code has already been used. Please ask for a new one.',
    });
  });

  it('stores the code only as a keyed hash', async () => {
    const msisdn = randomMsisdn();
    const { referenceId, code } = await sendCode(msisdn);
    const { rows } = await testApp.database.pool.query<{ code_hash: string }>(
      'select code_hash from one_time_codes where id = $1',
      [referenceId],
    );
    const hash = rows[0]!.code_hash;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(code);
    expect(hash).not.toBe(crypto.createHash('sha256').update(code).digest('hex'));
  });

  it('expires after 5 minutes', async () => {
    const msisdn = randomMsisdn();
    const { referenceId, code } = await sendCode(msisdn);
    clock.advance(5 * MINUTE);
    const expired = await verifyOtp(msisdn, code, referenceId);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 5, module: 'otp' });
  });

  it('is just valid a moment before 5 minutes', async () => {
    const msisdn = randomMsisdn();
    const { referenceId, code } = await sendCode(msisdn);
    clock.advance(5 * MINUTE - 1000);
    expect((await verifyOtp(msisdn, code, referenceId)).statusCode).toBe(200);
  });

  it('allows 5 wrong tries, then refuses even the right code', async () => {
    const msisdn = randomMsisdn();
    const { referenceId, code } = await sendCode(msisdn);
    for (const attemptsLeft of [4, 3, 2, 1]) {
      const wrong = await verifyOtp(msisdn, otherThan(code), referenceId);
      expect(wrong.json()).toEqual({
        code: 4,
        module: 'otp',
        message: 'The code you entered is incorrect.',
        attempts_left: attemptsLeft,
      });
    }
    const fifth = await verifyOtp(msisdn, otherThan(code), referenceId);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: 7, module: 'otp' });
    const right = await verifyOtp(msisdn, code, referenceId);
    expect(right.json()).toMatchObject({ code: 7, module: 'otp' });
  });

  it('binds the code to its number', async () => {
    const msisdn = randomMsisdn();
    const { referenceId, code } = await sendCode(msisdn);
    const elsewhere = await verifyOtp(randomMsisdn(), code, referenceId);
    expect(elsewhere.json()).toMatchObject({ code: 4, module: 'otp' });
    expect((await verifyOtp(msisdn, code, 'not-a-reference')).json()).toMatchObject({ code: 4 });
    expect((await verifyOtp(msisdn, code, referenceId)).statusCode).toBe(200);
  });

  it('retires the older code when a new one is sent', async () => {
    const msisdn = randomMsisdn();
    const first = await sendCode(msisdn);
    clock.advance(MINUTE);
    const second = await sendCode(msisdn);
    expect((await verifyOtp(msisdn, first.code, first.referenceId)).json()).toMatchObject({
      code: 5,
    });
    expect((await verifyOtp(msisdn, second.code, second.referenceId)).statusCode).toBe(200);
  });
});

describe('sending limits', () => {
  it('sends a new code no sooner than 60 s after the last, saying how long to wait', async () => {
    const msisdn = randomMsisdn();
    await sendCode(msisdn);
    clock.advance(45_000);
    const tooSoon = await createOtp(msisdn);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({
      code: 8,
      module: 'otp',
      message: 'Please wait 15 seconds before asking for a new code.',
      retry_after_seconds: 15,
    });
    clock.advance(15_000);
    expect((await createOtp(msisdn)).statusCode).toBe(200);
  });

  it('sends at most 5 codes per number per hour', async () => {
    const msisdn = randomMsisdn();
    for (let sent = 0; sent < 5; sent++) {
      expect((await createOtp(msisdn)).statusCode).toBe(200);
      clock.advance(10 * MINUTE);
    }
    // 50 minutes after the first: the sixth waits until the first is an hour old.
    const sixth = await createOtp(msisdn);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 9, module: 'otp', retry_after_seconds: 600 });
    clock.advance(10 * MINUTE);
    expect((await createOtp(msisdn)).statusCode).toBe(200);
  });

  it('holds under parallel requests: one code per resend window', async () => {
    const msisdn = randomMsisdn();
    const replies = await Promise.all(Array.from({ length: 6 }, () => createOtp(msisdn)));
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((reply) => reply.statusCode === 429)).toHaveLength(5);
  });
});

describe('registration needs a recent sign-up verification', () => {
  it('refuses a verification older than 10 minutes', async () => {
    const msisdn = randomMsisdn();
    const { referenceId, code } = await sendCode(msisdn);
    expect((await verifyOtp(msisdn, code, referenceId)).statusCode).toBe(200);
    clock.advance(10 * MINUTE + 1000);
    const late = await post(
      testApp.app,
      LOGIN_PATH,
      registerPayload(msisdn, await hashPin(msisdn, GOOD_PIN)),
    );
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ code: 6, module: 'auth' });
  });

  it('refuses a sent but unverified code', async () => {
    const msisdn = randomMsisdn();
    await sendCode(msisdn);
    const reply = await post(
      testApp.app,
      LOGIN_PATH,
      registerPayload(msisdn, await hashPin(msisdn, GOOD_PIN)),
    );
    expect(reply.json()).toMatchObject({ code: 6, module: 'auth' });
  });
});

describe('when the SMS cannot be sent', () => {
  it('answers 503 and keeps no code, so the customer can try again at once', async () => {
    const broken = await createTestApp({}, { clock });
    try {
      await broken.database.pool.query('alter table sms_outbox rename to sms_outbox_gone');
      const msisdn = randomMsisdn();
      const failed = await post(broken.app, createOtpPath(DEFAULT_OSS_SEGMENT), { msisdn });
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toEqual({
        code: 503,
        module: 'common',
        message: "We couldn't send the SMS right now. Please try again shortly.",
      });
      await broken.database.pool.query('alter table sms_outbox_gone rename to sms_outbox');
      const retried = await post(broken.app, createOtpPath(DEFAULT_OSS_SEGMENT), { msisdn });
      expect(retried.statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });
});
