import { OPS_HISTORY_PATH, type TAuditEntry } from '@konek/contract/ops-history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GET_APPOINTMENTS_PATH,
  RESERVE_APPOINTMENT_PATH,
  type TBookableSlot,
} from '@konek/contract/appointments';
import {
  OPS_CALENDAR_ADD_BLOCK_PATH,
  OPS_CALENDAR_BLOCKS_PATH,
  OPS_CALENDAR_PATH,
  OPS_CALENDAR_PREVIEW_BLOCK_PATH,
  OPS_CALENDAR_REMOVE_BLOCK_PATH,
  type TAffectedBooking,
  type TCalendarBlock,
  type TCalendarPeriod,
} from '@konek/contract/ops-calendar';
import { GET_ORDER_ENTITIES_PATH, type TOrder } from '@konek/contract/orders';
import { manilaDayOf, slotPeriod } from '@konek/contract/slot-period';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock, type TestClock } from '../../test/test-clock';
import { post } from '../../test/accounts';
import { paidOrdersKit, type PaidOrdersKit, type PaidOrder } from '../../test/paid-orders';
import { addOperatorUser, signInOperator } from '../../test/work-orders';
import { checkoutIdOf } from '../../test/payments';

// ADR 092 through HTTP against PostgreSQL: a dispatcher previews a block (the bookings it would take the
// time of), confirms it (a paid booking loses its time and its customer is texted the reason once; an
// unpaid hold ends), the customer's orders say why and choosing a new time books the order again, a
// blocked period is neither offered nor booked, the day view counts it, and unblocking offers it again.
// Only dispatchers; bad input is a 4xx naming the field.

// Saturday 5 December 2026, 9:00 in Manila.
const START = new Date('2026-12-05T01:00:00Z');
const REASON = 'Typhoon Pepito: signal no. 3';

let testApp: TestApp;
let clock: TestClock;
let kit: PaidOrdersKit;
let dispatcherToken: string;
let technicianToken: string;
let marketingToken: string;

const ops = (path: string, body: object, token = dispatcherToken) =>
  post(testApp.app, path, body, token);
const sql = (text: string, values: unknown[] = []) => testApp.database.pool.query(text, values);
const blockOf = (slot: TBookableSlot, extra: object = {}) => ({
  day: manilaDayOf(slot.start_time),
  period: slotPeriod(slot)!,
  work_zone: null,
  reason: REASON,
  ...extra,
});
const ordersOf = async (paid: PaidOrder): Promise<TOrder[]> => {
  const fresh = await kit.fresh(paid);
  const reply = await post(
    testApp.app,
    GET_ORDER_ENTITIES_PATH,
    { target_id: fresh.who.accountId, target_type: 2 },
    fresh.who.token,
  );
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().orders;
};
const appointmentStatus = async (id: string) =>
  ((await sql('select status from appointments where id = $1', [id])).rows[0] as { status: string })
    .status;

beforeAll(async () => {
  clock = createTestClock(START);
  testApp = await createTestApp({}, { clock });
  kit = await paidOrdersKit(testApp, clock);
  const operators = [
    ['dina', 'dispatcher', 'Dina'],
    ['tomas', 'technician', 'Tomas'],
    ['mara', 'marketing', 'Mara'],
  ] as const;
  for (const [username, role, name] of operators) {
    const added = await addOperatorUser(testApp, clock, {
      username,
      role,
      name,
      password: `${username}-pass-12345`,
    });
    expect(added.code, added.printed.join('\n')).toBe(0);
  }
  dispatcherToken = (await signInOperator(testApp, 'dina', 'dina-pass-12345')).api_token;
  technicianToken = (await signInOperator(testApp, 'tomas', 'tomas-pass-12345')).api_token;
  marketingToken = (await signInOperator(testApp, 'mara', 'mara-pass-12345')).api_token;
}, 120_000);
afterAll(() => testApp?.close());

describe('blocking an installation period', () => {
  it('previews, blocks, tells the customer once, and lets them choose a new time', async () => {
    const [paid] = await kit.paidOrders(1, 0);
    const [unpaid] = await kit.orderedNotPaid(1, 0);
    const slot = paid!.slot;
    expect(unpaid!.slot.id).toBe(slot.id);
    const before = (await sql('select taken from installation_slots where id = $1', [slot.id]))
      .rows[0] as { taken: number };

    // Preview: both bookings listed, nothing changed.
    const preview = await ops(OPS_CALENDAR_PREVIEW_BLOCK_PATH, blockOf(slot));
    expect(preview.statusCode, preview.body).toBe(200);
    const listed: TAffectedBooking[] = preview.json().affected;
    expect(listed).toHaveLength(2);
    const paidRow = listed.find((row) => row.order_number === paid!.order.order_number)!;
    expect(paidRow).toMatchObject({
      kind: 'paid',
      slot: { start_time: slot.start_time, end_time: slot.end_time },
      period: slotPeriod(slot),
    });
    expect(paidRow.masked_mobile).toMatch(/^09\d\d ••• \d{4}$/);
    expect(paidRow.customer_first_name).not.toBe('');
    expect(paidRow.work_zone.name).not.toBe('');
    expect(listed.find((row) => row.order_number === unpaid!.order.order_number)?.kind).toBe(
      'held',
    );
    expect(await appointmentStatus(paid!.appointmentId)).toBe('confirmed');

    // Confirm: blocked, the paid order needs a new time, the hold ended, both places given back.
    const confirmed = await ops(OPS_CALENDAR_ADD_BLOCK_PATH, blockOf(slot));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const block: TCalendarBlock = confirmed.json().block;
    expect(block).toMatchObject({
      day: manilaDayOf(slot.start_time),
      period: slotPeriod(slot),
      work_zone: null,
      reason: REASON,
      blocked_by: { first_name: 'Dina' },
    });
    expect(confirmed.json().affected).toHaveLength(2);
    expect(await appointmentStatus(paid!.appointmentId)).toBe('cancelled');
    expect(await appointmentStatus(unpaid!.appointmentId)).toBe('expired');
    const after = (await sql('select taken from installation_slots where id = $1', [slot.id]))
      .rows[0] as { taken: number };
    expect(after.taken).toBe(before.taken - 2);
    const { rows: workOrders } = await sql(
      'select status, technician_id from work_orders where order_id = $1',
      [paid!.order.order_id],
    );
    expect(workOrders[0]).toEqual({ status: 'Delayed', technician_id: null });

    // The customer's orders (what /trackmyorder reads) say why and that a new time is needed.
    const [lost] = await ordersOf(paid!);
    expect(lost).toMatchObject({
      state_name: 'needs_new_time',
      purchased: true,
      installation: null,
      new_time_reason: REASON,
    });

    // Exactly one text, naming the reason and the way to choose a new time; reading again sends none.
    await ordersOf(paid!);
    const texts = (await kit.smsTo(paid!.who)).filter((text) => text.includes(REASON));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(paid!.order.order_number);
    expect(texts[0]).toContain('Choose a new time');
    const { rows: notices } = await sql(
      `select state from order_notices where order_id = $1 and kind = 'period_blocked'`,
      [paid!.order.order_id],
    );
    expect(notices).toEqual([{ state: 'sent' }]);

    // The blocked period is neither offered nor bookable.
    const fresh = await kit.fresh(paid!);
    const offered = await kit.slotsOf(fresh.who);
    expect(offered.map((each) => each.id)).not.toContain(slot.id);
    const refused = await post(
      testApp.app,
      RESERVE_APPOINTMENT_PATH,
      { target_id: fresh.who.accountId, target_type: 2, time_slot: slot },
      fresh.who.token,
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ module: 'appointments' });

    // The unpaid customer's hold reads as run out (the pay page then asks for another time); paying
    // anyway never retakes a blocked place: the order is paid and needs a new time.
    const freshUnpaid = await kit.fresh({ ...unpaid!, workOrderId: '' });
    const appointments = await post(
      testApp.app,
      GET_APPOINTMENTS_PATH,
      { target_id: freshUnpaid.who.accountId, target_type: 2 },
      freshUnpaid.who.token,
    );
    expect(appointments.json().appointments[0]).toMatchObject({ status: 'expired' });
    await kit.payments.gateway.act(checkoutIdOf(unpaid!.checkoutUrl), 'authorize');
    expect(await appointmentStatus(unpaid!.appointmentId)).toBe('expired');
    const [unpaidOrder] = await ordersOf({ ...unpaid!, workOrderId: '' });
    expect(unpaidOrder?.state_name).toBe('needs_new_time');

    // Choosing a new time (the schedule page, then create_order) books the paid order again.
    const newSlot = offered[0]!;
    const appointmentId = await kit.hold(fresh.who, newSlot);
    const rebooked = await kit.createOrder(fresh.who, paid!.resource, appointmentId);
    expect(rebooked.statusCode, rebooked.body).toBe(200);
    expect(rebooked.json().order).toMatchObject({
      state_name: 'paid',
      installation: { start_time: newSlot.start_time, end_time: newSlot.end_time },
      new_time_reason: null,
      properties: { work_order_status: 'Open' },
    });
    const textsAfter = await kit.smsTo(paid!.who);
    expect(textsAfter.at(-1)).toContain('is confirmed');
    expect(textsAfter.filter((text) => text.includes(REASON))).toHaveLength(1);

    // The day view counts the blocked period; the block is listed.
    const view = await ops(OPS_CALENDAR_PATH, { from: block.day, days: 1 });
    expect(view.statusCode, view.body).toBe(200);
    const periods: TCalendarPeriod[] = view.json().days[0].periods;
    const blockedRows = periods.filter((row) => row.period === block.period);
    expect(blockedRows.length).toBeGreaterThan(0);
    for (const row of blockedRows) expect(row).toMatchObject({ blocked: true, free: 0 });
    const listedBlocks: TCalendarBlock[] = (await ops(OPS_CALENDAR_BLOCKS_PATH, {})).json().blocks;
    expect(listedBlocks.map((each) => each.block_id)).toContain(block.block_id);

    // The same block again is refused; unblocking offers the period again and re-books nobody.
    const again = await ops(OPS_CALENDAR_ADD_BLOCK_PATH, blockOf(slot));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ module: 'ops', field: 'period' });
    const lifted = await ops(OPS_CALENDAR_REMOVE_BLOCK_PATH, { block_id: block.block_id });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await kit.slotsOf(fresh.who)).map((each) => each.id)).toContain(slot.id);
    const liftedAgain = await ops(OPS_CALENDAR_REMOVE_BLOCK_PATH, { block_id: block.block_id });
    expect(liftedAgain.statusCode).toBe(404);
    expect(liftedAgain.json()).toMatchObject({ module: 'ops', field: 'block_id' });

    // ADR 089: the block and its lifting are in the audit history, who did each and what changed.
    const history = await ops(OPS_HISTORY_PATH, {
      entity: 'calendar_block',
      entity_id: block.block_id,
    });
    expect(history.statusCode, history.body).toBe(200);
    const entries: TAuditEntry[] = history.json().history;
    expect(entries.map((entry) => entry.action)).toEqual(['lift', 'create']);
    expect(entries[1]!.after).toMatchObject({ reason: block.reason, bookings_moved: 2 });
    expect(entries[0]!.before).toMatchObject({ lifted_at: null });
    expect(entries[0]!.after?.['lifted_at']).toEqual(expect.any(String));
  });

  it('blocks a whole day in one work zone: every period of that zone there is not offered', async () => {
    const [paid] = await kit.paidOrders(1, 3);
    const zones = (await ops(OPS_CALENDAR_BLOCKS_PATH, {})).json().work_zones as {
      code: string;
    }[];
    const { rows } = await sql('select work_zone_code from installation_slots where id = $1', [
      paid!.slot.id,
    ]);
    const zone = (rows[0] as { work_zone_code: string }).work_zone_code;
    expect(zones.map((each) => each.code)).toContain(zone);
    const day = manilaDayOf(paid!.slot.start_time);
    const reply = await ops(OPS_CALENDAR_ADD_BLOCK_PATH, {
      day,
      period: 'day',
      work_zone: zone,
      reason: 'Road works on the national highway',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().affected.map((row: TAffectedBooking) => row.order_number)).toContain(
      paid!.order.order_number,
    );
    const offered = await kit.slotsOf((await kit.fresh(paid!)).who);
    expect(offered.filter((slot) => manilaDayOf(slot.start_time) === day)).toEqual([]);
    const [order] = await ordersOf(paid!);
    expect(order?.new_time_reason).toBe('Road works on the national highway');
  });
});

describe('a booking racing a block', () => {
  it('waits for the block’s lock, then sees the block: no place is taken in the blocked period', async () => {
    const [ordered] = await kit.orderedNotPaid(1, 6);
    const fresh = await kit.fresh({ ...ordered!, workOrderId: '' });
    const target = (await kit.slotsOf(fresh.who)).find((slot) => slot.id !== ordered!.slot.id)!;
    const takenOf = async () =>
      (
        (await sql('select taken from installation_slots where id = $1', [target.id])).rows[0] as {
          taken: number;
        }
      ).taken;
    const before = await takenOf();
    const { rows } = await sql("select id from ops_users where username = 'dina'");
    const dispatcherId = (rows[0] as { id: string }).id;
    // A block's transaction as confirmBlock runs it: the slot locked first, then the block written.
    const client = await testApp.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('select id from installation_slots where id = $1 for update', [target.id]);
      await client.query(
        `insert into calendar_blocks (day, period, work_zone_code, reason, blocked_by, blocked_at)
         values ($1, $2, null, 'Flooded roads', $3, now())`,
        [manilaDayOf(target.start_time), slotPeriod(target), dispatcherId],
      );
      const booking = post(
        testApp.app,
        RESERVE_APPOINTMENT_PATH,
        { target_id: fresh.who.accountId, target_type: 2, time_slot: target },
        fresh.who.token,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await client.query('commit');
      const reply = await booking;
      expect(reply.statusCode, reply.body).toBe(404);
    } finally {
      client.release();
    }
    expect(await takenOf()).toBe(before);
    expect(await appointmentStatus(ordered!.appointmentId)).toBe('held');
  });
});

describe('who may block, and what', () => {
  it('refuses every other role and customers', async () => {
    const slotLike = { day: '2026-12-10', period: 'am', reason: REASON };
    for (const token of [technicianToken, marketingToken]) {
      for (const [path, body] of [
        [OPS_CALENDAR_PATH, { from: '2026-12-10' }],
        [OPS_CALENDAR_BLOCKS_PATH, {}],
        [OPS_CALENDAR_PREVIEW_BLOCK_PATH, slotLike],
        [OPS_CALENDAR_ADD_BLOCK_PATH, slotLike],
        [OPS_CALENDAR_REMOVE_BLOCK_PATH, { block_id: '00000000-0000-4000-8000-000000000000' }],
      ] as const) {
        const reply = await ops(path, body, token);
        expect(reply.statusCode, `${path}: ${reply.body}`).toBe(403);
        expect(reply.json()).toMatchObject({ module: 'ops' });
      }
    }
    const [customer] = await kit.orderedNotPaid(1, 1);
    const reply = await ops(OPS_CALENDAR_PATH, { from: '2026-12-10' }, customer!.who.token);
    expect(reply.statusCode).toBe(401);
  });

  it('answers bad input with a 4xx naming the field', async () => {
    const good = { day: '2026-12-10', period: 'am', reason: REASON };
    const cases: [object, string][] = [
      [{ ...good, day: '2026-02-30' }, 'day'],
      [{ ...good, period: 'evening' }, 'period'],
      [{ ...good, reason: '   ' }, 'reason'],
      [{ ...good, reason: 'x'.repeat(201) }, 'reason'],
    ];
    for (const [body, field] of cases) {
      const reply = await ops(OPS_CALENDAR_PREVIEW_BLOCK_PATH, body);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json().message).toContain(field);
    }
    const zone = await ops(OPS_CALENDAR_ADD_BLOCK_PATH, { ...good, work_zone: 'ATLANTIS' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json()).toMatchObject({ module: 'ops', field: 'work_zone' });
    const past = await ops(OPS_CALENDAR_PREVIEW_BLOCK_PATH, { ...good, day: '2026-12-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ field: 'day' });
    // 9:00 in Manila: this morning has started.
    const started = await ops(OPS_CALENDAR_PREVIEW_BLOCK_PATH, { ...good, day: '2026-12-05' });
    expect(started.statusCode).toBe(400);
    expect(started.json()).toMatchObject({ field: 'period' });
    const removed = await ops(OPS_CALENDAR_REMOVE_BLOCK_PATH, { block_id: 'not-a-uuid' });
    expect(removed.statusCode).toBe(400);
    expect(removed.json().message).toContain('block_id');
    const days = await ops(OPS_CALENDAR_PATH, { from: '2026-12-10', days: 99 });
    expect(days.statusCode).toBe(400);
    expect(days.json().message).toContain('days');
  });
});
