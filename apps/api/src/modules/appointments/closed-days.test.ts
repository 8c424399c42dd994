import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GET_AVAILABLE_TIME_SLOTS_PATH,
  RESERVE_APPOINTMENT_PATH,
  type TBookableSlot,
} from '@konek/contract/appointments';
import {
  OPS_ADD_CLOSED_DAY_PATH,
  OPS_CLOSED_DAYS_PATH,
  OPS_REMOVE_CLOSED_DAY_PATH,
  type TClosedDay,
} from '@konek/contract/ops-closed-days';
import { manilaDayOf } from '@konek/contract/slot-period';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock, type TestClock } from '../../test/test-clock';
import { post, type Customer } from '../../test/accounts';
import { quickCustomers } from '../../test/customers';
import { barangayDetail, buildingParts, LAS_PINAS, withReservedNetwork } from '../../test/journey';
import { addOperatorUser, signInOperator } from '../../test/work-orders';
import { daysClosedByLaw } from './calendar';
import { topUpCalendar } from './service';

// ADR 083 through HTTP against PostgreSQL: the special non-working days the law closes are never offered
// nor booked, a calendar made before they were known is closed by the next top-up, and a dispatcher
// closes a day of their own (its slots go at once) and opens it again (they come back); a day with
// bookings is refused with their count; technicians and customers cannot touch the list.

// Saturday 5 December 2026, 9:00 in Manila: the calendar runs from Monday the 7th to 16 January 2027.
const START = new Date('2026-12-05T01:00:00Z');

let testApp: TestApp;
let clock: TestClock;
let customers: Customer[];
let dispatcherToken: string;
let technicianToken: string;

const slotsOf = async (who: Customer): Promise<TBookableSlot[]> => {
  const reply = await post(
    testApp.app,
    GET_AVAILABLE_TIME_SLOTS_PATH,
    { target_id: who.accountId, target_type: 2 },
    who.token,
  );
  expect(reply.statusCode, reply.body).toBe(200);
  const slots: Record<string, { start_time: string; end_time: string }> = reply.json().time_slots;
  return Object.entries(slots).map(([id, times]) => ({ id, ...times }));
};
const daysOffered = async (who: Customer) =>
  new Set((await slotsOf(who)).map((slot) => manilaDayOf(slot.start_time)));
const reserve = (who: Customer, slot: TBookableSlot) =>
  post(
    testApp.app,
    RESERVE_APPOINTMENT_PATH,
    { target_id: who.accountId, target_type: 2, time_slot: slot },
    who.token,
  );
const closedDays = async (token = dispatcherToken): Promise<TClosedDay[]> => {
  const reply = await post(testApp.app, OPS_CLOSED_DAYS_PATH, {}, token);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().closed_days;
};
const closeDay = (day: string, reason: string, token = dispatcherToken) =>
  post(testApp.app, OPS_ADD_CLOSED_DAY_PATH, { day, reason }, token);
const openDay = (day: string, token = dispatcherToken) =>
  post(testApp.app, OPS_REMOVE_CLOSED_DAY_PATH, { day }, token);

/** The slots the database keeps on a Manila day, with their places. */
async function slotsInDatabase(day: string) {
  const { rows } = await testApp.database.pool.query<{
    id: string;
    capacity: number;
    taken: number;
  }>(
    `select id, capacity, taken from installation_slots
      where to_char((starts_at at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD') = $1
      order by id`,
    [day],
  );
  return rows;
}

beforeAll(async () => {
  clock = createTestClock(START);
  testApp = await createTestApp({}, { clock });
  const almanzaUno = await barangayDetail(testApp.app, LAS_PINAS.code, 'Almanza Uno');
  const unit = await buildingParts(testApp.app, almanzaUno, LAS_PINAS, 'Yakal Heights');
  customers = await quickCustomers(testApp, 3, clock);
  await withReservedNetwork(testApp.app, customers, unit);
  await addOperatorUser(testApp, clock, {
    username: 'dina',
    role: 'dispatcher',
    name: 'Dina',
    password: 'dispatch-pass-1234',
  });
  await addOperatorUser(testApp, clock, {
    username: 'tomas',
    role: 'technician',
    name: 'Tomas',
    password: 'technician-pass-1',
  });
  dispatcherToken = (await signInOperator(testApp, 'dina', 'dispatch-pass-1234')).api_token;
  technicianToken = (await signInOperator(testApp, 'tomas', 'technician-pass-1')).api_token;
});
afterAll(() => testApp.close());

describe('the days Philippine law closes', () => {
  it('knows 2026’s special non-working days as Proclamation No. 1006, s. 2025 lists them', () => {
    const special = [
      '2026-02-17', // Chinese New Year
      '2026-04-04', // Black Saturday
      '2026-08-21', // Ninoy Aquino Day
      '2026-11-01', // All Saints' Day
      '2026-11-02', // All Souls' Day
      '2026-12-08', // Feast of the Immaculate Conception of Mary
      '2026-12-24', // Christmas Eve
      '2026-12-31', // Last day of the year
    ];
    const regular = [
      '2026-01-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-09',
      '2026-05-01',
      '2026-06-12',
      '2026-08-31',
      '2026-11-30',
      '2026-12-25',
      '2026-12-30',
    ];
    const closed = daysClosedByLaw(2026);
    for (const day of [...special, ...regular]) expect(closed.has(day), day).toBe(true);
    // EDSA's anniversary is a special working day in 2026: installations go ahead.
    expect(closed.has('2026-02-25')).toBe(false);
  });

  it('offers no slot on December 8, 24 and 31, nor on the regular holidays', async () => {
    const offered = await daysOffered(customers[0]!);
    for (const day of ['2026-12-08', '2026-12-24', '2026-12-25', '2026-12-30', '2026-12-31']) {
      expect(offered.has(day), day).toBe(false);
    }
    // The working days around them are offered.
    for (const day of ['2026-12-07', '2026-12-09', '2026-12-23', '2026-12-29']) {
      expect(offered.has(day), day).toBe(true);
    }
    expect(await slotsInDatabase('2026-12-08')).toEqual([]);
  });

  it('closes the special days of a calendar made before they were known, keeping its bookings', async () => {
    // A calendar made by an earlier release, with slots on December 8 and 24.
    const { rows } = await testApp.database.pool.query<{ id: string; starts_at: Date }>(
      `insert into installation_slots (work_zone_code, starts_at, ends_at, period, capacity, taken)
       select zone.work_zone_code, day.starts_at, day.starts_at + interval '3 hours', 'am', 8, 0
         from (select work_zone_code from work_zone_cities where city_code = $1) zone,
              unnest($2::timestamptz[]) as day(starts_at)
       returning id, starts_at`,
      [LAS_PINAS.code, ['2026-12-08T01:00:00Z', '2026-12-24T01:00:00Z']],
    );
    const slotOn = (day: string): TBookableSlot => {
      const row = rows.find((each) => manilaDayOf(each.starts_at.toISOString()) === day)!;
      const end = new Date(row.starts_at.getTime() + 3 * 60 * 60 * 1000);
      return { id: row.id, start_time: row.starts_at.toISOString(), end_time: end.toISOString() };
    };
    const [ana, ben] = customers as [Customer, Customer];
    expect((await daysOffered(ana)).has('2026-12-24')).toBe(true);
    const held = await reserve(ana, slotOn('2026-12-24'));
    expect(held.statusCode, held.body).toBe(200);

    await topUpCalendar({ db: testApp.database.db, leadDays: 2, calendarWeeks: 6 }, clock.now());

    // Neither day is offered; December 8 has no place left, December 24 only Ana's.
    for (const day of ['2026-12-08', '2026-12-24']) {
      expect((await daysOffered(ben)).has(day), day).toBe(false);
      const booking = await reserve(ben, slotOn(day));
      expect(booking.statusCode, booking.body).toBe(404);
      expect(booking.json()).toMatchObject({ module: 'appointments', code: 3 });
    }
    expect(await slotsInDatabase('2026-12-08')).toEqual([
      { id: slotOn('2026-12-08').id, capacity: 0, taken: 0 },
    ]);
    expect(await slotsInDatabase('2026-12-24')).toEqual([
      { id: slotOn('2026-12-24').id, capacity: 1, taken: 1 },
    ]);
    // The dispatchers see the booking still on Christmas Eve, to move it.
    const eve = (await closedDays()).find((closed) => closed.day === '2026-12-24');
    expect(eve).toMatchObject({ source: 'law', reason: 'Christmas Eve', bookings: 1 });
  });
});

describe('a day a dispatcher closes', () => {
  it('loses its slots at once, and gets them back when opened again', async () => {
    const [, ben] = customers as [Customer, Customer];
    const before = (await slotsOf(ben)).filter(
      (slot) => manilaDayOf(slot.start_time) === '2026-12-10',
    );
    expect(before.length).toBeGreaterThan(0);

    const closed = await closeDay('2026-12-10', '  Typhoon signal no. 3 over Metro Manila  ');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().closed_day).toMatchObject({
      day: '2026-12-10',
      source: 'dispatcher',
      reason: 'Typhoon signal no. 3 over Metro Manila',
      added_by: { first_name: 'Dina' },
      added_at: clock.now().toISOString(),
      bookings: 0,
    });
    expect((await daysOffered(ben)).has('2026-12-10')).toBe(false);
    const refused = await reserve(ben, before[0]!);
    expect(refused.statusCode, refused.body).toBe(404);
    expect(await closedDays()).toContainEqual(
      expect.objectContaining({ day: '2026-12-10', source: 'dispatcher', bookings: 0 }),
    );

    const opened = await openDay('2026-12-10');
    expect(opened.statusCode, opened.body).toBe(200);
    const after = (await slotsOf(ben)).filter(
      (slot) => manilaDayOf(slot.start_time) === '2026-12-10',
    );
    expect(after).toEqual(before);
    const booked = await reserve(ben, after[0]!);
    expect(booked.statusCode, booked.body).toBe(200);
    expect((await closedDays()).some((closed) => closed.day === '2026-12-10')).toBe(false);
  });

  it('is refused while it has bookings, saying how many', async () => {
    const [, , cara] = customers as [Customer, Customer, Customer];
    const slot = (await slotsOf(cara)).find(
      (each) => manilaDayOf(each.start_time) === '2026-12-11',
    )!;
    expect((await reserve(cara, slot)).statusCode).toBe(200);
    const refused = await closeDay('2026-12-11', 'Crew training');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      module: 'ops',
      code: 12,
      bookings: 1,
      message:
        'December 11, 2026 has 1 installation booked. Move them to other days first, then close it.',
    });
    // Nothing changed: the day stays open.
    expect((await daysOffered(cara)).has('2026-12-11')).toBe(true);
    expect((await closedDays()).some((closed) => closed.day === '2026-12-11')).toBe(false);
  });

  it('refuses a day gone, a day closed already, a day that is not a date and an opening it cannot make', async () => {
    expect((await closeDay('2026-12-04', 'Too late')).json()).toMatchObject({ code: 10 });
    expect((await closeDay('2026-12-08', 'Holiday')).json()).toMatchObject({ code: 11 });
    expect((await closeDay('2026-12-13', 'A Sunday')).json()).toMatchObject({ code: 11 });
    expect((await closeDay('2026-12-14', 'Town fiesta')).statusCode).toBe(200);
    expect((await closeDay('2026-12-14', 'Again')).json()).toMatchObject({ code: 11 });
    const notADate = await closeDay('2026-02-30', 'No such day');
    expect(notADate.statusCode).toBe(400);
    expect((await closeDay('2026-12-15', '   ')).statusCode).toBe(400);
    expect((await openDay('2026-12-24')).json()).toMatchObject({ code: 14 });
    expect((await openDay('2026-12-16')).json()).toMatchObject({ code: 13 });
  });

  it('lists the days the law closes by their names, and the dispatchers’ own with who closed them', async () => {
    const days = await closedDays();
    expect(days.map((closed) => closed.day)).toEqual([...days.map((closed) => closed.day)].sort());
    expect(days).toContainEqual(
      expect.objectContaining({
        day: '2026-12-08',
        source: 'law',
        reason: 'Feast of the Immaculate Conception of the Blessed Virgin Mary',
        added_by: null,
      }),
    );
    expect(days).toContainEqual(
      expect.objectContaining({ day: '2026-12-31', source: 'law', reason: "New Year's Eve" }),
    );
    expect(days).toContainEqual(
      expect.objectContaining({
        day: '2026-12-14',
        source: 'dispatcher',
        reason: 'Town fiesta',
        added_by: expect.objectContaining({ first_name: 'Dina' }),
      }),
    );
  });
});

describe('who may change the closed days', () => {
  it('refuses a technician (403) and a customer token (401)', async () => {
    for (const reply of [
      await post(testApp.app, OPS_CLOSED_DAYS_PATH, {}, technicianToken),
      await closeDay('2026-12-17', 'Not mine to close', technicianToken),
      await openDay('2026-12-14', technicianToken),
    ]) {
      expect(reply.statusCode, reply.body).toBe(403);
      expect(reply.json()).toMatchObject({ module: 'ops', code: 3 });
    }
    const customer = customers[0]!;
    for (const reply of [
      await post(testApp.app, OPS_CLOSED_DAYS_PATH, {}, customer.token),
      await closeDay('2026-12-17', 'Not mine to close', customer.token),
      await openDay('2026-12-14', customer.token),
    ]) {
      expect(reply.statusCode, reply.body).toBe(401);
    }
    expect((await closedDays()).some((closed) => closed.day === '2026-12-17')).toBe(false);
    expect((await closedDays()).some((closed) => closed.day === '2026-12-14')).toBe(true);
  });
});
