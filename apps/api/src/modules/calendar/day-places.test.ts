import { OPS_HISTORY_PATH, type TAuditEntry } from '@konek/contract/ops-history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPS_CALENDAR_ADD_BLOCK_PATH,
  OPS_CALENDAR_PATH,
  OPS_SET_CREW_PLAN_PATH,
  OPS_SET_DAY_PLACES_PATH,
  dayPlacesEntityId,
  type TCalendarPeriod,
} from '@konek/contract/ops-calendar';
import {
  OPS_ADD_CLOSED_DAY_PATH,
  OPS_REMOVE_CLOSED_DAY_PATH,
} from '@konek/contract/ops-closed-days';
import { manilaDayOf, slotPeriod } from '@konek/contract/slot-period';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock, type TestClock } from '../../test/test-clock';
import { post } from '../../test/accounts';
import { paidOrdersKit, type PaidOrder, type PaidOrdersKit } from '../../test/paid-orders';
import { addOperatorUser, signInOperator } from '../../test/work-orders';

// ADR 092 (one day's places) through HTTP against PostgreSQL: a dispatcher sets one zone's places for
// one day and period; the slot takes them at once and the customer's listing follows — never fewer than
// are taken (kept at taken, and answered); a later weekly plan change leaves the day as set; a closed
// day and a blocked period are refused and stay as they are; the change is audited; bad input is a 400
// naming the field. The other roles' 403s are the role matrix's rows (operators/role-matrix.test.ts).

// Saturday 5 December 2026, 9:00 in Manila.
const START = new Date('2026-12-05T01:00:00Z');

let testApp: TestApp;
let clock: TestClock;
let kit: PaidOrdersKit;
let token: string;
let paid: PaidOrder;
let zone: string;

const ops = (path: string, body: object) => post(testApp.app, path, body, token);
const sql = (text: string, values: unknown[] = []) => testApp.database.pool.query(text, values);
const weekdayOf = (day: string) => new Date(`${day}T12:00:00+08:00`).getUTCDay();

const slotRow = async (day: string, period: 'am' | 'pm', zoneCode = zone) =>
  (
    await sql(
      `select capacity, taken, day_places from installation_slots
        where work_zone_code = $1 and starts_at = $2::timestamptz`,
      [zoneCode, `${day}T${period === 'am' ? '09' : '14'}:00:00+08:00`],
    )
  ).rows[0] as { capacity: number; taken: number; day_places: number | null } | undefined;

const listedOn = async (day: string, period: 'am' | 'pm') =>
  (await kit.slotsOf((await kit.fresh(paid)).who)).filter(
    (slot) => manilaDayOf(slot.start_time) === day && slotPeriod(slot) === period,
  );

beforeAll(async () => {
  clock = createTestClock(START);
  testApp = await createTestApp({}, { clock });
  kit = await paidOrdersKit(testApp, clock);
  const added = await addOperatorUser(testApp, clock, {
    username: 'dina',
    role: 'dispatcher',
    name: 'Dina',
    password: 'dina-pass-12345',
  });
  expect(added.code, added.printed.join('\n')).toBe(0);
  token = (await signInOperator(testApp, 'dina', 'dina-pass-12345')).api_token;
  [paid] = (await kit.paidOrders(1, 0)) as [PaidOrder];
  zone = (
    (await sql('select work_zone_code from installation_slots where id = $1', [paid.slot.id]))
      .rows[0] as { work_zone_code: string }
  ).work_zone_code;
}, 120_000);
afterAll(() => testApp?.close());

describe("one day's places", () => {
  it('never goes below what is taken, says so, and the customer sees the new places at once', async () => {
    const day = manilaDayOf(paid.slot.start_time);
    const period = slotPeriod(paid.slot)!;

    const lowered = await ops(OPS_SET_DAY_PLACES_PATH, { work_zone: zone, day, period, places: 0 });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json()).toMatchObject({ code: 0, places: 1, taken: 1, kept: true });
    expect(await slotRow(day, period)).toEqual({ capacity: 1, taken: 1, day_places: 0 });
    // The paid booking stands, and nobody new is offered the period.
    expect(
      (await sql('select status from appointments where id = $1', [paid.appointmentId])).rows[0],
    ).toEqual({ status: 'confirmed' });
    expect(await listedOn(day, period)).toEqual([]);

    const raised = await ops(OPS_SET_DAY_PLACES_PATH, { work_zone: zone, day, period, places: 3 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json()).toMatchObject({ places: 3, taken: 1, kept: false });
    expect(await listedOn(day, period)).toHaveLength(1);

    const view = await ops(OPS_CALENDAR_PATH, { from: day, days: 1 });
    const row = (view.json().days[0].periods as TCalendarPeriod[]).find(
      (each) => each.period === period && each.work_zone.code === zone,
    );
    expect(row).toMatchObject({ places: 3, bookings: 1, free: 2, set_for_day: true });

    const history = await ops(OPS_HISTORY_PATH, {
      entity: 'day_places',
      entity_id: dayPlacesEntityId(zone, day, period),
    });
    expect(history.statusCode, history.body).toBe(200);
    const entries: TAuditEntry[] = history.json().history;
    expect(entries.map((entry) => entry.action)).toEqual(['update', 'update']);
    expect(entries[0]!.operator?.username).toBe('dina');
    expect(entries[0]!.before).toMatchObject({ places: 1, set_for_day: true });
    expect(entries[0]!.after).toMatchObject({ places: 3 });
    expect(entries[0]!.after).not.toHaveProperty('asked');
    expect(entries[1]!.before).toMatchObject({ set_for_day: false });
    expect(entries[1]!.after).toMatchObject({ places: 1, asked: 0 });
  });

  it('places 0 makes a free period unavailable to customers; a later weekly plan change leaves the day as set', async () => {
    // Two weeks after the booked day, same weekday and period: free, offered.
    const booked = manilaDayOf(paid.slot.start_time);
    const day = new Date(Date.parse(`${booked}T12:00:00+08:00`) + 14 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const sameWeekday = new Date(Date.parse(`${booked}T12:00:00+08:00`) + 21 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const period = slotPeriod(paid.slot)!;
    expect((await slotRow(day, period))?.taken).toBe(0);
    expect(await listedOn(day, period)).toHaveLength(1);

    const none = await ops(OPS_SET_DAY_PLACES_PATH, { work_zone: zone, day, period, places: 0 });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toMatchObject({ places: 0, taken: 0, kept: false });
    expect(await listedOn(day, period)).toEqual([]);

    const plan = await ops(OPS_SET_CREW_PLAN_PATH, {
      work_zone: zone,
      plan: [{ weekday: weekdayOf(day), period, places: 12 }],
    });
    expect(plan.statusCode, plan.body).toBe(200);
    expect(await slotRow(day, period)).toEqual({ capacity: 0, taken: 0, day_places: 0 });
    expect((await slotRow(sameWeekday, period))?.capacity).toBe(12);
    expect(await listedOn(day, period)).toEqual([]);
    expect(await listedOn(sameWeekday, period)).toHaveLength(1);
  });

  it('makes the slot of a period the plan gives no places', async () => {
    // Saturday 19 December's afternoon in Cebu: no places in the weekly plan, so no slot.
    await ops(OPS_SET_CREW_PLAN_PATH, {
      work_zone: 'CEBU',
      plan: [{ weekday: 6, period: 'pm', places: 0 }],
    });
    await sql(`delete from installation_slots where work_zone_code = 'CEBU' and starts_at = $1`, [
      '2026-12-19T14:00:00+08:00',
    ]);
    const set = await ops(OPS_SET_DAY_PLACES_PATH, {
      work_zone: 'CEBU',
      day: '2026-12-19',
      period: 'pm',
      places: 2,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ places: 2, taken: 0, kept: false });
    expect(await slotRow('2026-12-19', 'pm', 'CEBU')).toEqual({
      capacity: 2,
      taken: 0,
      day_places: 2,
    });
    const history = await ops(OPS_HISTORY_PATH, {
      entity: 'day_places',
      entity_id: dayPlacesEntityId('CEBU', '2026-12-19', 'pm'),
    });
    expect(history.json().history[0]).toMatchObject({ action: 'create', before: null });
  });

  it('refuses a closed day and a blocked period, which stay as they are', async () => {
    // Thursday 17 December: closed by a dispatcher.
    const closed = await ops(OPS_ADD_CLOSED_DAY_PATH, { day: '2026-12-17', reason: 'Road works' });
    expect(closed.statusCode, closed.body).toBe(200);
    const onClosed = await ops(OPS_SET_DAY_PLACES_PATH, {
      work_zone: 'DAVAO',
      day: '2026-12-17',
      period: 'am',
      places: 5,
    });
    expect(onClosed.statusCode).toBe(409);
    expect(onClosed.json()).toMatchObject({ module: 'ops', field: 'day' });
    expect((await slotRow('2026-12-17', 'am', 'DAVAO'))?.capacity).toBe(0);
    // Christmas Day (the law) and a Sunday.
    for (const day of ['2026-12-25', '2026-12-20']) {
      const reply = await ops(OPS_SET_DAY_PLACES_PATH, {
        work_zone: 'DAVAO',
        day,
        period: 'am',
        places: 5,
      });
      expect(reply.statusCode, day).toBe(409);
      expect(reply.json()).toMatchObject({ module: 'ops', field: 'day' });
    }

    // Friday 18 December's afternoon in Davao: blocked.
    const blocked = await ops(OPS_CALENDAR_ADD_BLOCK_PATH, {
      day: '2026-12-18',
      period: 'pm',
      work_zone: 'DAVAO',
      reason: 'Typhoon',
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const before = await slotRow('2026-12-18', 'pm', 'DAVAO');
    const onBlocked = await ops(OPS_SET_DAY_PLACES_PATH, {
      work_zone: 'DAVAO',
      day: '2026-12-18',
      period: 'pm',
      places: 1,
    });
    expect(onBlocked.statusCode).toBe(409);
    expect(onBlocked.json()).toMatchObject({ module: 'ops', field: 'period' });
    expect(await slotRow('2026-12-18', 'pm', 'DAVAO')).toEqual(before);
  });

  it('gives a day closed and opened again its own places back, not the plan’s', async () => {
    // Tuesday 22 December in Metro Manila North.
    const set = await ops(OPS_SET_DAY_PLACES_PATH, {
      work_zone: 'MM-NORTH',
      day: '2026-12-22',
      period: 'pm',
      places: 5,
    });
    expect(set.statusCode, set.body).toBe(200);
    const closed = await ops(OPS_ADD_CLOSED_DAY_PATH, { day: '2026-12-22', reason: 'Fiesta' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await slotRow('2026-12-22', 'pm', 'MM-NORTH'))?.capacity).toBe(0);
    const opened = await ops(OPS_REMOVE_CLOSED_DAY_PATH, { day: '2026-12-22' });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await slotRow('2026-12-22', 'pm', 'MM-NORTH')).toEqual({
      capacity: 5,
      taken: 0,
      day_places: 5,
    });
    expect((await slotRow('2026-12-22', 'am', 'MM-NORTH'))?.capacity).toBe(8);
  });

  it('refuses bad input naming the field', async () => {
    const good = { work_zone: 'MM-NORTH', day: '2026-12-14', period: 'am', places: 4 };
    const cases: [object, number, string][] = [
      [{ ...good, places: 51 }, 400, 'places'],
      [{ ...good, places: -1 }, 400, 'places'],
      [{ ...good, places: 1.5 }, 400, 'places'],
      [{ ...good, period: 'noon' }, 400, 'period'],
      [{ ...good, day: '2026-02-30' }, 400, 'day'],
      [{ ...good, day: '14/12/2026' }, 400, 'day'],
      [{ ...good, work_zone: '' }, 400, 'work_zone'],
      [{ ...good, work_zone: 'ATLANTIS' }, 400, 'work_zone'],
      // Today, a day gone, and a day past the calendar's six weeks.
      [{ ...good, day: '2026-12-05' }, 400, 'day'],
      [{ ...good, day: '2026-12-01' }, 400, 'day'],
      [{ ...good, day: '2027-01-18' }, 400, 'day'],
    ];
    for (const [body, status, field] of cases) {
      const reply = await ops(OPS_SET_DAY_PLACES_PATH, body);
      expect(reply.statusCode, reply.body).toBe(status);
      const json = reply.json();
      expect(json.field === field || String(json.message).includes(field), reply.body).toBe(true);
    }
    expect((await slotRow('2026-12-14', 'am', 'MM-NORTH'))?.day_places).toBeNull();
    // The calendar's last day is accepted.
    const last = await ops(OPS_SET_DAY_PLACES_PATH, { ...good, day: '2027-01-16' });
    expect(last.statusCode, last.body).toBe(200);
  });
});
