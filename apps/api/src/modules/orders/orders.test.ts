import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GET_APPOINTMENTS_PATH,
  RESERVE_APPOINTMENT_PATH,
  UPDATE_APPOINTMENT_PATH,
  type TBookableSlot,
} from '@konek/contract/appointments';
import type { TCondominiumAddressParts } from '@konek/contract/address-book';
import {
  CANCEL_ORDER_PATH,
  CREATE_ORDER_PATH,
  GET_ORDER_ENTITIES_PATH,
  ORDER_STATES,
} from '@konek/contract/orders';
import { PREVIEW_PRICING_PATH } from '@konek/contract/preview-pricing';
import {
  MISSED_VISIT_CREDIT_DAYS,
  viewWorkOrderPath,
  type TWorkOrder,
} from '@konek/contract/view-work-order';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock, type TestClock } from '../../test/test-clock';
import { post } from '../../test/accounts';
import { barangayDetail, buildingParts, LAS_PINAS } from '../../test/journey';
import { OFFER, orderingKit, type Ready } from '../../test/ordering';
import {
  checkoutIdOf,
  failedPaymentResource,
  paymentsKit,
  payMongoEvent,
  postWebhook,
  signed,
  type PaymentsKit,
} from '../../test/payments';
import type { WebhookDelivery } from '../../providers/payments/local-gateway';

// ADR 039 through HTTP against PostgreSQL: create_order priced by the server and made once however often
// it is sent, the payment's outcome moving the order (webhooks replayed, out of order, before or after the
// customer's return), cancellation with release and refund, holds that ran out before the payment, and
// the rules that keep one customer out of another's order.

const MINUTE = 60_000;

let testApp: TestApp;
let clock: TestClock;
let kit: PaymentsKit;
let unit: TCondominiumAddressParts;

/** Webhooks the kit's gateway sends, held back until a test delivers them (a late webhook). */
const heldBack: { rawBody: string; headers: Record<string, string> }[] = [];
let holdWebhooks = false;

beforeAll(async () => {
  clock = createTestClock();
  testApp = await createTestApp({}, { clock });
  const deliverNow: WebhookDelivery = async (rawBody, headers) =>
    (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/webhooks/payments',
        payload: rawBody,
        headers,
      })
    ).statusCode;
  kit = paymentsKit(testApp, {
    clock,
    deliver: async (rawBody, headers) => {
      if (!holdWebhooks) return deliverNow(rawBody, headers);
      heldBack.push({ rawBody, headers: headers as Record<string, string> });
      return 500;
    },
    retryDelaysMs: [],
  });
  const almanzaUno = await barangayDetail(testApp.app, LAS_PINAS.code, 'Almanza Uno');
  // Served by its in-building fibre: every customer gets a port.
  unit = await buildingParts(testApp.app, almanzaUno, LAS_PINAS, 'Yakal Heights');
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

const {
  target,
  sql,
  withToken,
  slotsOf,
  reserve,
  readyCustomers,
  orderBody,
  createOrder,
  created,
  orderOf,
  sessionOf,
  act,
  workOrdersOf,
  smsTo,
  appointmentStatus,
  reservationStatus,
} = orderingKit({
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

describe('create_order', () => {
  it('prices the order itself: an amount the client adds changes nothing', async () => {
    const [ready] = await readyCustomers(1);
    const preview = await post(
      testApp.app,
      PREVIEW_PRICING_PATH,
      target(ready!.who, {
        operator_name: 'konek',
        voucher_codes: ['KONEK800'],
        entity_ids: [{ id: OFFER, type: 'offer', quantity: 1 }],
      }),
      ready!.who.token,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const expected = preview.json().total_price.sub_total_centavos as number;
    expect(expected).toBeGreaterThan(100);

    const reply = await created(ready!, {
      voucher_codes: ['KONEK800'],
      amount: 1,
      amount_centavos: 100,
      total_price: { sub_total: 1, sub_total_centavos: 100 },
    });
    expect(reply.order.amount_centavos).toBe(expected);
    expect(reply.order.total_price.discount[0]!.voucher_code).toBe('KONEK800');
    expect(reply.order.state).toBe(ORDER_STATES.awaiting_payment);
    expect(reply.order.order_number).toMatch(/^KNK-\d{8}$/);
    expect(Object.keys(reply.order.entities.product)).toEqual([OFFER]);
    const checkout = await kit.gateway.checkout(checkoutIdOf(reply.checkout_url));
    expect(checkout?.amountCentavos).toBe(expected);
  });

  it('makes one order and one checkout from 50 concurrent calls', async () => {
    const [ready] = await readyCustomers(1);
    const replies = await Promise.all(Array.from({ length: 50 }, () => createOrder(ready!)));
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);
    const bodies = replies.map((reply) => reply.json());
    expect(new Set(bodies.map((body) => body.order.order_id)).size).toBe(1);
    expect(new Set(bodies.map((body) => body.payment_session_id)).size).toBe(1);
    expect(new Set(bodies.map((body) => body.checkout_url)).size).toBe(1);
    const { rows } = await sql<{ orders: number; sessions: number }>(
      `select (select count(*)::int from orders where account_id = $1) as orders,
              (select count(*)::int from payment_sessions where account_id = $1) as sessions`,
      [ready!.who.accountId],
    );
    expect(rows[0]).toEqual({ orders: 1, sessions: 1 });
  });

  it('makes one order from 20 concurrent calls with a once-per-account voucher, spending it once', async () => {
    const [ready] = await readyCustomers(1);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => createOrder(ready!, { voucher_codes: ['KONEK800'] })),
    );
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);
    expect(new Set(replies.map((reply) => reply.json().order.order_id)).size).toBe(1);
    const { rows } = await sql<{ count: number }>(
      'select count(*)::int as count from voucher_redemptions where account_id = $1',
      [ready!.who.accountId],
    );
    expect(rows[0]!.count).toBe(1);
  });

  it('stores the campaign and the sales agent it credits', async () => {
    const [ready] = await readyCustomers(1);
    const reply = await created(ready!, {
      utm_source: 'facebook',
      utm_medium: 'social',
      utm_campaign: 'store_MNL042',
    });
    const { rows } = await sql(
      'select utm_source, utm_medium, utm_campaign, sales_agent_kind, sales_agent_code from orders where id = $1',
      [reply.order.order_id],
    );
    expect(rows[0]).toEqual({
      utm_source: 'facebook',
      utm_medium: 'social',
      utm_campaign: 'store_MNL042',
      sales_agent_kind: 'store',
      sales_agent_code: 'MNL042',
    });
  });

  it('refuses another customer’s target, external order or appointment', async () => {
    const [mine, theirs] = await readyCustomers(2);
    const asOther = await post(testApp.app, CREATE_ORDER_PATH, orderBody(theirs!), mine!.who.token);
    expect(asOther.statusCode).toBe(403);
    const otherExternal = await createOrder(mine!, {
      external_order_id: theirs!.resource.external_order_id,
      external_order_action_id: theirs!.resource.external_order_action_id,
    });
    expect(otherExternal.statusCode).toBe(409);
    expect(otherExternal.json()).toMatchObject({ module: 'order', code: 72 });
    const otherAppointment = await createOrder(mine!, { appointment_id: theirs!.appointmentId });
    expect(otherAppointment.statusCode).toBe(404);
    expect(otherAppointment.json()).toMatchObject({ field: 'appointment_id' });
    expect(
      (
        await sql('select 1 from orders where account_id in ($1, $2)', [
          mine!.who.accountId,
          theirs!.who.accountId,
        ])
      ).rowCount,
    ).toBe(0);
  });

  it('refuses two plans in one order (PURCHASE_LIMIT_REACHED)', async () => {
    const [ready] = await readyCustomers(1);
    const reply = await createOrder(ready!, {
      entity_ids: [
        { id: OFFER, type: 'offer', quantity: 1 },
        { id: 'konek-prepaid-100', type: 'offer', quantity: 1 },
      ],
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({ module: 'order', code: 5 });
  });
});

describe('paying', () => {
  it('a paid webhook: order paid once, place confirmed, port committed, work order Open, an SMS', async () => {
    const [ready] = await readyCustomers(1);
    const order = await created(ready!);
    const result = await act(order.checkout_url, 'authorize');
    expect(result?.delivered).toBe(true);
    // The customer comes back after the webhook: the session and the order both say paid.
    expect((await sessionOf(ready!, order.payment_session_id)).status).toBe('paid');
    const paid = await orderOf(ready!, order.order.order_id);
    expect(paid.state).toBe(ORDER_STATES.paid);
    expect(paid.properties.work_order_status).toBe('Open');
    expect(paid.installation).toEqual({
      start_time: ready!.slot.start_time,
      end_time: ready!.slot.end_time,
    });
    expect(paid.changes.map((change) => change.state_name)).toEqual(['awaiting_payment', 'paid']);
    expect(await appointmentStatus(ready!.appointmentId)).toBe('confirmed');
    expect(await reservationStatus(ready!.resource.external_order_id)).toBe('committed');
    expect(await workOrdersOf(order.order.order_id)).toEqual([{ status: 'Open', changes: 1 }]);
    const sms = await smsTo(ready!.who.msisdn);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toContain(paid.order_number);
    expect(sms[0]).toMatch(/₱\d{1,3}(,\d{3})*\.\d{2}/);
    expect(sms[0]).toContain(paid.amount.toLocaleString('en-US', { minimumFractionDigits: 2 }));
    expect(sms[0]).toMatch(/Installation: \w+day, \w+ \d{1,2}, \d{4}, (Morning|Afternoon) \(/);

    // Sent again: the same order, nothing to pay.
    const again = await created(ready!);
    expect(again.order.order_id).toBe(order.order.order_id);
    expect(again.checkout_url).toBeNull();
  });

  it('the same webhook 50 times at once and a late failure: paid once, one work order, one SMS', async () => {
    const [ready] = await readyCustomers(1);
    const order = await created(ready!);
    holdWebhooks = true;
    try {
      await act(order.checkout_url, 'authorize');
    } finally {
      holdWebhooks = false;
    }
    const webhook = heldBack.pop()!;
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/webhooks/payments',
          payload: webhook.rawBody,
          headers: webhook.headers,
        }),
      ),
    );
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);
    // Out of order: a failure of the same checkout arriving after the payment changes nothing.
    const checkout = await kit.gateway.checkout(checkoutIdOf(order.checkout_url));
    const late = payMongoEvent('payment.failed', failedPaymentResource(checkout!.paymentIntentId), {
      at: clock.now(),
    });
    const lateReply = await postWebhook(testApp.app, late, signed(kit.secret, late, clock.now()));
    expect(lateReply.statusCode).toBe(200);

    const paid = await orderOf(ready!, order.order.order_id);
    expect(paid.state).toBe(ORDER_STATES.paid);
    expect(paid.changes.filter((change) => change.state_name === 'paid')).toHaveLength(1);
    expect(await workOrdersOf(order.order.order_id)).toHaveLength(1);
    expect(await smsTo(ready!.who.msisdn)).toHaveLength(1);
  });

  it('the customer back before the webhook: the read settles it, the late webhook changes nothing', async () => {
    const [ready] = await readyCustomers(1);
    const order = await created(ready!);
    holdWebhooks = true;
    try {
      await act(order.checkout_url, 'authorize');
    } finally {
      holdWebhooks = false;
    }
    // The redirect first: the payloading screen reads the session; Konek asks the gateway (at most
    // every 15 s per session, ADR 038).
    clock.advance(16_000);
    expect((await sessionOf(ready!, order.payment_session_id)).status).toBe('paid');
    expect((await orderOf(ready!, order.order.order_id)).state).toBe(ORDER_STATES.paid);
    const webhook = heldBack.pop()!;
    const reply = await testApp.app.inject({
      method: 'POST',
      url: '/api/webhooks/payments',
      payload: webhook.rawBody,
      headers: webhook.headers,
    });
    expect(reply.statusCode).toBe(200);
    const paid = await orderOf(ready!, order.order.order_id);
    expect(paid.changes.filter((change) => change.state_name === 'paid')).toHaveLength(1);
    expect(await workOrdersOf(order.order.order_id)).toHaveLength(1);
    expect(await smsTo(ready!.who.msisdn)).toHaveLength(1);
  });

  it('a webhook with a wrong signature changes nothing', async () => {
    const [ready] = await readyCustomers(1);
    const order = await created(ready!);
    holdWebhooks = true;
    try {
      await act(order.checkout_url, 'authorize');
    } finally {
      holdWebhooks = false;
    }
    const webhook = heldBack.pop()!;
    const forged = await postWebhook(
      testApp.app,
      webhook.rawBody,
      signed('not-the-secret', webhook.rawBody, clock.now()),
    );
    expect(forged.statusCode).toBe(401);
    const unsigned = await postWebhook(testApp.app, webhook.rawBody, undefined);
    expect(unsigned.statusCode).toBe(401);
    const { rows } = await sql<{ state: number }>('select state from orders where id = $1', [
      order.order.order_id,
    ]);
    expect(rows[0]!.state).toBe(ORDER_STATES.awaiting_payment);
    expect(await workOrdersOf(order.order.order_id)).toHaveLength(0);
  });

  it('declined for insufficient funds: the failed state with code 4, then a second attempt pays', async () => {
    const [ready] = await readyCustomers(1);
    const first = await created(ready!);
    await act(first.checkout_url, 'decline');
    const failed = await orderOf(ready!, first.order.order_id);
    expect(failed.state).toBe(ORDER_STATES.payment_failed);
    expect(failed.payment?.failure).toMatchObject({
      reason: 'insufficient_funds',
      module: 'order',
      code: 4,
      name: 'INSUFFICIENT_FUNDS',
    });
    const second = await created(ready!);
    expect(second.order.order_id).toBe(first.order.order_id);
    expect(second.payment_session_id).not.toBe(first.payment_session_id);
    expect(second.order.payment?.attempt).toBe(2);
    expect(second.order.state).toBe(ORDER_STATES.awaiting_payment);
    await act(second.checkout_url, 'authorize');
    const paid = await orderOf(ready!, first.order.order_id);
    expect(paid.state).toBe(ORDER_STATES.paid);
    expect(paid.changes.map((change) => change.state_name)).toEqual([
      'awaiting_payment',
      'payment_failed',
      'awaiting_payment',
      'paid',
    ]);
  });

  it('an expired checkout: the order waits for a new attempt, and the old checkout cannot be paid', async () => {
    const [ready] = await readyCustomers(1);
    const first = await created(ready!);
    await act(first.checkout_url, 'expire');
    const expired = await orderOf(ready!, first.order.order_id);
    expect(expired.state).toBe(ORDER_STATES.payment_abandoned);
    expect((await sessionOf(ready!, first.payment_session_id)).status).toBe('expired');
    expect((await act(first.checkout_url, 'authorize'))?.outcome).toBe('closed');
    const second = await created(ready!);
    expect(second.order.payment?.attempt).toBe(2);
    expect(second.checkout_url).not.toBe(first.checkout_url);
  });
});

describe('cancel_order', () => {
  it('before payment: the checkout closed, the place and the port given back', async () => {
    const [ready] = await readyCustomers(1);
    const order = await created(ready!);
    const reply = await post(
      testApp.app,
      CANCEL_ORDER_PATH,
      target(ready!.who, { order_id: order.order.order_id }),
      ready!.who.token,
    );
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().order.state).toBe(ORDER_STATES.cancelled);
    expect((await kit.gateway.checkout(checkoutIdOf(order.checkout_url)))?.status).not.toBe(
      'active',
    );
    expect((await act(order.checkout_url, 'authorize'))?.outcome).toBe('closed');
    expect(await appointmentStatus(ready!.appointmentId)).toBe('cancelled');
    expect(await reservationStatus(ready!.resource.external_order_id)).toBe('released');
    const appointments = await post(
      testApp.app,
      GET_APPOINTMENTS_PATH,
      target(ready!.who),
      ready!.who.token,
    );
    expect(
      appointments.json().appointments.every((a: { status: string }) => a.status !== 'held'),
    ).toBe(true);
  });

  it('after payment: refunded through the gateway, then the place and the port given back', async () => {
    const [ready] = await readyCustomers(1);
    const order = await created(ready!);
    await act(order.checkout_url, 'authorize');
    const { rows: before } = await sql<{ taken: number }>(
      'select taken from installation_slots where id = $1',
      [ready!.slot.id],
    );
    const reply = await post(
      testApp.app,
      CANCEL_ORDER_PATH,
      target(ready!.who, { order_id: order.order.order_id }),
      ready!.who.token,
    );
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().order.state).toBe(ORDER_STATES.refunded);
    expect(reply.json().order.properties.work_order_status).toBe('Cancelled');
    const session = await sessionOf(ready!, order.payment_session_id);
    expect(session.status).toBe('refunded');
    expect(session.refunded_amount_centavos).toBe(order.order.amount_centavos);
    const refunds = await sql<{ amount_centavos: number }>(
      `select r.amount_centavos from sandbox_refunds r
         join sandbox_checkouts c on c.payment_id = r.payment_id where c.id = $1`,
      [checkoutIdOf(order.checkout_url)],
    );
    expect(refunds.rows).toEqual([{ amount_centavos: order.order.amount_centavos }]);
    expect(await appointmentStatus(ready!.appointmentId)).toBe('cancelled');
    expect(await reservationStatus(ready!.resource.external_order_id)).toBe('released');
    const { rows: after } = await sql<{ taken: number }>(
      'select taken from installation_slots where id = $1',
      [ready!.slot.id],
    );
    expect(after[0]!.taken).toBe(before[0]!.taken - 1);
  });

  it('answers 404 for another customer’s order', async () => {
    const [mine, theirs] = await readyCustomers(2);
    const order = await created(theirs!);
    const reply = await post(
      testApp.app,
      CANCEL_ORDER_PATH,
      target(mine!.who, { order_id: order.order.order_id }),
      mine!.who.token,
    );
    expect(reply.statusCode).toBe(404);
    const entities = await post(
      testApp.app,
      GET_ORDER_ENTITIES_PATH,
      target(mine!.who, { order_ids: [order.order.order_id] }),
      mine!.who.token,
    );
    expect(entities.json().orders).toEqual([]);
  });
});

describe('one purchase per account (product §4.6, code 63)', () => {
  it('answers ACCOUNT_ALREADY_HAVE_ORDER for a second external order once one is paid', async () => {
    const [ready] = await readyCustomers(1);
    const order = await created(ready!);
    await act(order.checkout_url, 'authorize');
    const reply = await createOrder(ready!, {
      external_order_id: 'another-external-order',
      external_order_action_id: 'another-action',
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({ module: 'order', code: 63 });
  });
});

describe('the hold ran out before the payment arrived', () => {
  it('the place still free: it is retaken and the order is paid', async () => {
    const [ready] = await readyCustomers(1);
    clock.advance(50 * MINUTE);
    const order = await created(await withToken(ready!));
    clock.advance(15 * MINUTE); // the 60-minute hold has passed; the 30-minute checkout has not
    await act(order.checkout_url, 'authorize');
    const paid = await orderOf(ready!, order.order.order_id);
    expect(paid.state).toBe(ORDER_STATES.paid);
    expect(paid.installation?.start_time).toBe(ready!.slot.start_time);
    expect(await appointmentStatus(ready!.appointmentId)).toBe('confirmed');
  });

  it('the place taken by someone else: paid, needing a new time; a new slot books it', async () => {
    const [ready] = await readyCustomers(1, 3);
    const [other] = await readyCustomers(1, 4);
    // The slot is full with the first customer's held place in it.
    await sql('update installation_slots set capacity = taken where id = $1', [ready!.slot.id]);
    clock.advance(50 * MINUTE);
    const first = await withToken(ready!);
    const order = await created(first);
    clock.advance(15 * MINUTE);
    // The first hold has run out: another customer's booking takes its place back.
    const otherNow = await withToken(other!);
    const taken = await post(
      testApp.app,
      RESERVE_APPOINTMENT_PATH,
      target(otherNow.who, { time_slot: ready!.slot }),
      otherNow.who.token,
    );
    expect(taken.statusCode, taken.body).toBe(200);
    await act(order.checkout_url, 'authorize');
    const lost = await orderOf(ready!, order.order.order_id);
    expect(lost.state).toBe(ORDER_STATES.needs_new_time);
    expect(lost.purchased).toBe(true);
    expect(lost.installation).toBeNull();
    expect((await sessionOf(ready!, order.payment_session_id)).status).toBe('paid');
    expect(await workOrdersOf(order.order.order_id)).toHaveLength(0);
    // Told at once: the money is safe and a new time is needed.
    const [told] = await smsTo(first.who.msisdn);
    expect(told).toContain(order.order.order_number);
    expect(told).toContain('Choose a new time');

    // The schedule page: a new slot, then create_order again books the paid order.
    const slots = await slotsOf(first.who);
    const newSlot = slots.find((slot) => slot.id !== ready!.slot.id)!;
    const appointmentId = await reserve(first.who, newSlot);
    const rebooked = await created({ ...first, appointmentId });
    expect(rebooked.checkout_url).toBeNull();
    expect(rebooked.order.state).toBe(ORDER_STATES.paid);
    expect(rebooked.order.installation?.start_time).toBe(newSlot.start_time);
    expect(rebooked.order.properties.work_order_status).toBe('Open');
    const texts = await smsTo(first.who.msisdn);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain('is confirmed');
  });
});

describe('a new time chosen before paying (ADR 062)', () => {
  async function movedBeforePaying() {
    const [ready] = await readyCustomers(1, 5);
    const order = await created(ready!);
    expect(order.order.installation?.start_time).toBe(ready!.slot.start_time);
    const newSlot = (await slotsOf(ready!.who)).find((slot) => slot.id !== ready!.slot.id)!;
    // The schedule page again: the same appointment moves to the new slot, under a new hold.
    expect(await reserve(ready!.who, newSlot)).toBe(ready!.appointmentId);
    return { ready: ready!, order, newSlot };
  }

  it('create_order again: the order shows the new time, and paying books it', async () => {
    const { ready, order, newSlot } = await movedBeforePaying();
    const again = await created(ready);
    expect(again.order.order_id).toBe(order.order.order_id);
    expect(again.order.installation?.start_time).toBe(newSlot.start_time);
    await act(again.checkout_url, 'authorize');
    const paid = await orderOf(ready, order.order.order_id);
    expect(paid.state).toBe(ORDER_STATES.paid);
    expect(paid.installation?.start_time).toBe(newSlot.start_time);
    expect(await appointmentStatus(ready.appointmentId)).toBe('confirmed');
  });

  it('paid in the checkout already open: the new time is booked, not a lost place', async () => {
    const { ready, order, newSlot } = await movedBeforePaying();
    await act(order.checkout_url, 'authorize');
    const paid = await orderOf(ready, order.order.order_id);
    expect(paid.state).toBe(ORDER_STATES.paid);
    expect(paid.installation?.start_time).toBe(newSlot.start_time);
    const bookings = await sql<{ slot_id: string; status: string }>(
      'select slot_id, status from appointments where account_id = $1',
      [ready.who.accountId],
    );
    expect(bookings.rows).toEqual([{ slot_id: newSlot.id, status: 'confirmed' }]);
  });
});

describe('an unpaid order whose network reservation ended', () => {
  it('is closed (600) when sent again: its checkout closed, its place given back, code 72', async () => {
    const [ready] = await readyCustomers(1);
    const order = await created(ready!);
    await sql("update resource_reservations set status = 'released' where external_order_id = $1", [
      ready!.resource.external_order_id,
    ]);
    const reply = await createOrder(ready!);
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({ module: 'order', code: 72, field: 'external_order_id' });
    const closed = await orderOf(ready!, order.order.order_id);
    expect(closed.state).toBe(ORDER_STATES.closed);
    expect(closed.purchased).toBe(false);
    expect((await act(order.checkout_url, 'authorize'))?.outcome).toBe('closed');
    expect(await appointmentStatus(ready!.appointmentId)).toBe('cancelled');
  });
});

describe('self-service after payment (ADR 049)', () => {
  const viewPath = () => viewWorkOrderPath(testApp.config.ossSegment);

  /** A paid order whose visit period then ended with nobody coming (not yet read by anyone). */
  async function paidThenMissed() {
    const [ready] = await readyCustomers(1);
    const order = await created(ready!);
    await act(order.checkout_url, 'authorize');
    clock.advance(Date.parse(ready!.slot.end_time) - clock.now().getTime() + MINUTE);
    return { ready: await withToken(ready!), order };
  }

  async function workOrderOf(ready: Ready, orderActionId: string): Promise<TWorkOrder> {
    const reply = await post(
      testApp.app,
      viewPath(),
      { order_action_id: orderActionId },
      ready.who.token,
    );
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().work_order;
  }

  const moveBooking = (ready: Ready, appointmentId: string, slot: TBookableSlot) =>
    post(
      testApp.app,
      UPDATE_APPOINTMENT_PATH,
      target(ready.who, {
        appointment_id: appointmentId,
        time_slot: slot,
        activity_type: 'Installation',
      }),
      ready.who.token,
    );

  const cancel = (ready: Ready, orderId: string) =>
    post(testApp.app, CANCEL_ORDER_PATH, target(ready.who, { order_id: orderId }), ready.who.token);

  const takenOf = async (slotId: string) =>
    (await sql<{ taken: number }>('select taken from installation_slots where id = $1', [slotId]))
      .rows[0]!.taken;

  /** A paid order whose work order the operator then set to `status`. */
  async function paidWithWorkOrder(status: string) {
    const [ready] = await readyCustomers(1);
    const order = await created(ready!);
    await act(order.checkout_url, 'authorize');
    await sql(`update work_orders set status = $2 where order_id = $1`, [
      order.order.order_id,
      status,
    ]);
    return { ready: ready!, order };
  }

  // ADR 066: reserve_appointment with a paid booking moves it as update_appointment does, never alone.
  const reserveAgain = (ready: Ready, slot: TBookableSlot) =>
    post(
      testApp.app,
      RESERVE_APPOINTMENT_PATH,
      target(ready.who, { time_slot: slot }),
      ready.who.token,
    );

  it('a new time after a miss: the order and work order move, the credit stays, a new miss credits again', async () => {
    const { ready, order } = await paidThenMissed();
    const newSlot = (await slotsOf(ready.who))[1]!;
    const [oldTaken, newTaken] = [await takenOf(ready.slot.id), await takenOf(newSlot.id)];

    const moved = await moveBooking(ready, ready.appointmentId, newSlot);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().appointment).toMatchObject({ time_slot: newSlot, status: 'confirmed' });
    expect(await takenOf(ready.slot.id)).toBe(oldTaken - 1);
    // The new slot may also have taken back earlier customers' expired holds: its count is not exact.
    expect(await takenOf(newSlot.id)).toBeLessThanOrEqual(newTaken + 1);
    const { rows: booking } = await sql<{ slot_id: string; status: string }>(
      'select slot_id, status from appointments where id = $1',
      [ready.appointmentId],
    );
    expect(booking).toEqual([{ slot_id: newSlot.id, status: 'confirmed' }]);

    const paid = await orderOf(ready, order.order.order_id);
    expect(paid.state).toBe(ORDER_STATES.paid);
    expect(paid.installation?.start_time).toBe(newSlot.start_time);
    expect(paid.properties.work_order_status).toBe('Open');
    const workOrder = await workOrderOf(ready, ready.resource.external_order_action_id);
    expect(workOrder.work_order_status).toBe('Open');
    expect(workOrder.technician).toBeNull();
    // The miss was decided (and credited) before the move, then the customer's new visit.
    expect(workOrder.credits).toEqual([
      expect.objectContaining({ kind: 'missed_visit', free_days: MISSED_VISIT_CREDIT_DAYS }),
    ]);
    expect(workOrder.changes.map((change) => change.work_order_status)).toEqual([
      'Open',
      'Delayed-ForReschedule',
      'Open',
    ]);
    const { rows } = await sql<{ changed_by: string }>(
      `select c.changed_by from work_order_changes c join work_orders w on w.id = c.work_order_id
        where w.order_id = $1 order by c.id desc limit 1`,
      [order.order.order_id],
    );
    expect(rows[0]!.changed_by).toBe('customer');

    // The new time missed too: a second credit, for that visit.
    clock.advance(Date.parse(newSlot.end_time) - clock.now().getTime() + MINUTE);
    const again = await workOrderOf(
      await withToken(ready),
      ready.resource.external_order_action_id,
    );
    expect(again.work_order_status).toBe('Delayed-ForReschedule');
    expect(again.credits).toHaveLength(2);
  });

  it('a new time while a technician is assigned: back to Open, the technician cleared', async () => {
    const [ready] = await readyCustomers(1);
    const order = await created(ready!);
    await act(order.checkout_url, 'authorize');
    const { rows: technicians } = await sql<{ id: string }>(
      `insert into ops_users (username, role, first_name, password_hash, created_at)
       values ($1, 'technician', 'Ana', 'no-password', now()) returning id`,
      [`ana-${order.order.order_id}`],
    );
    await sql(
      `update work_orders set status = 'Pending-ForVisit', technician_id = $2 where order_id = $1`,
      [order.order.order_id, technicians[0]!.id],
    );
    const newSlot = (await slotsOf(ready!.who))[2]!;
    expect((await moveBooking(ready!, ready!.appointmentId, newSlot)).statusCode).toBe(200);
    const { rows } = await sql<{ status: string; technician_id: string | null }>(
      'select status, technician_id from work_orders where order_id = $1',
      [order.order.order_id],
    );
    expect(rows).toEqual([{ status: 'Open', technician_id: null }]);
  });

  it('a cancel after a miss: refunded, the work order Cancelled', async () => {
    const { ready, order } = await paidThenMissed();
    const reply = await cancel(ready, order.order.order_id);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().order.state).toBe(ORDER_STATES.refunded);
    expect(reply.json().order.properties.work_order_status).toBe('Cancelled');
    expect((await sessionOf(ready, order.payment_session_id)).status).toBe('refunded');
    expect(await appointmentStatus(ready.appointmentId)).toBe('cancelled');
  });

  it('refuses a cancel or a new time once the technician is on the way, changing nothing', async () => {
    const { ready, order } = await paidWithWorkOrder('Pending-OnTheWay');
    const taken = await takenOf(ready.slot.id);

    const cancelled = await cancel(ready, order.order.order_id);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({ module: 'order', code: 71 });
    const newSlot = (await slotsOf(ready.who))[1]!;
    const moved = await moveBooking(ready, ready.appointmentId, newSlot);
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ module: 'appointments', code: 22 });
    // ADR 066: nor through reserve_appointment.
    const reserved = await reserveAgain(ready, newSlot);
    expect(reserved.statusCode).toBe(409);
    expect(reserved.json()).toMatchObject({ module: 'appointments', code: 22 });

    const still = await orderOf(ready, order.order.order_id);
    expect(still.state).toBe(ORDER_STATES.paid);
    expect(still.installation?.start_time).toBe(ready.slot.start_time);
    expect(still.properties.work_order_status).toBe('Pending-OnTheWay');
    expect(await takenOf(ready.slot.id)).toBe(taken);
    expect((await sessionOf(ready, order.payment_session_id)).status).toBe('paid');
    const { rows } = await sql<{ slot_id: string; status: string }>(
      'select slot_id, status from appointments where id = $1',
      [ready.appointmentId],
    );
    expect(rows).toEqual([{ slot_id: ready.slot.id, status: 'confirmed' }]);
  });

  it('reserve_appointment on a paid booking moves it with its order and work order (ADR 066)', async () => {
    const { ready, order } = await paidWithWorkOrder('Pending-ForVisit');
    const newSlot = (await slotsOf(ready.who))[2]!;
    const oldTaken = await takenOf(ready.slot.id);

    const moved = await reserveAgain(ready, newSlot);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().appointment).toMatchObject({
      appointment_id: ready.appointmentId,
      time_slot: newSlot,
      status: 'confirmed',
    });
    expect(await takenOf(ready.slot.id)).toBe(oldTaken - 1);
    const paid = await orderOf(ready, order.order.order_id);
    expect(paid.state).toBe(ORDER_STATES.paid);
    expect(paid.installation?.start_time).toBe(newSlot.start_time);
    expect(paid.properties.work_order_status).toBe('Open');
  });

  it('refuses to move or cancel another customer’s paid booking', async () => {
    const [mine, theirs] = await readyCustomers(2);
    const order = await created(theirs!);
    await act(order.checkout_url, 'authorize');
    const newSlot = (await slotsOf(mine!.who))[1]!;
    const moved = await moveBooking(mine!, theirs!.appointmentId, newSlot);
    expect(moved.statusCode).toBe(404);
    expect(moved.json()).toMatchObject({ module: 'appointments', code: 21 });
    expect((await cancel(mine!, order.order.order_id)).statusCode).toBe(404);
    const still = await orderOf(theirs!, order.order.order_id);
    expect(still.state).toBe(ORDER_STATES.paid);
    expect(still.installation?.start_time).toBe(theirs!.slot.start_time);
  });
});
