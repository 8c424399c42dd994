import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPERATOR_NAME } from '@konek/contract/constants';
import { describeError } from '@konek/contract/errors';
import { PREVIEW_PRICING_PATH, type TTotalPrice } from '@konek/contract/preview-pricing';
import { systemClock } from '../../platform/clock';
import { DomainError } from '../../platform/domain-error';
import { createTestApp, type TestApp } from '../../test/test-app';
import { post, signUp, type Customer } from '../../test/accounts';
import { releaseVouchersOfOrder, reserveVoucher, spendVouchersOfOrder } from './voucher-uses';

let testApp: TestApp;
let customer: Customer;
beforeAll(async () => {
  testApp = await createTestApp();
  customer = await signUp(testApp.app);
});
afterAll(() => testApp.close());

const offer = (id: string) => ({ id, type: 'offer', quantity: 1 });

const preview = (
  offerIds: string[],
  voucherCodes: string[] = [],
  who: { token?: string; accountId: string } = customer,
) =>
  post(
    testApp.app,
    PREVIEW_PRICING_PATH,
    {
      voucher_codes: voucherCodes,
      target_id: who.accountId,
      target_type: 2,
      operator_name: DEFAULT_OPERATOR_NAME,
      entity_ids: offerIds.map(offer),
    },
    who.token,
  );

async function totalPrice(offerIds: string[], voucherCodes: string[] = [], who = customer) {
  const reply = await preview(offerIds, voucherCodes, who);
  expect(reply.statusCode, reply.body).toBe(200);
  const body: { total_price: TTotalPrice } = reply.json();
  return body.total_price;
}

async function expectVoucherError(
  voucherCode: string,
  name: string,
  status: number,
  offerId = 'konek-prepaid-50',
) {
  const reply = await preview([offerId], [voucherCode]);
  expect(reply.statusCode, reply.body).toBe(status);
  const body = reply.json();
  expect(body.module).toBe('vouchers');
  expect(describeError('vouchers', body.code).name).toBe(name);
  expect(body.message).toBe(describeError('vouchers', body.code).message);
  expect(body.voucher_code).toBe(voucherCode.toUpperCase());
}

describe('preview_pricing without a voucher', () => {
  it('the default offer: ₱1,499 to pay', async () => {
    const reply = await preview(['konek-prepaid-50']);
    expect(reply.json()).toEqual({
      code: 0,
      module: 'order',
      message: 'OK',
      total_price: {
        currency: 'PHP',
        sub_total: 1499,
        sub_total_centavos: 149900,
        original_amount: 1499,
        original_amount_centavos: 149900,
        discount: [],
      },
    });
  });

  it('a special offer: the original ₱1,499 and ₱699 to pay', async () => {
    expect(await totalPrice(['konek-special-las-pinas-699'])).toMatchObject({
      sub_total: 699,
      original_amount: 1499,
      discount: [],
    });
  });
});

describe('preview_pricing with a valid voucher', () => {
  it('KONEK800 on the default offer: ₱1,499 − ₱800 = ₱699, to the centavo', async () => {
    expect(await totalPrice(['konek-prepaid-50'], ['KONEK800'])).toEqual({
      currency: 'PHP',
      sub_total: 699,
      sub_total_centavos: 69900,
      original_amount: 1499,
      original_amount_centavos: 149900,
      discount: [
        {
          amount: 800,
          amount_centavos: 80000,
          voucher_code: 'KONEK800',
          discount_info: {
            voucher_name: '₱800 off your first 30 days',
            voucher_misc_params: { LESS: '800', Freebie: 'Free 7 Days', Freebie_3pp: null },
          },
        },
      ],
    });
  });

  it('reads a code however it is typed', async () => {
    const price = await totalPrice(['konek-prepaid-50'], [' konek 800 ']);
    expect(price.discount[0]?.voucher_code).toBe('KONEK800');
  });

  it('KONEK10 takes 10% of the price to pay: ₱149.90 off ₱1,499 leaves ₱1,349.10', async () => {
    const price = await totalPrice(['konek-prepaid-50'], ['KONEK10']);
    expect(price.sub_total).toBe(1349.1);
    expect(price.sub_total_centavos).toBe(134910);
    expect(price.discount[0]).toMatchObject({
      amount: 149.9,
      amount_centavos: 14990,
      discount_info: {
        voucher_misc_params: {
          LESS: '10%',
          Freebie: null,
          Freebie_3pp: '1-month Sine+ streaming pass',
        },
      },
    });
  });

  it('KONEK10 on a special offer takes 10% of ₱699', async () => {
    const price = await totalPrice(['konek-special-las-pinas-699'], ['KONEK10']);
    expect(price).toMatchObject({ original_amount: 1499, sub_total: 629.1 });
  });

  it('two vouchers apply in the order sent, each code once', async () => {
    const price = await totalPrice(['konek-prepaid-50'], ['KONEK800', 'KONEK10', 'konek800']);
    expect(price.discount.map((discount) => discount.amount_centavos)).toEqual([80000, 14990]);
    expect(price.sub_total_centavos).toBe(54910);
  });

  it('SPEED500 works on the plan it names', async () => {
    const price = await totalPrice(['konek-prepaid-100'], ['SPEED500']);
    expect(price).toMatchObject({ original_amount: 1999, sub_total: 1499 });
  });

  it('does not spend the voucher: previews can be repeated', async () => {
    for (let round = 0; round < 3; round++) {
      expect((await preview(['konek-prepaid-50'], ['KONEK800'])).statusCode).toBe(200);
    }
  });
});

describe('preview_pricing with a voucher that cannot be used', () => {
  it('unknown → VOUCHER_NOT_FOUND (404)', () =>
    expectVoucherError('NOSUCHCODE', 'VOUCHER_NOT_FOUND', 404));

  it('expired → VOUCHER_EXPIRED (400)', () =>
    expectVoucherError('WELCOME2024', 'VOUCHER_EXPIRED', 400));

  it('fully redeemed → VOUCHER_USED_UP (409)', () =>
    expectVoucherError('FLASH500', 'VOUCHER_USED_UP', 409));

  it('for another plan → VOUCHER_NOT_APPLICABLE (400)', () =>
    expectVoucherError('SPEED500', 'VOUCHER_NOT_APPLICABLE', 400));

  it('one bad code among good ones stops the preview, naming the bad one', async () => {
    const reply = await preview(['konek-prepaid-50'], ['KONEK800', 'WELCOME2024']);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ module: 'vouchers', voucher_code: 'WELCOME2024' });
  });

  it('before it starts → VOUCHER_NOT_YET_VALID (400)', async () => {
    const earlier = await createTestApp(
      {},
      { clock: { now: () => new Date('2024-06-01T09:00:00+08:00') } },
    );
    try {
      const early = await signUp(earlier.app);
      const reply = await post(
        earlier.app,
        PREVIEW_PRICING_PATH,
        {
          voucher_codes: ['KONEK800'],
          target_id: early.accountId,
          target_type: 2,
          operator_name: DEFAULT_OPERATOR_NAME,
          entity_ids: [offer('konek-prepaid-50')],
        },
        early.token,
      );
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ module: 'vouchers', code: 3 });
    } finally {
      await earlier.close();
    }
  });

  it('already used by this account → VOUCHER_ALREADY_USED (409), still fine for others', async () => {
    const buyer = await signUp(testApp.app);
    await reserve({
      typedCode: 'konek800',
      accountId: buyer.accountId,
      orderId: 'order-1',
      offerIds: ['konek-prepaid-50'],
    });
    // Reserved by the buyer's own unpaid order: the buyer keeps it (paying again, or a new order).
    expect((await preview(['konek-prepaid-50'], ['KONEK800'], buyer)).statusCode).toBe(200);
    await testApp.database.db.transaction((tx) => spendVouchersOfOrder(tx, 'order-1'));
    const reply = await preview(['konek-prepaid-50'], ['KONEK800'], buyer);
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({ module: 'vouchers', code: 5, voucher_code: 'KONEK800' });
    expect((await preview(['konek-prepaid-50'], ['KONEK800'])).statusCode).toBe(200);
  });
});

/** An order's reservation of a voucher, in its own transaction as the order's would be. */
const reserve = (use: Parameters<typeof reserveVoucher>[2]) =>
  testApp.database.db.transaction((tx) => reserveVoucher(tx, systemClock, use));

describe('reserveVoucher (for order creation)', () => {
  it('lets parallel orders of one account spend a once-per-account voucher once', async () => {
    const buyer = await signUp(testApp.app);
    const attempts = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) =>
        reserve({
          typedCode: 'KONEK10',
          accountId: buyer.accountId,
          orderId: `parallel-${index}`,
          offerIds: ['konek-prepaid-50'],
        }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    for (const attempt of attempts) {
      if (attempt.status === 'rejected') {
        expect(attempt.reason).toBeInstanceOf(DomainError);
        expect(attempt.reason).toMatchObject({ errorName: 'VOUCHER_ALREADY_USED' });
      }
    }
  });

  it('gives a use back to the voucher’s total when its order ends unpaid', async () => {
    const buyer = await signUp(testApp.app);
    const countOf = async () =>
      (
        await testApp.database.pool.query<{ redeemed_count: number }>(
          "select redeemed_count from vouchers where code = 'KONEK10'",
        )
      ).rows[0]!.redeemed_count;
    const before = await countOf();
    await reserve({
      typedCode: 'KONEK10',
      accountId: buyer.accountId,
      orderId: 'order-ends',
      offerIds: ['konek-prepaid-50'],
    });
    expect(await countOf()).toBe(before + 1);
    await testApp.database.db.transaction((tx) => releaseVouchersOfOrder(tx, 'order-ends'));
    expect(await countOf()).toBe(before);
    expect((await preview(['konek-prepaid-50'], ['KONEK10'], buyer)).statusCode).toBe(200);
  });

  it('refuses a fully redeemed voucher', async () => {
    const buyer = await signUp(testApp.app);
    await expect(
      reserve({
        typedCode: 'FLASH500',
        accountId: buyer.accountId,
        orderId: 'order-flash',
        offerIds: ['konek-prepaid-50'],
      }),
    ).rejects.toMatchObject({ errorName: 'VOUCHER_USED_UP' });
  });
});

describe('preview_pricing offers and callers', () => {
  it('answers catalog OFFER_NOT_FOUND (404) for an unknown or ended offer', async () => {
    for (const offerId of ['no-such-offer', 'konek-special-quezon-city-holiday']) {
      const reply = await preview([offerId]);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({ module: 'catalog', code: 1, offer_id: offerId });
    }
  });

  it('refuses the same offer twice and a quantity other than 1', async () => {
    const twice = await preview(['konek-prepaid-50', 'konek-prepaid-50']);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('entity_ids: each offer can be listed once');
    const reply = await post(
      testApp.app,
      PREVIEW_PRICING_PATH,
      {
        voucher_codes: [],
        target_id: customer.accountId,
        target_type: 2,
        operator_name: DEFAULT_OPERATOR_NAME,
        entity_ids: [{ id: 'konek-prepaid-50', type: 'offer', quantity: 2 }],
      },
      customer.token,
    );
    expect(reply.statusCode).toBe(400);
  });

  it('refuses a caller without a token (401) and another customer’s account (403)', async () => {
    const anonymous = await preview(['konek-prepaid-50'], [], { accountId: customer.accountId });
    expect(anonymous.statusCode).toBe(401);
    const other = await signUp(testApp.app);
    const foreign = await preview(['konek-prepaid-50'], [], {
      token: customer.token,
      accountId: other.accountId,
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('never answers a random body with a 5xx', async () => {
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          voucher_codes: fc.oneof(
            fc.array(fc.constantFrom('KONEK800', 'KONEK10', 'FLASH500', ' ', '')),
            fc.array(fc.string()),
            fc.jsonValue(),
          ),
          target_id: fc.oneof(fc.constant(customer.accountId), fc.uuid(), fc.string()),
          target_type: fc.oneof(fc.constant(2), fc.integer()),
          operator_name: fc.oneof(fc.constant(DEFAULT_OPERATOR_NAME), fc.string()),
          entity_ids: fc.oneof(
            fc.array(
              fc.record({
                id: fc.oneof(fc.constantFrom('konek-prepaid-50', 'konek-prepaid-100'), fc.string()),
                type: fc.oneof(fc.constant('offer'), fc.string()),
                quantity: fc.oneof(fc.constant(1), fc.integer()),
              }),
            ),
            fc.jsonValue(),
          ),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const reply = await testApp.app.inject({
          method: 'POST',
          url: PREVIEW_PRICING_PATH,
          payload: JSON.stringify(payload),
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${customer.token}`,
          },
        });
        expect(reply.statusCode).toBeLessThan(500);
        expect(typeof reply.json().message).toBe('string');
      }),
      { numRuns: 150 },
    );
  });
});
