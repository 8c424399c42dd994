import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FETCH_PAYMENT_SESSION_DATA_PATH,
  ZFetchPaymentSessionDataResponse,
} from '@konek/contract/fetch-payment-session-data';
import { DEFAULT_APPLICATION_ID } from '@konek/contract/constants';
import { PAYMENT_METHOD_CONFIG_KEY } from '@konek/contract/remote-config-get';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock, type TestClock } from '../../test/test-clock';
import { post, signUp, type Customer } from '../../test/accounts';
import { checkoutIdOf, paymentsKit, type PaymentsKit } from '../../test/payments';
import { PaymentProviderError } from '../../providers/payments/payment-provider';
import { DomainError } from '../../platform/domain-error';
import {
  cancelPayment,
  paymentOf,
  paymentSession,
  refundPayment,
  type PaymentSettlement,
} from './service';

// ADR 038: the payments service the orders work will call, and fetch_payment_session_data, against real
// PostgreSQL and the local gateway.

let clock: TestClock;
let testApp: TestApp;
let kit: PaymentsKit;
/** A kit whose webhooks never reach Konek: the gateway knows what Konek does not (a lost webhook). */
let silent: PaymentsKit;
let customer: Customer;
const settlements: PaymentSettlement[] = [];
const onPaymentSettled = async (settlement: PaymentSettlement) => void settlements.push(settlement);

beforeAll(async () => {
  clock = createTestClock();
  testApp = await createTestApp({}, { clock, onPaymentSettled });
  kit = paymentsKit(testApp, { clock, onPaymentSettled });
  silent = paymentsKit(testApp, {
    clock,
    onPaymentSettled,
    deliver: async () => 0,
    retryDelaysMs: [],
  });
});
afterAll(() => testApp.close());
beforeEach(async () => {
  settlements.length = 0;
  customer = await signUp(testApp.app);
});

const fetchAs = (paymentSessionId: string, token: string | undefined) =>
  post(
    testApp.app,
    FETCH_PAYMENT_SESSION_DATA_PATH,
    { payment_session_id: paymentSessionId, application_id: DEFAULT_APPLICATION_ID },
    token,
  );

async function fetchSession(paymentSessionId: string) {
  const reply = await fetchAs(paymentSessionId, customer.token);
  expect(reply.statusCode, reply.body).toBe(200);
  return ZFetchPaymentSessionDataResponse.parse(reply.json()).payment_session;
}

async function domainErrorOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return `${error.module}.${error.errorName}`;
    throw error;
  }
  throw new Error('expected a refusal');
}

const sandboxStatus = async (checkoutUrl: string) =>
  (await kit.gateway.checkout(checkoutIdOf(checkoutUrl)))?.status;

const pay = (checkoutUrl: string, via: PaymentsKit = kit) =>
  via.gateway.act(checkoutIdOf(checkoutUrl), 'authorize');

describe('fetch_payment_session_data', () => {
  it('answers the caller’s pending session: amount in PHP, method, order, the wallet page', async () => {
    const started = await kit.start({
      accountId: customer.accountId,
      orderRef: 'order-fetch-1',
      amountCentavos: 249_950,
      paymentMethod: 3,
    });
    expect(started).toMatchObject({ attempt: 1, reused: false });
    expect(started.checkoutUrl).toMatch(/^\/sandbox\/checkout\/cs_[0-9a-f]+$/);
    const session = await fetchSession(started.paymentSessionId);
    expect(session).toEqual({
      payment_session_id: started.paymentSessionId,
      order_ref: 'order-fetch-1',
      attempt: 1,
      status: 'pending',
      amount: 2499.5,
      amount_centavos: 249_950,
      currency: 'PHP',
      payment_method: 3,
      payment_method_id: 'Maya',
      failure: null,
      refunded_amount: 0,
      refunded_amount_centavos: 0,
      checkout_url: started.checkoutUrl,
      expires_at: started.expiresAt.toISOString(),
      paid_at: null,
      updated_at: expect.any(String),
    });
    expect(started.expiresAt.getTime() - clock.now().getTime()).toBe(30 * 60_000);
  });

  it('refuses another user’s session exactly as one that does not exist', async () => {
    const started = await kit.start({ accountId: customer.accountId });
    const stranger = await signUp(testApp.app);
    const theirs = await fetchAs(started.paymentSessionId, stranger.token);
    const missing = await fetchAs('0f0e0d0c-0b0a-4908-8706-050403020100', stranger.token);
    const malformed = await fetchAs('not-a-session', stranger.token);
    for (const reply of [theirs, missing, malformed]) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({
        code: 1,
        module: 'payment',
        message: "We couldn't find this payment. Please start the payment again.",
      });
    }
    expect((await fetchAs(started.paymentSessionId, undefined)).statusCode).toBe(401);
    expect((await fetchSession(started.paymentSessionId)).status).toBe('pending');
  });

  it('asks the gateway when the webhook is late: paid there is paid here', async () => {
    const started = await silent.start({ accountId: customer.accountId });
    await pay(started.checkoutUrl, silent);
    expect((await fetchSession(started.paymentSessionId)).status).toBe('pending');
    clock.advance(16_000);
    expect(await fetchSession(started.paymentSessionId)).toMatchObject({
      status: 'paid',
      paid_at: expect.any(String),
    });
    expect(settlements).toMatchObject([{ status: 'paid', source: 'gateway' }]);
  });

  it('closes a checkout whose time ran out, at the gateway too', async () => {
    const started = await silent.start({ accountId: customer.accountId });
    clock.advance(30 * 60_000);
    const session = await paymentSession(kit.payments, started.paymentSessionId);
    expect(session).toMatchObject({
      status: 'expired',
      failureReason: 'expired',
      checkoutUrl: null,
    });
    expect(await sandboxStatus(started.checkoutUrl)).toBe('expired');
    expect(settlements).toMatchObject([{ status: 'expired', source: 'gateway' }]);
  });
});

describe('startPayment', () => {
  it('hands out the same checkout again for the same order, amount and method', async () => {
    const first = await kit.start({ accountId: customer.accountId, orderRef: 'order-again' });
    const again = await kit.start({ accountId: customer.accountId, orderRef: 'order-again' });
    expect(again).toEqual({ ...first, reused: true });
  });

  it('opens one checkout for ten starts at once', async () => {
    const starts = await Promise.all(
      Array.from({ length: 10 }, () =>
        kit.start({ accountId: customer.accountId, orderRef: 'order-rush' }),
      ),
    );
    expect(new Set(starts.map((started) => started.paymentSessionId)).size).toBe(1);
    expect(starts.filter((started) => !started.reused)).toHaveLength(1);
  });

  it('closes the older checkout before a new attempt with another wallet', async () => {
    const first = await kit.start({ accountId: customer.accountId, orderRef: 'order-switch' });
    const second = await kit.start({
      accountId: customer.accountId,
      orderRef: 'order-switch',
      paymentMethod: 2,
    });
    expect(second).toMatchObject({ attempt: 2, reused: false });
    expect(await sandboxStatus(first.checkoutUrl)).toBe('expired');
    expect((await fetchSession(first.paymentSessionId)).status).toBe('cancelled');
    expect(settlements).toMatchObject([
      { paymentSessionId: first.paymentSessionId, status: 'cancelled', source: 'superseded' },
    ]);
    // Paying the closed checkout is no longer possible.
    expect((await pay(first.checkoutUrl))?.outcome).toBe('closed');
  });

  it('makes no new checkout when an older one turns out paid: never charged twice', async () => {
    const first = await silent.start({ accountId: customer.accountId, orderRef: 'order-twice' });
    await pay(first.checkoutUrl, silent);
    const retry = silent.start({
      accountId: customer.accountId,
      orderRef: 'order-twice',
      paymentMethod: 4,
    });
    expect(await domainErrorOf(retry)).toBe('payment.ALREADY_PAID');
    expect((await fetchSession(first.paymentSessionId)).status).toBe('paid');
    const latest = await paymentOf(kit.payments, { orderRef: 'order-twice' });
    expect(latest).toMatchObject({ paymentSessionId: first.paymentSessionId, status: 'paid' });
    expect(
      await domainErrorOf(kit.start({ accountId: customer.accountId, orderRef: 'order-twice' })),
    ).toBe('payment.ALREADY_PAID');
  });

  it('refuses a wallet the remote setting does not offer, and an amount below PayMongo’s minimum', async () => {
    await testApp.database.pool.query(
      `update remote_config set value = jsonb_set(value, '{methods,2,enabled}', 'false') where key = $1`,
      [PAYMENT_METHOD_CONFIG_KEY],
    );
    try {
      expect(
        await domainErrorOf(kit.start({ accountId: customer.accountId, paymentMethod: 3 })),
      ).toBe('payment.PAYMENT_METHOD_NOT_OFFERED');
      expect(
        await domainErrorOf(kit.start({ accountId: customer.accountId, paymentMethod: 9 })),
      ).toBe('payment.PAYMENT_METHOD_NOT_OFFERED');
      expect(
        await domainErrorOf(kit.start({ accountId: customer.accountId, amountCentavos: 1999 })),
      ).toBe('payment.AMOUNT_NOT_PAYABLE');
      expect(
        await domainErrorOf(kit.start({ accountId: customer.accountId, amountCentavos: 10.5 })),
      ).toBe('payment.AMOUNT_NOT_PAYABLE');
      expect((await kit.start({ accountId: customer.accountId, paymentMethod: 2 })).attempt).toBe(
        1,
      );
    } finally {
      await testApp.database.pool.query(
        `update remote_config set value = jsonb_set(value, '{methods,2,enabled}', 'true') where key = $1`,
        [PAYMENT_METHOD_CONFIG_KEY],
      );
    }
  });

  it('sends the wallet back only to paths on this site', async () => {
    for (const success of ['https://evil.example/', '//evil.example/x', '/\\evil', 'relative']) {
      await expect(
        kit.start({
          accountId: customer.accountId,
          returnUrls: { success, cancel: '/serviceability/failed' },
        }),
      ).rejects.toThrow(TypeError);
    }
  });

  it('answers PROVIDER_UNAVAILABLE and keeps no open attempt when the gateway fails', async () => {
    const broken = paymentsKit(testApp, { clock });
    broken.payments.provider = {
      ...broken.payments.provider,
      createCheckoutSession: async () => {
        throw new PaymentProviderError('unavailable', 'PayMongo did not answer');
      },
    };
    const refused = broken.start({ accountId: customer.accountId, orderRef: 'order-down' });
    expect(await domainErrorOf(refused)).toBe('payment.PROVIDER_UNAVAILABLE');
    expect(await paymentOf(kit.payments, { orderRef: 'order-down' })).toMatchObject({
      status: 'cancelled',
    });
    const next = await kit.start({ accountId: customer.accountId, orderRef: 'order-down' });
    expect(next).toMatchObject({ attempt: 2, reused: false });
  });
});

describe('cancelPayment (an order cancelled before payment)', () => {
  it('closes the checkout at the gateway and records it cancelled', async () => {
    const started = await kit.start({ accountId: customer.accountId, orderRef: 'order-cancel' });
    const summary = await cancelPayment(kit.payments, { orderRef: 'order-cancel' });
    expect(summary).toMatchObject({ status: 'cancelled', failureReason: 'cancelled' });
    expect(await sandboxStatus(started.checkoutUrl)).toBe('expired');
    expect((await pay(started.checkoutUrl))?.outcome).toBe('closed');
    expect(settlements).toMatchObject([{ status: 'cancelled', source: 'cancelled' }]);
  });

  it('finds the payment that came first and says ALREADY_PAID', async () => {
    const started = await silent.start({ accountId: customer.accountId, orderRef: 'order-late' });
    await pay(started.checkoutUrl, silent);
    expect(await domainErrorOf(cancelPayment(kit.payments, { orderRef: 'order-late' }))).toBe(
      'payment.ALREADY_PAID',
    );
    expect((await fetchSession(started.paymentSessionId)).status).toBe('paid');
  });
});

describe('refundPayment (an order cancelled after payment)', () => {
  it('gives back part, then the rest, and refuses more than was paid', async () => {
    const started = await kit.start({ accountId: customer.accountId, orderRef: 'order-refund' });
    await pay(started.checkoutUrl);
    const part = await refundPayment(kit.payments, {
      orderRef: 'order-refund',
      amountCentavos: 50_000,
    });
    expect(part).toMatchObject({
      amountCentavos: 50_000,
      status: 'succeeded',
      refundedCentavos: 50_000,
      remainingCentavos: 99_900,
      providerRefundId: expect.stringMatching(/^ref_/),
    });
    expect(await fetchSession(started.paymentSessionId)).toMatchObject({
      status: 'paid',
      refunded_amount: 500,
      refunded_amount_centavos: 50_000,
    });
    expect(
      await domainErrorOf(
        refundPayment(kit.payments, { orderRef: 'order-refund', amountCentavos: 100_000 }),
      ),
    ).toBe('payment.REFUND_EXCEEDS_PAYMENT');
    const rest = await refundPayment(kit.payments, { orderRef: 'order-refund' });
    expect(rest).toMatchObject({ amountCentavos: 99_900, remainingCentavos: 0 });
    expect(await fetchSession(started.paymentSessionId)).toMatchObject({
      status: 'refunded',
      refunded_amount: 1499,
    });
    expect(await domainErrorOf(refundPayment(kit.payments, { orderRef: 'order-refund' }))).toBe(
      'payment.REFUND_EXCEEDS_PAYMENT',
    );
  });

  it('gives back no more than was paid when two refunds run at once', async () => {
    const started = await kit.start({ accountId: customer.accountId, orderRef: 'order-race' });
    await pay(started.checkoutUrl);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        refundPayment(kit.payments, { orderRef: 'order-race', amountCentavos: 100_000 }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });

  it('refuses an order that was not paid', async () => {
    await kit.start({ accountId: customer.accountId, orderRef: 'order-unpaid' });
    expect(await domainErrorOf(refundPayment(kit.payments, { orderRef: 'order-unpaid' }))).toBe(
      'payment.NOT_PAID',
    );
  });

  it('is refused by the gateway as PayMongo refuses it: more than is left of the payment', async () => {
    const started = await kit.start({ accountId: customer.accountId, orderRef: 'order-gw' });
    await pay(started.checkoutUrl);
    const paid = await paymentOf(kit.payments, { orderRef: 'order-gw' });
    const refund = kit.gateway.refundPayment({
      paymentId: paid!.providerPaymentId!,
      amountCentavos: 149_901,
      reason: 'requested_by_customer',
      metadata: {},
    });
    await expect(refund).rejects.toMatchObject({
      kind: 'rejected',
      providerCode: 'parameter_above_maximum',
    });
    await expect(
      kit.gateway.refundPayment({
        paymentId: 'pay_unknown',
        amountCentavos: 10_000,
        reason: 'others',
        metadata: {},
      }),
    ).rejects.toMatchObject({ kind: 'not_found' });
    await expect(
      kit.gateway.refundPayment({
        paymentId: paid!.providerPaymentId!,
        amountCentavos: 99,
        reason: 'others',
        metadata: {},
      }),
    ).rejects.toMatchObject({ kind: 'rejected', providerCode: 'parameter_below_minimum' });
  });

  it('answers REFUND_REFUSED when the gateway refuses, and frees the amount again', async () => {
    const started = await kit.start({ accountId: customer.accountId, orderRef: 'order-refused' });
    await pay(started.checkoutUrl);
    const refusing = paymentsKit(testApp, { clock });
    refusing.payments.provider = {
      ...refusing.payments.provider,
      refundPayment: async () => {
        throw new PaymentProviderError('rejected', 'nope', 'parameter_invalid');
      },
    };
    expect(
      await domainErrorOf(refundPayment(refusing.payments, { orderRef: 'order-refused' })),
    ).toBe('payment.REFUND_REFUSED');
    expect((await refundPayment(kit.payments, { orderRef: 'order-refused' })).amountCentavos).toBe(
      149_900,
    );
  });
});

describe('a second payment of one order', () => {
  it('is recorded and given back at once; the order keeps the first', async () => {
    const first = await kit.start({ accountId: customer.accountId, orderRef: 'order-dup' });
    const second = await kit.start({
      accountId: customer.accountId,
      orderRef: 'order-dup',
      paymentMethod: 2,
    });
    await pay(second.checkoutUrl);
    // As if the wallet had taken the first checkout's payment just as it was closed.
    await testApp.database.pool.query(
      `update sandbox_checkouts set status = 'active' where id = $1`,
      [checkoutIdOf(first.checkoutUrl)],
    );
    await pay(first.checkoutUrl);
    const duplicate = settlements.find(
      (settlement) =>
        settlement.paymentSessionId === first.paymentSessionId && settlement.status === 'paid',
    );
    expect(duplicate).toMatchObject({ duplicateOf: second.paymentSessionId });
    expect(await fetchSession(first.paymentSessionId)).toMatchObject({
      status: 'refunded',
      refunded_amount_centavos: 149_900,
    });
    expect(await paymentOf(kit.payments, { orderRef: 'order-dup' })).toMatchObject({
      paymentSessionId: second.paymentSessionId,
      status: 'paid',
    });
  });
});
