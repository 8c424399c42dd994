import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPERATOR_NAME } from '@konek/contract/constants';
import { GET_REFERRAL_CODE_PATH } from '@konek/contract/get-referral-code';
import { VALIDATE_REFERRAL_PATH } from '@konek/contract/validate-referral';
import { systemClock } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { post, signUp, type Customer } from '../../test/accounts';
import { releaseReferralOfOrder, reserveReferral, spendReferralOfOrder } from './service';

let testApp: TestApp;
let referrer: Customer;
let friend: Customer;
let referrerCode: string;
beforeAll(async () => {
  testApp = await createTestApp();
  referrer = await signUp(testApp.app);
  friend = await signUp(testApp.app);
  const reply = await myCode(referrer);
  referrerCode = reply.json().referral_code;
});
afterAll(() => testApp.close());

function myCode(who: { token?: string; accountId: string }) {
  return post(
    testApp.app,
    GET_REFERRAL_CODE_PATH,
    { target_id: who.accountId, target_type: 2 },
    who.token,
  );
}

const validate = (referralCode: string, who: { token?: string; accountId: string } = friend) =>
  post(
    testApp.app,
    VALIDATE_REFERRAL_PATH,
    {
      referral_code: referralCode,
      target_id: who.accountId,
      target_type: 2,
      operator_name: DEFAULT_OPERATOR_NAME,
    },
    who.token,
  );

/** An order reserves the referral (ADR 077); `paid` spends it, as a paid order does. */
const record = (typedCode: string, accountId: string, orderId: string, paid = true) =>
  testApp.database.db.transaction(async (tx) => {
    await reserveReferral(tx, systemClock, {
      typedCode,
      accountId,
      orderId,
      configuredOperator: DEFAULT_OPERATOR_NAME,
    });
    if (paid) await spendReferralOfOrder(tx, orderId);
  });

describe('get_my_code', () => {
  it('gives an account its code on the first call and the same code after', async () => {
    const first = await myCode(referrer);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      code: 0,
      module: 'referral',
      message: 'OK',
      referral_code: referrerCode,
      created_at: expect.any(String),
    });
    expect(referrerCode).toMatch(/^KNK[A-HJKMNP-Z2-9]{6}$/);
    expect((await myCode(referrer)).json().referral_code).toBe(referrerCode);
  });

  it('gives every account its own code', async () => {
    const other = await signUp(testApp.app);
    expect((await myCode(other)).json().referral_code).not.toBe(referrerCode);
  });

  it('refuses a caller without a token (401) and another customer’s account (403)', async () => {
    expect((await myCode({ accountId: referrer.accountId })).statusCode).toBe(401);
    expect((await myCode({ token: friend.token, accountId: referrer.accountId })).statusCode).toBe(
      403,
    );
  });
});

describe('validate_referral (product §8)', () => {
  it('accepts another customer’s code, however it is typed, and records nothing', async () => {
    const typed = ` ${referrerCode.slice(0, 3).toLowerCase()} ${referrerCode.slice(3)} `;
    for (const code of [referrerCode, typed]) {
      const reply = await validate(code);
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json()).toEqual({
        code: 0,
        module: 'referral',
        message: 'OK',
        referral_code: referrerCode,
      });
    }
  });

  it('answers INVALID_REFERRAL_CODE 3 for a code nobody owns', async () => {
    for (const code of ['KNKZZZZZZ', 'hello', '---']) {
      const reply = await validate(code);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({
        code: 3,
        module: 'referral',
        message: 'This referral code is not valid.',
      });
    }
  });

  it('answers SELF_REFERRAL 8 for the account’s own code', async () => {
    const reply = await validate(referrerCode, referrer);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      code: 8,
      module: 'referral',
      message: 'You cannot use your own referral code.',
    });
  });

  it('answers ALREADY_REFERRED 5 once the account was referred, whichever code it tries', async () => {
    const newcomer = await signUp(testApp.app);
    await record(referrerCode, newcomer.accountId, 'order-ref-1');
    const anotherReferrer = await signUp(testApp.app);
    const anotherCode: string = (await myCode(anotherReferrer)).json().referral_code;
    for (const code of [referrerCode, anotherCode]) {
      const reply = await validate(code, newcomer);
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toMatchObject({
        code: 5,
        module: 'referral',
        message: 'You have already used a referral code.',
      });
    }
  });

  it('is not stopped by the account’s own unpaid order, and is free again once that order ends', async () => {
    const newcomer = await signUp(testApp.app);
    await record(referrerCode, newcomer.accountId, 'order-unpaid', false);
    expect((await validate(referrerCode, newcomer)).statusCode).toBe(200);
    await testApp.database.db.transaction((tx) => releaseReferralOfOrder(tx, 'order-unpaid'));
    await record(referrerCode, newcomer.accountId, 'order-next');
    expect((await validate(referrerCode, newcomer)).json()).toMatchObject({ code: 5 });
  });

  it('records one referral per account when orders race', async () => {
    const newcomer = await signUp(testApp.app);
    const attempts = await Promise.allSettled(
      Array.from({ length: 5 }, (_, index) =>
        record(referrerCode, newcomer.accountId, `race-${index}`),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    for (const attempt of attempts) {
      if (attempt.status === 'rejected') {
        expect(attempt.reason).toMatchObject({ errorName: 'ALREADY_REFERRED' });
      }
    }
  });

  it('refuses a caller without a token (401), another customer’s account (403), another operator', async () => {
    expect((await validate(referrerCode, { accountId: friend.accountId })).statusCode).toBe(401);
    expect(
      (await validate(referrerCode, { token: friend.token, accountId: referrer.accountId }))
        .statusCode,
    ).toBe(403);
    const otherOperator = await post(
      testApp.app,
      VALIDATE_REFERRAL_PATH,
      {
        referral_code: referrerCode,
        target_id: friend.accountId,
        target_type: 2,
        operator_name: 'other',
      },
      friend.token,
    );
    expect(otherOperator.statusCode).toBe(400);
  });

  it('never answers a random body with a 5xx', async () => {
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          referral_code: fc.oneof(fc.constant(referrerCode), fc.string(), fc.jsonValue()),
          target_id: fc.oneof(fc.constant(friend.accountId), fc.uuid(), fc.string()),
          target_type: fc.oneof(fc.constant(2), fc.integer()),
          operator_name: fc.oneof(fc.constant(DEFAULT_OPERATOR_NAME), fc.string()),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        body,
        fc.constantFrom(VALIDATE_REFERRAL_PATH, GET_REFERRAL_CODE_PATH),
        async (payload, url) => {
          const reply = await testApp.app.inject({
            method: 'POST',
            url,
            payload: JSON.stringify(payload),
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${friend.token}`,
            },
          });
          expect(reply.statusCode).toBeLessThan(500);
          expect(typeof reply.json().message).toBe('string');
        },
      ),
      { numRuns: 150 },
    );
  });
});
