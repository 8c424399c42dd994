import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_LOGIN_EXISTS_PATH } from '@konek/contract/check-login-exists';
import { DEFAULT_APPLICATION_ID, LOGIN_TYPE } from '@konek/contract/constants';
import { GET_USER_PATH } from '@konek/contract/get-user';
import { LOGIN_PATH } from '@konek/contract/login';
import { hashPin } from '@konek/contract/pin-hash';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import {
  GOOD_PIN,
  loginPayload,
  post,
  randomMsisdn,
  registerPayload,
  signUp,
  verifyNumber,
} from '../../test/accounts';

const clock = createTestClock();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

const exists = (msisdn: string) =>
  post(testApp.app, CHECK_LOGIN_EXISTS_PATH, {
    application_id: DEFAULT_APPLICATION_ID,
    login_id: msisdn,
    login_type: LOGIN_TYPE,
  });

describe('register', () => {
  it('registers a number whose sign-up code was verified, with the spec reply', async () => {
    const msisdn = randomMsisdn();
    expect((await exists(msisdn)).json()).toMatchObject({ code: 0, module: 'user', exists: false });
    await verifyNumber(testApp.app, msisdn);
    const reply = await post(
      testApp.app,
      LOGIN_PATH,
      registerPayload(msisdn, await hashPin(msisdn, GOOD_PIN)),
    );
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body).toEqual({
      code: 0,
      module: 'user',
      message: 'OK',
      api_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      user_id: expect.any(String),
      account_id: expect.any(String),
      msisdns: [msisdn],
      token_start: expect.any(Number),
    });
    expect(body.token_start).toBe(clock.now().getTime());
    expect((await exists(msisdn)).json().exists).toBe(true);

    const user = await post(
      testApp.app,
      GET_USER_PATH,
      { target_id: body.user_id, target_type: 3 },
      body.api_token,
    );
    expect(user.json().user_info).toEqual({
      user_id: body.user_id,
      msisdns: [msisdn],
      properties: { first_name: 'Maria', last_name: 'Santos' },
      notification_identifiers: [],
      account_ids: [body.account_id],
      created_at: expect.any(String),
    });
  });

  it('refuses a number without a verified sign-up code', async () => {
    const msisdn = randomMsisdn();
    const reply = await post(
      testApp.app,
      LOGIN_PATH,
      registerPayload(msisdn, await hashPin(msisdn, GOOD_PIN)),
    );
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({
      code: 6,
      module: 'auth',
      message: 'Please verify your mobile number with the code we sent you first.',
    });
    expect((await exists(msisdn)).json().exists).toBe(false);
  });

  it('refuses a number that already has an account', async () => {
    const customer = await signUp(testApp.app);
    clock.advance(61_000); // a new code only after the resend wait
    await verifyNumber(testApp.app, customer.msisdn);
    const again = await post(
      testApp.app,
      LOGIN_PATH,
      registerPayload(customer.msisdn, await hashPin(customer.msisdn, '905172')),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 5, module: 'auth' });
  });

  it.each(['123456', '111111', '000000', '654321', '121212', '112233', '123123', '345678'])(
    'refuses the common PIN %s with a clear message, keeping the verification',
    async (pin) => {
      const msisdn = randomMsisdn();
      await verifyNumber(testApp.app, msisdn);
      const refused = await post(
        testApp.app,
        LOGIN_PATH,
        registerPayload(msisdn, await hashPin(msisdn, pin)),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        code: 4,
        module: 'auth',
        message: 'This PIN is too easy to guess. Please choose another.',
      });
      const accepted = await post(
        testApp.app,
        LOGIN_PATH,
        registerPayload(msisdn, await hashPin(msisdn, GOOD_PIN)),
      );
      expect(accepted.statusCode).toBe(200);
    },
  );

  it("refuses the number's own last six digits as the PIN", async () => {
    const msisdn = randomMsisdn();
    await verifyNumber(testApp.app, msisdn);
    const reply = await post(
      testApp.app,
      LOGIN_PATH,
      registerPayload(msisdn, await hashPin(msisdn, msisdn.slice(-6))),
    );
    expect(reply.json()).toMatchObject({ code: 4, module: 'auth' });
  });

  it('stores neither the PIN nor its client hash, but a salted scrypt hash', async () => {
    const first = await signUp(testApp.app);
    const second = await signUp(testApp.app);
    const { rows } = await testApp.database.pool.query<{ msisdn: string; pin_hash: string }>(
      'select msisdn, pin_hash from users where msisdn = any($1)',
      [[first.msisdn, second.msisdn]],
    );
    const clientHash = await hashPin(first.msisdn, GOOD_PIN);
    for (const row of rows) {
      expect(row.pin_hash).not.toContain(GOOD_PIN);
      expect(row.pin_hash).not.toContain(clientHash);
      expect(row.pin_hash).not.toContain(Buffer.from(clientHash, 'hex').toString('base64url'));
      expect(row.pin_hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    }
    // Same PIN, different salts: the stored values share nothing.
    expect(rows[0]!.pin_hash).not.toBe(rows[1]!.pin_hash);
  });

  it('names the field and the rule of a bad request', async () => {
    const reply = await post(testApp.app, LOGIN_PATH, {
      ...(await loginPayload('0917123456', GOOD_PIN)),
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe("login_id: That's not a valid mobile number.");
    const plainPin = await post(testApp.app, LOGIN_PATH, {
      ...(await loginPayload(randomMsisdn(), GOOD_PIN)),
      login_secret: GOOD_PIN,
    });
    expect(plainPin.json().message).toBe(
      'login_secret: must be the hashed PIN (64 lowercase hex characters)',
    );
  });
});

describe('login', () => {
  it('signs in with the right PIN', async () => {
    const customer = await signUp(testApp.app);
    const reply = await post(
      testApp.app,
      LOGIN_PATH,
      await loginPayload(customer.msisdn, GOOD_PIN),
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      code: 0,
      user_id: customer.userId,
      account_id: customer.accountId,
      msisdns: [customer.msisdn],
    });
  });

  it('refuses a wrong PIN and says how many tries are left', async () => {
    const customer = await signUp(testApp.app);
    const reply = await post(
      testApp.app,
      LOGIN_PATH,
      await loginPayload(customer.msisdn, '905172'),
    );
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({
      code: 2,
      module: 'auth',
      message: 'The PIN you entered is incorrect. 9 tries left before your account is locked.',
      attempts_left: 9,
    });
  });

  it('answers 404 for a number without an account', async () => {
    const reply = await post(testApp.app, LOGIN_PATH, await loginPayload(randomMsisdn(), GOOD_PIN));
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ code: 1, module: 'auth' });
  });
});
