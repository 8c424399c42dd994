import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCondominiumAddressParts } from '@konek/contract/address-book';
import { CANCEL_ORDER_PATH, ORDER_STATES, ZCreateOrderRequest } from '@konek/contract/orders';
import { OPS_PAYMENT_ISSUES_PATH } from '@konek/contract/ops-payment-issues';
import { PREVIEW_PRICING_PATH } from '@konek/contract/preview-pricing';
import { PaymentProviderError } from '../../providers/payments/payment-provider';
import { post } from '../../test/accounts';
import { barangayDetail, buildingParts, LAS_PINAS } from '../../test/journey';
import { OFFER, orderingKit, type Ready } from '../../test/ordering';
import { ordersKit } from '../../test/orders';
import {
  checkoutIdOf,
  checkoutResource,
  paymentsKit,
  payMongoEvent,
  postWebhook,
  signed,
  type PaymentsKit,
} from '../../test/payments';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock, type TestClock } from '../../test/test-clock';
import { addOperatorUser, signInOperator } from '../../test/work-orders';
import { createOrder as createOrderDirectly, repairOrders } from './service';

// ADR 077: the bad days of an order, each as a customer (or the gateway) meets it — a declined payment
// with a voucher, a payment that arrives for a cancelled order or for the wrong amount, an order left
// without a checkout, a voucher sent twice, a connection released before the money came — and each ends
// with the money kept for a purchased order or given back in full.

const HOUR = 60 * 60_000;

let testApp: TestApp;
let clock: TestClock;
let kit: PaymentsKit;
let unit: TCondominiumAddressParts;

beforeAll(async () => {
  clock = createTestClock();
  testApp = await createTestApp({}, { clock });
  kit = paymentsKit(testApp, { clock, retryDelaysMs: [] });
  const almanzaUno = await barangayDetail(testApp.app, LAS_PINAS.code, 'Almanza Uno');
  unit = await buildingParts(testApp.app, almanzaUno, LAS_PINAS, 'Yakal Heights');
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

const journey = orderingKit({
  get testApp() {
    return testApp;
  },
  get clock() {
    return clock;
  },
  get kit() {
    return kit;
  },
  unit: () => unit,
});
const { target, sql, withToken, readyCustomers, created, createOrder, orderOf, sessionOf, act } =
  journey;

function preview(ready: Ready, voucherCodes: string[]) {
  return post(
    testApp.app,
    PREVIEW_PRICING_PATH,
    target(ready.who, {
      operator_name: 'konek',
      voucher_codes: voucherCodes,
      entity_ids: [{ id: OFFER, type: 'offer', quantity: 1 }],
    }),
    ready.who.token,
  );
}

async function redemptionsOf(accountId: string) {
  return (
    await sql<{ voucher_code: string; state: string; order_id: string }>(
      'select voucher_code, state, order_id from voucher_redemptions where account_id = $1 order by id',
      [accountId],
    )
  ).rows;
}

/**
 * The wallet took the money at the gateway (a payment confirmed just as Konek closed the checkout, or a
 * wallet that charged another amount): the sandbox records it paid, and its signed webhook is delivered.
 */
async function paidAtGateway(checkoutUrl: string, amountCentavos?: number) {
  const checkoutId = checkoutIdOf(checkoutUrl);
  const paymentId = `pay_${crypto.randomBytes(12).toString('hex')}`;
  const { rows } = await sql<{ amount_centavos: number }>(
    `update sandbox_checkouts set status = 'paid', payment_id = $2, paid_method = 'gcash', paid_at = $3
      where id = $1 returning amount_centavos`,
    [checkoutId, paymentId, clock.now()],
  );
  const body = payMongoEvent(
    'checkout_session.payment.paid',
    checkoutResource(checkoutId, {
      id: paymentId,
      amountCentavos: amountCentavos ?? rows[0]!.amount_centavos,
    }),
    { at: clock.now() },
  );
  const reply = await postWebhook(testApp.app, body, signed(kit.secret, body, clock.now()));
  expect(reply.statusCode, reply.body).toBe(200);
  return { body, paymentId };
}

async function refundsOf(paymentSessionId: string) {
  return (
    await sql<{ amount_centavos: number; status: string }>(
      'select amount_centavos, status from payment_refunds where session_id = $1',
      [paymentSessionId],
    )
  ).rows;
}

describe('a voucher and a declined payment', () => {
  it('keeps the voucher for "Try again", and pays the discounted amount', async () => {
    const [ready] = await readyCustomers(1);
    const first = await created(ready!, { voucher_codes: ['KONEK10'] });
    const discounted = first.order.amount_centavos;
    expect(first.order.total_price.discount.map((line) => line.voucher_code)).toEqual(['KONEK10']);
    await act(first.checkout_url, 'decline');
    expect((await orderOf(ready!, first.order.order_id)).state).toBe(ORDER_STATES.payment_failed);

    // The pay screen prices again with the voucher the order holds: not "already used".
    const again = await withToken(ready!);
    const priced = await preview(again, ['KONEK10']);
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().total_price.sub_total_centavos).toBe(discounted);
    expect(await redemptionsOf(ready!.who.accountId)).toEqual([
      { voucher_code: 'KONEK10', state: 'reserved', order_id: first.order.order_id },
    ]);

    const retry = await created(again, { voucher_codes: ['KONEK10'] });
    expect(retry.order.order_id).toBe(first.order.order_id);
    expect(retry.order.amount_centavos).toBe(discounted);
    expect(retry.payment_session_id).not.toBe(first.payment_session_id);
    await act(retry.checkout_url, 'authorize');
    const paid = await orderOf(ready!, first.order.order_id);
    expect(paid.state).toBe(ORDER_STATES.paid);
    expect(await redemptionsOf(ready!.who.accountId)).toEqual([
      { voucher_code: 'KONEK10', state: 'spent', order_id: first.order.order_id },
    ]);
    // Spent by a paid order: now it is used.
    expect((await preview(await withToken(ready!), ['KONEK10'])).statusCode).toBe(409);
  });

  it('lets the customer remove the voucher before paying again: full price, the use given back', async () => {
    const [ready] = await readyCustomers(1);
    const countOf = async () =>
      (
        await sql<{ redeemed_count: number }>(
          "select redeemed_count from vouchers where code = 'KONEK10'",
        )
      ).rows[0]!.redeemed_count;
    const before = await countOf();
    const first = await created(ready!, { voucher_codes: ['KONEK10'] });
    expect(await countOf()).toBe(before + 1);
    await act(first.checkout_url, 'decline');
    const without = await created(await withToken(ready!), { voucher_codes: [] });
    expect(without.order.order_id).toBe(first.order.order_id);
    expect(without.order.amount_centavos).toBeGreaterThan(first.order.amount_centavos);
    expect(without.order.total_price.discount).toEqual([]);
    expect(await redemptionsOf(ready!.who.accountId)).toEqual([]);
    expect(await countOf()).toBe(before);
    const checkout = await kit.gateway.checkout(checkoutIdOf(without.checkout_url));
    expect(checkout?.amountCentavos).toBe(without.order.amount_centavos);
  });

  it('counts a code sent twice in two spellings once, as preview pricing does', async () => {
    const [ready] = await readyCustomers(1);
    const priced = await preview(ready!, ['KONEK800', 'konek800']);
    expect(priced.statusCode, priced.body).toBe(200);
    const order = await created(ready!, { voucher_codes: ['KONEK800', 'konek 800'] });
    expect(order.order.amount_centavos).toBe(priced.json().total_price.sub_total_centavos);
    expect(order.order.total_price.discount).toHaveLength(1);
    expect(await redemptionsOf(ready!.who.accountId)).toHaveLength(1);
  });
});

describe('a payment that arrives for an order that cannot take it', () => {
  it('a cancelled order stays cancelled: the late payment is refunded in full and the customer told', async () => {
    const [ready] = await readyCustomers(1);
    const order = await created(ready!, { voucher_codes: ['KONEK800'] });
    const cancelled = await post(
      testApp.app,
      CANCEL_ORDER_PATH,
      target(ready!.who, { order_id: order.order.order_id }),
      ready!.who.token,
    );
    expect(cancelled.json().order.state).toBe(ORDER_STATES.cancelled);

    const { body } = await paidAtGateway(order.checkout_url);
    // The same event again changes nothing: never two refunds.
    await postWebhook(testApp.app, body, signed(kit.secret, body, clock.now()));

    const after = await orderOf(ready!, order.order.order_id);
    expect(after.state).toBe(ORDER_STATES.cancelled);
    expect(after.purchased).toBe(false);
    expect(after.properties.work_order_status).toBeNull();
    expect(await journey.workOrdersOf(order.order.order_id)).toEqual([]);
    expect(await journey.appointmentStatus(ready!.appointmentId)).not.toBe('confirmed');
    expect(await journey.reservationStatus(ready!.resource.external_order_id)).toBe('released');
    const session = await sessionOf(ready!, order.payment_session_id);
    expect(session.status).toBe('refunded');
    expect(session.failure).toMatchObject({
      reason: 'order_ended',
      name: 'PAYMENT_AFTER_ORDER_ENDED',
    });
    expect(session.refunded_amount_centavos).toBe(order.order.amount_centavos);
    expect(await refundsOf(order.payment_session_id)).toEqual([
      { amount_centavos: order.order.amount_centavos, status: 'succeeded' },
    ]);
    expect(await redemptionsOf(ready!.who.accountId)).toEqual([]);
    const [told] = await journey.smsTo(ready!.who.msisdn);
    expect(told).toContain('was cancelled, so we are refunding it');
  });

  it('another amount than was asked is not a payment: refunded, flagged to operators, pay again', async () => {
    const [ready] = await readyCustomers(1);
    const order = await created(ready!);
    await paidAtGateway(order.checkout_url, 100);

    const after = await orderOf(ready!, order.order.order_id);
    expect(after.state).toBe(ORDER_STATES.payment_failed);
    expect(after.purchased).toBe(false);
    expect(await journey.workOrdersOf(order.order.order_id)).toEqual([]);
    expect(after.payment).toMatchObject({
      status: 'refunded',
      failure: { reason: 'amount_mismatch' },
    });
    expect(await refundsOf(order.payment_session_id)).toEqual([
      { amount_centavos: 100, status: 'succeeded' },
    ]);
    expect((await journey.smsTo(ready!.who.msisdn))[0]).toContain('instead of');

    await addOperatorUser(testApp, clock, {
      username: 'pay-checker',
      role: 'dispatcher',
      name: 'Liza',
      password: 'correct horse battery',
    });
    const ops = await signInOperator(testApp, 'pay-checker', 'correct horse battery');
    const issues = await post(testApp.app, OPS_PAYMENT_ISSUES_PATH, {}, ops.api_token);
    expect(issues.statusCode, issues.body).toBe(200);
    expect(issues.json().payment_issues).toContainEqual(
      expect.objectContaining({
        order_number: order.order.order_number,
        cause: 'amount_mismatch',
        asked_centavos: order.order.amount_centavos,
        paid_centavos: 100,
        refunded_centavos: 100,
      }),
    );
    expect(
      (await post(testApp.app, OPS_PAYMENT_ISSUES_PATH, {}, ready!.who.token)).statusCode,
    ).toBe(401);

    // The customer pays again, the right amount this time.
    const again = await created(await withToken(ready!));
    expect(again.checkout_url).not.toBeNull();
    await act(again.checkout_url, 'authorize');
    expect((await orderOf(ready!, order.order.order_id)).state).toBe(ORDER_STATES.paid);
  });

  it('a connection released before the payment: refunded, the order ends, the customer told', async () => {
    const [ready] = await readyCustomers(1);
    const order = await created(ready!, { voucher_codes: ['KONEK800'] });
    await sql("update resource_reservations set status = 'released' where external_order_id = $1", [
      ready!.resource.external_order_id,
    ]);
    await act(order.checkout_url, 'authorize');
    const after = await orderOf(ready!, order.order.order_id);
    expect(after.state).toBe(ORDER_STATES.refunded);
    expect(after.purchased).toBe(false);
    expect(after.payment).toMatchObject({
      status: 'refunded',
      failure: { reason: 'not_fulfillable' },
    });
    expect(await journey.workOrdersOf(order.order.order_id)).toEqual([]);
    expect(await journey.appointmentStatus(ready!.appointmentId)).not.toBe('confirmed');
    expect(await redemptionsOf(ready!.who.accountId)).toEqual([]);
    expect((await journey.smsTo(ready!.who.msisdn))[0]).toContain('submit your details');
  });
});

describe('what a crash or an unreachable gateway leaves half done', () => {
  it('an order committed without a checkout gets one from the repair sweep, and can be paid', async () => {
    const [ready] = await readyCustomers(1);
    let isGatewayDown = true;
    const { orders } = ordersKit(testApp, {
      clock,
      provider: (gateway) => ({
        ...gateway,
        createCheckoutSession: (request) =>
          isGatewayDown
            ? Promise.reject(new PaymentProviderError('unavailable', 'down for the test'))
            : gateway.createCheckoutSession(request),
      }),
    });
    const body = ZCreateOrderRequest.parse(journey.orderBody(ready!));
    await expect(createOrderDirectly(orders, ready!.who.accountId, body)).rejects.toMatchObject({
      errorName: 'PROVIDER_UNAVAILABLE',
    });
    const [stranded] = (
      await sql<{ id: string; state: number; payment_session_id: string | null }>(
        'select id, state, payment_session_id from orders where account_id = $1',
        [ready!.who.accountId],
      )
    ).rows;
    expect(stranded).toMatchObject({
      state: ORDER_STATES.awaiting_payment,
      payment_session_id: null,
    });

    // Too young: the customer's own call may still be opening it.
    isGatewayDown = false;
    expect((await repairOrders(orders)).checkoutsOpened).toBe(0);
    clock.advance(2 * 60_000);
    expect((await repairOrders(orders)).checkoutsOpened).toBe(1);
    expect((await repairOrders(orders)).checkoutsOpened).toBe(0);

    const repaired = await orderOf(ready!, stranded!.id);
    expect(repaired.state).toBe(ORDER_STATES.awaiting_payment);
    expect(repaired.payment?.checkout_url).toMatch(/\/sandbox\/checkout\/cs_/);
    await act(repaired.payment!.checkout_url!, 'authorize');
    expect((await orderOf(ready!, stranded!.id)).state).toBe(ORDER_STATES.paid);
  });

  it('an unpaid order older than its network hold is closed, and its voucher given back', async () => {
    const [ready] = await readyCustomers(1);
    const order = await created(ready!, { voucher_codes: ['KONEK800'] });
    await act(order.checkout_url, 'cancel');
    const { orders } = ordersKit(testApp, { clock });
    clock.advance(25 * HOUR);
    const report = await repairOrders(orders);
    expect(report.ordersClosed).toBeGreaterThanOrEqual(1);
    expect((await orderOf(ready!, order.order.order_id)).state).toBe(ORDER_STATES.closed);
    expect(await redemptionsOf(ready!.who.accountId)).toEqual([]);
    // Sent again: refused with the way forward (submit the details again).
    const again = await createOrder(await withToken(ready!));
    expect(again.json()).toMatchObject({ module: 'order', code: 72 });
  });

  it('a refund the gateway could not make is made by the sweep, once', async () => {
    const [ready] = await readyCustomers(1);
    const order = await created(ready!);
    await sql("update payment_sessions set refund_cause = 'order_ended' where id = $1", [
      order.payment_session_id,
    ]);
    // Paid at the gateway, and Konek stopped before it could refund (no webhook reached it).
    const checkoutId = checkoutIdOf(order.checkout_url);
    await sql(
      `update sandbox_checkouts set status = 'paid', payment_id = 'pay_stopped', paid_at = now() where id = $1`,
      [checkoutId],
    );
    await sql(
      `update payment_sessions set status = 'paid', paid_at = now(), paid_centavos = amount_centavos,
              provider_payment_id = 'pay_stopped' where id = $1`,
      [order.payment_session_id],
    );
    const { orders } = ordersKit(testApp, { clock });
    expect((await repairOrders(orders)).refundsMade).toBe(1);
    expect((await repairOrders(orders)).refundsMade).toBe(0);
    expect(await refundsOf(order.payment_session_id)).toEqual([
      { amount_centavos: order.order.amount_centavos, status: 'succeeded' },
    ]);
  });
});
