import type { QueryResultRow } from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TBookableSlot } from '@konek/contract/appointments';
import { TARGET_TYPE_ACCOUNT } from '@konek/contract/constants';
import {
  OPS_ASSIGN_PATH,
  OPS_CANCEL_PATH,
  OPS_SET_STATUS_PATH,
  OPS_SLOTS_PATH,
  type TOpsWorkOrder,
} from '@konek/contract/ops';
import { GET_ORDER_ENTITIES_PATH, ORDER_STATES, type TOrder } from '@konek/contract/orders';
import { slotText } from '@konek/contract/formats';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock, type TestClock } from '../../test/test-clock';
import { post, type Customer } from '../../test/accounts';
import { tokenFor } from '../../test/customers';
import { checkoutIdOf } from '../../test/payments';
import { paidOrdersKit, type PaidOrder, type PaidOrdersKit } from '../../test/paid-orders';
import { addOperatorUser, signInOperator } from '../../test/work-orders';
import type { SmsMessage, SmsSender } from '../../providers/sms/sms-sender';
import { ordersKit } from '../../test/orders';
import { startMissedVisitSweep, type WorkOrdersDependencies } from './service';

// ADR 080 through HTTP against PostgreSQL, on paid orders made through the journey: a job marked
// Delayed-ForCancellation goes on (a new visit, the customer's new time) or ends in a full refund; a new
// visit needs a time ahead; a paid order that lost its time is listed with the way to book one; and every
// change of the installation time texts the customer once, naming the new day, after it committed —
// retried by the sweep when the SMS provider fails, and never naming a time that no longer holds.

const MINUTE = 60_000;

let testApp: TestApp;
let clock: TestClock;
let kit: PaidOrdersKit;
let dispatcher: string;
let technician: { id: string; token: string };
/** The first app's log lines (errors only). */
const logged: string[] = [];

beforeAll(async () => {
  clock = createTestClock(new Date('2026-11-26T00:30:00Z'));
  testApp = await createTestApp(
    { publicBaseUrl: 'https://konek.example', logLevel: 'error' },
    { clock, logDestination: { write: (line: string) => void logged.push(line) } },
  );
  kit = await paidOrdersKit(testApp, clock);
  await addOperatorUser(testApp, clock, {
    username: 'dina',
    role: 'dispatcher',
    name: 'Dina',
    password: 'dispatch-pass-1234',
  });
  await addOperatorUser(testApp, clock, {
    username: 'rosa',
    role: 'technician',
    name: 'Rosa',
    password: 'technician-pass-1',
  });
  dispatcher = (await signInOperator(testApp, 'dina', 'dispatch-pass-1234')).api_token;
  const session = await signInOperator(testApp, 'rosa', 'technician-pass-1');
  technician = { id: session.user.user_id, token: session.api_token };
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

const sql = <T extends object>(text: string, values: unknown[] = []) =>
  testApp.database.pool.query<T & QueryResultRow>(text, values);

const setStatus = (paid: PaidOrder, status: string) =>
  post(testApp.app, OPS_SET_STATUS_PATH, { work_order_id: paid.workOrderId, status }, dispatcher);

async function markedForCancellation(): Promise<PaidOrder> {
  const [paid] = await kit.paidOrders(1);
  const marked = await setStatus(paid!, 'Delayed-ForCancellation');
  expect(marked.statusCode, marked.body).toBe(200);
  return kit.fresh(paid!);
}

/** The slots a dispatcher may move the job to, as the /ops page lists them. */
async function slotsForJob(paid: PaidOrder): Promise<TBookableSlot[]> {
  const reply = await post(
    testApp.app,
    OPS_SLOTS_PATH,
    { work_order_id: paid.workOrderId },
    dispatcher,
  );
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().time_slots;
}

const arrange = (paid: PaidOrder, slot?: TBookableSlot) =>
  post(
    testApp.app,
    OPS_ASSIGN_PATH,
    {
      work_order_id: paid.workOrderId,
      technician_id: technician.id,
      ...(slot ? { time_slot: slot } : {}),
    },
    dispatcher,
  );

async function orderRow(orderId: string) {
  return (
    await sql<{ state: number; starts: Date | null; appointment: string }>(
      `select state, installation_starts_at as starts, appointment_id as appointment from orders where id = $1`,
      [orderId],
    )
  ).rows[0]!;
}

async function bookingOf(appointmentId: string) {
  return (
    await sql<{ slot_id: string; status: string }>(
      'select slot_id, status from appointments where id = $1',
      [appointmentId],
    )
  ).rows[0]!;
}

const texts = (who: Customer) => kit.smsTo(who);

describe('Delayed-ForCancellation has a way forward', () => {
  it('a dispatcher arranges a new visit at a new time: the technician, the booking moved, one SMS naming the new day', async () => {
    const paid = await markedForCancellation();
    const before = (await texts(paid.who)).length;
    const slots = await slotsForJob(paid);
    // The booked slot is among them (its own place counts free); another day is chosen.
    expect(slots.map((slot) => slot.id)).toContain(paid.slot.id);
    const newSlot = slots.find(
      (slot) => slot.start_time.slice(0, 10) !== paid.slot.start_time.slice(0, 10),
    )!;

    const reply = await arrange(paid, newSlot);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().work_order as TOpsWorkOrder).toMatchObject({
      status: 'Pending-ForVisit',
      technician: { user_id: technician.id, first_name: 'Rosa' },
      installation: { start_time: newSlot.start_time, end_time: newSlot.end_time },
    });
    expect(await bookingOf(paid.appointmentId)).toEqual({
      slot_id: newSlot.id,
      status: 'confirmed',
    });
    expect((await orderRow(paid.order.order_id)).starts?.toISOString()).toBe(newSlot.start_time);

    const sent = (await texts(paid.who)).slice(before);
    expect(sent).toEqual([expect.stringContaining(slotText(newSlot))]);
    expect(sent[0]).toMatch(/^Konek: We booked a new installation visit for order KNK-\d{8}: /);

    // The customer reads the new visit, and that it was a change of time.
    const workOrder = await kit.viewWorkOrder(paid);
    expect(workOrder).toMatchObject({
      work_order_status: 'Pending-ForVisit',
      installation_status: 'Order Confirmed',
      technician: { first_name: 'Rosa' },
    });
    expect(workOrder.changes.at(-1)?.new_installation).toEqual({
      start_time: newSlot.start_time,
      end_time: newSlot.end_time,
    });
    // The who of the change is the dispatcher.
    const { rows } = await sql<{ changed_by: string }>(
      'select changed_by from work_order_changes where work_order_id = $1 order by id desc limit 1',
      [paid.workOrderId],
    );
    expect(rows[0]!.changed_by).toMatch(/^dispatcher:/);
    // Reads and the sweep do not text it again.
    await kit.viewWorkOrder(paid);
    expect((await texts(paid.who)).slice(before)).toHaveLength(1);
  });

  it('a dispatcher arranges a new visit at the booked time while it is still ahead', async () => {
    const paid = await markedForCancellation();
    const reply = await arrange(paid);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().work_order).toMatchObject({
      status: 'Pending-ForVisit',
      installation: { start_time: paid.slot.start_time },
    });
  });

  it('a dispatcher cancels it: refunded in full first, the place and the port back, Cancelled, one SMS', async () => {
    const paid = await markedForCancellation();
    const before = (await texts(paid.who)).length;
    const reply = await post(
      testApp.app,
      OPS_CANCEL_PATH,
      { work_order_id: paid.workOrderId, reason: 'The subdivision refuses the cable route' },
      dispatcher,
    );
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().work_order).toMatchObject({ status: 'Cancelled', installation: null });
    expect(await kit.paymentStatus(paid)).toBe('refunded');
    const { rows: refunds } = await sql<{ amount: number }>(
      `select sum(amount_centavos)::int as amount from sandbox_refunds`,
    );
    expect(refunds[0]!.amount).toBeGreaterThanOrEqual(paid.order.amount_centavos);
    expect(await bookingOf(paid.appointmentId)).toMatchObject({ status: 'cancelled' });
    const { rows: reservation } = await sql<{ status: string }>(
      'select status from resource_reservations where external_order_id = $1',
      [paid.resource.external_order_id],
    );
    expect(reservation[0]!.status).not.toBe('committed');
    const order = await orderRow(paid.order.order_id);
    expect(order.state).toBe(ORDER_STATES.refunded);

    const sent = (await texts(paid.who)).slice(before);
    expect(sent).toEqual([expect.stringContaining('we cancelled it')]);
    expect(sent[0]).toContain('₱1,499.00 is being refunded');
    // Sent again: nothing changes, and no second text.
    const again = await post(
      testApp.app,
      OPS_CANCEL_PATH,
      { work_order_id: paid.workOrderId },
      dispatcher,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect((await texts(paid.who)).slice(before)).toHaveLength(1);
    // The customer reads it.
    expect((await kit.viewWorkOrder(paid)).installation_status).toBe('Cancelled');
  });

  it('the customer keeps the order and picks a new time: a new visit, Open, and one SMS naming the new day', async () => {
    const paid = await markedForCancellation();
    const before = (await texts(paid.who)).length;
    const newSlot = (await kit.slotsOf(paid.who, paid.appointmentId)).find(
      (slot) => slot.id !== paid.slot.id,
    )!;
    const moved = await kit.moveBooking(paid, newSlot);
    expect(moved.statusCode, moved.body).toBe(200);
    const workOrder = await kit.viewWorkOrder(paid);
    expect(workOrder.work_order_status).toBe('Open');
    expect(workOrder.changes.at(-1)?.new_installation?.start_time).toBe(newSlot.start_time);
    const sent = (await texts(paid.who)).slice(before);
    expect(sent).toEqual([
      expect.stringMatching(/^Konek: Your installation for order KNK-\d{8} is now booked for /),
    ]);
    expect(sent[0]).toContain(slotText(newSlot));
    expect(sent[0]).toContain('https://konek.example/trackmyorder');
  });
});

describe('a new visit after a missed one', () => {
  it('needs a new time (NEW_TIME_NEEDED); with one it is booked and texted', async () => {
    const [paid] = await kit.paidOrders(1, 2);
    const now = clock.now().getTime();
    await sql(
      `update orders set installation_starts_at = $2, installation_ends_at = $3 where id = $1`,
      [paid!.order.order_id, new Date(now - 4 * 3600_000), new Date(now - 3600_000)],
    );
    const missed = await kit.viewWorkOrder(paid!);
    expect(missed.work_order_status).toBe('Delayed-ForReschedule');
    expect(missed.credits).toEqual([
      expect.objectContaining({
        kind: 'missed_visit',
        visit: {
          start_time: new Date(now - 4 * 3600_000).toISOString(),
          end_time: new Date(now - 3600_000).toISOString(),
        },
      }),
    ]);

    const without = await arrange(paid!);
    expect(without.statusCode).toBe(409);
    expect(without.json()).toMatchObject({ module: 'ops', code: 9, field: 'time_slot' });
    const newSlot = (await slotsForJob(paid!))[3]!;
    const booked = await arrange(paid!, newSlot);
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().work_order).toMatchObject({
      status: 'Pending-ForVisit',
      installation: { start_time: newSlot.start_time },
    });
    // The credit of the missed visit stays, with the visit it was for.
    const after = await kit.viewWorkOrder(paid!);
    expect(after.credits).toHaveLength(1);
    expect(after.credits[0]!.visit).not.toBeNull();
    expect((await texts(paid!.who)).at(-1)).toContain(slotText(newSlot));
  });

  it('refuses a time that is not a free slot, changing nothing', async () => {
    const paid = await markedForCancellation();
    // Manila 3:00–6:00 AM, the day after the booked one: neither a morning nor an afternoon.
    const nextDay = Date.parse(paid.slot.start_time) + 24 * 3600_000;
    const reply = await arrange(paid, {
      id: '00000000-0000-4000-8000-000000000000',
      start_time: new Date(nextDay - 6 * 3600_000).toISOString(),
      end_time: new Date(nextDay - 3 * 3600_000).toISOString(),
    });
    expect(reply.json()).toMatchObject({ module: 'appointments', code: 15 });
    expect(reply.statusCode).toBeGreaterThanOrEqual(400);
    expect(reply.statusCode).toBeLessThan(500);
    const workOrder = await kit.viewWorkOrder(paid);
    expect(workOrder.work_order_status).toBe('Delayed-ForCancellation');
    expect(await bookingOf(paid.appointmentId)).toEqual({
      slot_id: paid.slot.id,
      status: 'confirmed',
    });
  });
});

describe('a paid order that lost its installation time (needs_new_time)', () => {
  it('is listed with nothing booked; a new place and create_order book it, the confirmation naming the new time', async () => {
    const [lost] = await kit.orderedNotPaid(1, 5);
    const [other] = await kit.orderedNotPaid(1, 6);
    await sql('update installation_slots set capacity = taken where id = $1', [lost!.slot.id]);
    clock.advance(65 * MINUTE); // the 60-minute hold has passed; the 30-minute checkout has too
    // A fresh checkout for the lost order, then another customer takes the place back.
    const who = { ...lost!.who, token: await tokenFor(testApp, lost!.who, clock) };
    const retried = await kit.createOrder(who, lost!.resource, lost!.appointmentId);
    expect(retried.statusCode, retried.body).toBe(200);
    const otherWho = { ...other!.who, token: await tokenFor(testApp, other!.who, clock) };
    const taken = await kit.hold(otherWho, lost!.slot);
    expect(taken).toBeTruthy();
    await kit.payments.gateway.act(checkoutIdOf(retried.json().checkout_url), 'authorize');

    const listed = await post(
      testApp.app,
      GET_ORDER_ENTITIES_PATH,
      { target_id: who.accountId, target_type: TARGET_TYPE_ACCOUNT },
      who.token,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const order = (listed.json().orders as TOrder[])[0]!;
    // What /trackmyorder reads to offer "Choose a new time": paid, counted, nothing booked, no work order.
    expect(order).toMatchObject({
      state_name: 'needs_new_time',
      purchased: true,
      installation: null,
      properties: { work_order_status: null },
    });
    expect(order.paid_at).not.toBeNull();

    // The way forward: the schedule page holds a new place, the pay page's rebook card books it.
    const newSlot = (await kit.slotsOf(who)).find((slot) => slot.id !== lost!.slot.id)!;
    const appointmentId = await kit.hold(who, newSlot);
    const rebooked = await kit.createOrder(who, lost!.resource, appointmentId);
    expect(rebooked.statusCode, rebooked.body).toBe(200);
    expect(rebooked.json().order).toMatchObject({
      state_name: 'paid',
      installation: { start_time: newSlot.start_time },
      properties: { work_order_status: 'Open' },
    });
    // Told twice: that the payment is safe and a new time is needed, then the confirmation
    // (create_order's, at the rebook) naming the new time.
    expect(await texts(who)).toEqual([
      expect.stringContaining('Choose a new time'),
      expect.stringContaining(slotText(newSlot)),
    ]);
  });
});

describe('every change of the installation time is texted once', () => {
  /** The SMS provider refuses this customer's texts until `allow` is called. */
  async function refuseTextsTo(who: Customer) {
    await sql(
      `alter table sms_outbox add constraint refuse_for_test check (msisdn <> '${who.msisdn}') not valid`,
    );
    return () => sql('alter table sms_outbox drop constraint refuse_for_test');
  }

  /** A sweep with its own recorded SMS provider, run until `done` holds. */
  async function sweepUntil(sent: SmsMessage[], done: () => Promise<boolean>) {
    const sms: SmsSender = { name: 'recorded', send: async (message) => void sent.push(message) };
    const deps: WorkOrdersDependencies = {
      db: testApp.database.db,
      clock,
      sms,
      publicBaseUrl: 'https://konek.example',
      log: { error: () => undefined },
      // The orders module writes and sends the texts (ADR 077).
      orders: { ...ordersKit(testApp, { clock }).orders, sms },
    };
    const sweep = startMissedVisitSweep(deps, 20);
    try {
      await vi.waitFor(async () => expect(await done()).toBe(true), {
        timeout: 10_000,
        interval: 50,
      });
    } finally {
      await sweep.stop();
    }
  }

  it('a text the provider refused is logged without the number, then sent once by the sweep', async () => {
    const [paid] = await kit.paidOrders(1, 1);
    const who = (await kit.fresh(paid!)).who;
    const before = (await texts(who)).length;
    const allow = await refuseTextsTo(who);
    const newSlot = (await kit.slotsOf(who, paid!.appointmentId)).find(
      (slot) => slot.id !== paid!.slot.id,
    )!;
    try {
      const moved = await kit.moveBooking({ ...paid!, who }, newSlot);
      // The change stands: a text that could not go does not undo it.
      expect(moved.statusCode, moved.body).toBe(200);
    } finally {
      await allow();
    }
    expect((await texts(who)).slice(before)).toEqual([]);
    const failures = logged.filter((line) => line.includes('order notice SMS not sent'));
    expect(failures.length).toBeGreaterThan(0);
    for (const line of failures) expect(line).not.toContain(who.msisdn.slice(2));

    const sent: SmsMessage[] = [];
    const allTexts = async () => [
      ...sent.filter((message) => message.msisdn === who.msisdn).map((message) => message.body),
      ...(await texts(who)).slice(before),
    ];
    await sweepUntil(sent, async () => (await allTexts()).length > 0);
    expect(await allTexts()).toEqual([expect.stringContaining(slotText(newSlot))]);
    // Later sweeps find nothing more to send.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await allTexts()).toHaveLength(1);
  });

  it('two changes before the first text went: only the latest time is told', async () => {
    const [paid] = await kit.paidOrders(1, 4);
    const who = (await kit.fresh(paid!)).who;
    const before = (await texts(who)).length;
    const [first, second] = (await kit.slotsOf(who, paid!.appointmentId)).filter(
      (slot) => slot.id !== paid!.slot.id,
    );
    const allow = await refuseTextsTo(who);
    try {
      expect((await kit.moveBooking({ ...paid!, who }, first!)).statusCode).toBe(200);
      expect((await kit.moveBooking({ ...paid!, who }, second!)).statusCode).toBe(200);
    } finally {
      await allow();
    }
    const sent: SmsMessage[] = [];
    const allTexts = async () => [
      ...sent.filter((message) => message.msisdn === who.msisdn).map((message) => message.body),
      ...(await texts(who)).slice(before),
    ];
    await sweepUntil(sent, async () => (await allTexts()).length > 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await allTexts()).toEqual([expect.stringContaining(slotText(second!))]);
  });
});
