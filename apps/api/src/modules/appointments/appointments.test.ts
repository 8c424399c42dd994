import type { QueryResultRow } from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  GET_APPOINTMENTS_PATH,
  GET_AVAILABLE_TIME_SLOTS_PATH,
  RESERVE_APPOINTMENT_PATH,
  UPDATE_APPOINTMENT_PATH,
  ZReserveAppointmentResponse,
  type TBookableSlot,
  type TRequestedSlot,
} from '@konek/contract/appointments';
import type { TCondominiumAddressParts } from '@konek/contract/address-book';
import { GET_RESOURCE_PATH } from '@konek/contract/resource';
import { LOGOUT_PATH } from '@konek/contract/logout';
import { slotPeriod } from '@konek/contract/slot-period';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock, nextUtcTime, type TestClock } from '../../test/test-clock';
import { post, type Customer } from '../../test/accounts';
import { quickCustomers, tokenFor } from '../../test/customers';
import {
  barangayDetail,
  buildingParts,
  houseParts,
  LAS_PINAS,
  saveAddress,
  withReservedNetwork,
} from '../../test/journey';
import { daysClosedByLaw } from './calendar';

// ADR 035 through HTTP against PostgreSQL: the calendar made from the crew plans (no Sundays, no
// public holidays, a lead time), places taken with one conditional update so 1,000 callers never
// overbook, holds that expire on a controlled clock, and moves that never lose or double a place.

const MINUTE = 60 * 1000;

/** The app's clock a millisecond on: a token issued now starts after a sign-out of this millisecond. */
const later = (clock: TestClock): TestClock => {
  clock.advance(1);
  return clock;
};
const DAY = 24 * 60 * MINUTE;

type Setup = { testApp: TestApp; clock: TestClock; unit: TCondominiumAddressParts };

async function setUp(start?: Date): Promise<Setup> {
  const clock = createTestClock(start);
  const testApp = await createTestApp({}, { clock });
  const almanzaUno = await barangayDetail(testApp.app, LAS_PINAS.code, 'Almanza Uno');
  // Yakal Heights is served by its in-building fibre: every customer gets a port.
  const unit = await buildingParts(testApp.app, almanzaUno, LAS_PINAS, 'Yakal Heights');
  return { testApp, clock, unit };
}

const body = (who: Customer, extra: object = {}) => ({
  target_id: who.accountId,
  target_type: 2,
  ...extra,
});

function calls(testApp: TestApp) {
  const slotsOf = async (who: Customer, extra: object = {}) => {
    const reply = await post(
      testApp.app,
      GET_AVAILABLE_TIME_SLOTS_PATH,
      body(who, extra),
      who.token,
    );
    return reply;
  };
  const slotList = async (who: Customer, extra: object = {}): Promise<TBookableSlot[]> => {
    const reply = await slotsOf(who, extra);
    expect(reply.statusCode, reply.body).toBe(200);
    const slots: Record<string, { start_time: string; end_time: string }> = reply.json().time_slots;
    return Object.entries(slots).map(([id, times]) => ({ id, ...times }));
  };
  return {
    slotsOf,
    slotList,
    reserve: async (who: Customer, slot: TRequestedSlot) => {
      const reply = await post(
        testApp.app,
        RESERVE_APPOINTMENT_PATH,
        body(who, { time_slot: slot }),
        who.token,
      );
      // ADR 037: the reply is written without the zod encode, so every one is held to the schema here
      // (parse drops what the schema does not name: equal means nothing more, nothing less).
      if (reply.statusCode === 200)
        expect(reply.json()).toEqual(ZReserveAppointmentResponse.parse(reply.json()));
      return reply;
    },
    update: (who: Customer, appointmentId: string, slot: TRequestedSlot) =>
      post(
        testApp.app,
        UPDATE_APPOINTMENT_PATH,
        body(who, {
          time_slot: slot,
          appointment_id: appointmentId,
          activity_type: 'Installation',
        }),
        who.token,
      ),
    appointments: async (who: Customer) =>
      (await post(testApp.app, GET_APPOINTMENTS_PATH, body(who), who.token)).json().appointments,
    sql: <T extends QueryResultRow>(text: string, values: unknown[] = []) =>
      testApp.database.pool.query<T>(text, values),
  };
}

/** The slot's count and the holds Konek keeps in it, as the database has them. */
async function placesIn(testApp: TestApp, slotId: string) {
  const { rows } = await testApp.database.pool.query<{
    capacity: number;
    taken: number;
    held: number;
  }>(
    `select capacity, taken,
            (select count(*)::int from appointments a
              where a.slot_id = s.id and a.status in ('held', 'confirmed')) as held
       from installation_slots s where id = $1`,
    [slotId],
  );
  return rows[0]!;
}

async function setCapacity(testApp: TestApp, slotId: string, capacity: number) {
  await testApp.database.pool.query(
    'update installation_slots set capacity = $2, taken = 0 where id = $1',
    [slotId, capacity],
  );
}

const manilaKey = (iso: string) =>
  new Date(Date.parse(iso) + 8 * 60 * MINUTE).toISOString().slice(0, 10);
const manilaWeekday = (iso: string) => new Date(Date.parse(iso) + 8 * 60 * MINUTE).getUTCDay();

describe('the calendar and one customer', () => {
  let setup: Setup;
  let api: ReturnType<typeof calls>;
  let customer: Customer;
  beforeAll(async () => {
    setup = await setUp();
    api = calls(setup.testApp);
    customer = (await quickCustomers(setup.testApp, 1, setup.clock))[0]!;
    await withReservedNetwork(setup.testApp.app, [customer], setup.unit);
  });
  afterAll(() => setup.testApp.close());

  it('lists bookable am and pm slots from the lead time on, by start, only with a free place', async () => {
    const slots = await api.slotList(customer);
    expect(slots.length).toBeGreaterThan(40);
    const starts = slots.map((slot) => Date.parse(slot.start_time));
    expect(starts).toEqual([...starts].sort((left, right) => left - right));
    for (const slot of slots) expect(['am', 'pm']).toContain(slotPeriod(slot));
    const today = manilaKey(setup.clock.now().toISOString());
    const leadDay = manilaKey(new Date(setup.clock.now().getTime() + 2 * DAY).toISOString());
    expect(manilaKey(slots[0]!.start_time) >= leadDay).toBe(true);
    expect(slots.every((slot) => manilaKey(slot.start_time) > today)).toBe(true);
    // The demo's full periods are there in the table, but not offered.
    const { rows } = await api.sql<{ id: string }>(
      'select id from installation_slots where taken >= capacity',
    );
    expect(rows.length).toBeGreaterThan(0);
    const offered = new Set(slots.map((slot) => slot.id));
    for (const full of rows) expect(offered.has(full.id)).toBe(false);
  });

  it('holds a place, names it on the resource, and answers the same hold when asked again', async () => {
    const [slot] = await api.slotList(customer);
    const before = await placesIn(setup.testApp, slot!.id);
    const reply = await api.reserve(customer, slot!);
    expect(reply.statusCode, reply.body).toBe(200);
    const appointment = {
      appointment_id: expect.any(String),
      reservation_id: reply.json().reservation_id,
      time_slot: slot,
      activity_type: 'Installation',
      status: 'held',
      expires_at: new Date(setup.clock.now().getTime() + 60 * MINUTE).toISOString(),
    };
    expect(reply.json()).toEqual({
      code: 0,
      module: 'appointments',
      message: 'OK',
      reservation_id: expect.any(String),
      appointment,
    });
    const again = await api.reserve(customer, slot!);
    expect(again.json()).toEqual(reply.json());
    // The slot's id in capitals is the same slot, named in the reply as it is listed.
    const shouted = await api.reserve(customer, { ...slot!, id: slot!.id.toUpperCase() });
    expect(shouted.json()).toEqual(reply.json());
    expect(await placesIn(setup.testApp, slot!.id)).toMatchObject({ taken: before.taken + 1 });
    expect(await api.appointments(customer)).toEqual([reply.json().appointment]);
    const resource = await post(
      setup.testApp.app,
      GET_RESOURCE_PATH,
      body(customer),
      customer.token,
    );
    expect(resource.json().resource.external_appointment_id).toBe(
      reply.json().appointment.appointment_id,
    );
  });

  it('replaces the first hold with a second, giving the first place back in the same transaction', async () => {
    const slots = await api.slotList(customer);
    const [first] = await api.appointments(customer);
    const other = slots.find((slot) => slot.id !== first.time_slot.id)!;
    const firstBefore = await placesIn(setup.testApp, first.time_slot.id);
    const otherBefore = await placesIn(setup.testApp, other.id);
    const reply = await api.reserve(customer, other);
    expect(reply.statusCode).toBe(200);
    // ADR 062: the appointment moves (as update_appointment moves it) under a new hold id.
    expect(reply.json().appointment).toMatchObject({
      appointment_id: first.appointment_id,
      time_slot: other,
      status: 'held',
    });
    expect(reply.json().reservation_id).not.toBe(first.reservation_id);
    expect(await placesIn(setup.testApp, first.time_slot.id)).toMatchObject({
      taken: firstBefore.taken - 1,
    });
    expect(await placesIn(setup.testApp, other.id)).toMatchObject({
      taken: otherBefore.taken + 1,
    });
    const listed = await api.appointments(customer);
    expect(listed).toHaveLength(1);
    expect(listed[0].time_slot.id).toBe(other.id);
  });

  it('moves a booking with update_appointment, its own place counted as free for it', async () => {
    const [current] = await api.appointments(customer);
    const withOwn = await api.slotList(customer, { appointment_id: current.appointment_id });
    expect(withOwn.map((slot) => slot.id)).toContain(current.time_slot.id);
    const target = withOwn.find((slot) => slot.id !== current.time_slot.id)!;
    const reply = await api.update(customer, current.appointment_id, target);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().appointment).toMatchObject({
      appointment_id: current.appointment_id,
      time_slot: target,
      status: 'held',
    });
    expect(reply.json().reservation_id).not.toBe(current.reservation_id);
    expect(await placesIn(setup.testApp, current.time_slot.id)).toMatchObject({ held: 0 });
    expect(await placesIn(setup.testApp, target.id)).toMatchObject({ held: 1 });
  });

  it('books and moves a slot named by its start and end alone (product §3 time slot, ADR 081)', async () => {
    const [first, second] = await api.slotList(customer);
    const times = (slot: TBookableSlot) => ({
      start_time: slot.start_time,
      end_time: slot.end_time,
    });
    const held = await api.reserve(customer, times(first!));
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().appointment.time_slot).toEqual(first);
    const moved = await api.update(
      customer,
      held.json().appointment.appointment_id,
      times(second!),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().appointment.time_slot).toEqual(second);
    // A morning the calendar has no slot for (a year on), and times no period has.
    const yearOn = (iso: string) => new Date(Date.parse(iso) + 364 * DAY).toISOString();
    const noSlot = await api.reserve(customer, {
      start_time: yearOn(first!.start_time),
      end_time: yearOn(first!.end_time),
    });
    expect(noSlot.statusCode).toBe(404);
    expect(noSlot.json()).toMatchObject({ module: 'appointments', code: 3 });
    const noPeriod = await api.reserve(customer, {
      start_time: first!.start_time,
      end_time: new Date(Date.parse(first!.end_time) + 60 * MINUTE).toISOString(),
    });
    expect(noPeriod.json()).toMatchObject({ module: 'appointments', code: 15 });
  });

  it('answers the codes of product §8 for a slot that does not exist or cannot be booked', async () => {
    const [slot] = await api.slotList(customer);
    const cases: [TBookableSlot, number][] = [
      [{ ...slot!, id: crypto.randomUUID() }, 3],
      [{ ...slot!, id: 'no-such-slot' }, 3],
      [
        { ...slot!, end_time: new Date(Date.parse(slot!.end_time) - 30 * MINUTE).toISOString() },
        15,
      ],
      [
        {
          ...slot!,
          start_time: new Date(Date.parse(slot!.start_time) + 60 * MINUTE).toISOString(),
          end_time: new Date(Date.parse(slot!.end_time) + 60 * MINUTE).toISOString(),
        },
        15,
      ],
      // Times PostgreSQL cannot hold (ISO year 0000 is 1 BC): answered as any other time that is not
      // the slot's, never a 500. The first pair has no period; the second is a morning of year 0.
      [
        {
          ...slot!,
          start_time: '0000-02-10T00:00:00-00:00',
          end_time: '0000-02-29T20:00:00+20:00',
        },
        15,
      ],
      [
        {
          ...slot!,
          start_time: '0000-02-10T09:00:00+08:00',
          end_time: '0000-02-10T12:00:00+08:00',
        },
        15,
      ],
      [
        {
          id: crypto.randomUUID(),
          start_time: '0000-02-10T09:00:00+08:00',
          end_time: '0000-02-10T12:00:00+08:00',
        },
        3,
      ],
    ];
    for (const [requested, code] of cases) {
      const reply = await api.reserve(customer, requested);
      expect(reply.json(), JSON.stringify(requested)).toMatchObject({
        module: 'appointments',
        code,
      });
      expect(reply.statusCode).toBe(code === 3 ? 404 : 400);
    }
  });

  it('needs the network reservation first (NO_RESOURCE)', async () => {
    const [newcomer] = await quickCustomers(setup.testApp, 1, setup.clock);
    const reply = await api.slotsOf(newcomer!);
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({ module: 'appointments', code: 20 });
    const [slot] = await api.slotList(customer);
    expect((await api.reserve(newcomer!, slot!)).json()).toMatchObject({ code: 20 });
  });

  it("refuses another user's account and another user's appointment", async () => {
    const [stranger] = await quickCustomers(setup.testApp, 1, setup.clock);
    await withReservedNetwork(setup.testApp.app, [stranger!], setup.unit);
    const [mine] = await api.appointments(customer);
    const [slot] = await api.slotList(customer);
    const asStranger = { ...customer, token: stranger!.token };
    expect((await api.slotsOf(asStranger)).statusCode).toBe(403);
    expect((await api.reserve(asStranger, slot!)).statusCode).toBe(403);
    expect((await api.update(asStranger, mine.appointment_id, slot!)).statusCode).toBe(403);
    expect(
      (await post(setup.testApp.app, GET_APPOINTMENTS_PATH, body(customer), stranger!.token))
        .statusCode,
    ).toBe(403);
    // Their own account, but my appointment's id: not theirs to move or to count as free.
    const moved = await api.update(stranger!, mine.appointment_id, slot!);
    expect(moved.statusCode).toBe(404);
    expect(moved.json()).toMatchObject({ module: 'appointments', code: 21 });
    expect((await api.slotsOf(stranger!, { appointment_id: mine.appointment_id })).statusCode).toBe(
      404,
    );
    expect((await api.appointments(customer))[0]).toEqual(mine);
  });

  it('refuses a signed-out token in the statement that books (ADR 043), before telling whose account it is', async () => {
    const [leaver] = await quickCustomers(setup.testApp, 1, setup.clock);
    await withReservedNetwork(setup.testApp.app, [leaver!], setup.unit);
    // The last slot: the other tests count the places of the first ones.
    const slot = (await api.slotList(leaver!)).at(-1);
    const before = await placesIn(setup.testApp, slot!.id);
    const signedOut = await post(setup.testApp.app, LOGOUT_PATH, {}, leaver!.token);
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    const refused = await api.reserve(leaver!, slot!);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ module: 'common' });
    // Someone else's account with the revoked token: still 401, as every other signed-in call answers.
    expect((await api.reserve({ ...customer, token: leaver!.token }, slot!)).statusCode).toBe(401);
    expect(
      await api.appointments({
        ...leaver!,
        token: await tokenFor(setup.testApp, leaver!, later(setup.clock)),
      }),
    ).toEqual([]);
    expect(await placesIn(setup.testApp, slot!.id)).toEqual(before);
    // Signed in again after the sign-out: booking works.
    const fresh = { ...leaver!, token: await tokenFor(setup.testApp, leaver!, later(setup.clock)) };
    expect((await api.reserve(fresh, slot!)).statusCode).toBe(200);
  });

  it('gives the held place back at once when the address moves', async () => {
    const [mine] = await api.appointments(customer);
    const before = await placesIn(setup.testApp, mine.time_slot.id);
    const almanzaUno = await barangayDetail(setup.testApp.app, LAS_PINAS.code, 'Almanza Uno');
    await saveAddress(setup.testApp.app, customer, houseParts(almanzaUno, LAS_PINAS));
    expect(await placesIn(setup.testApp, mine.time_slot.id)).toMatchObject({
      taken: before.taken - 1,
      held: 0,
    });
    expect(await api.appointments(customer)).toEqual([]);
    expect((await api.slotsOf(customer)).json()).toMatchObject({ code: 20 });
  });
});

describe('a period with 50 places', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp();
  });
  afterAll(() => setup.testApp.close());

  it('gives exactly 50 holds to 1,000 customers booking at once, and 950 clear refusals', async () => {
    const api = calls(setup.testApp);
    const customers = await quickCustomers(setup.testApp, 1000, setup.clock);
    await withReservedNetwork(setup.testApp.app, customers, setup.unit);
    const [slot] = await api.slotList(customers[0]!);
    await setCapacity(setup.testApp, slot!.id, 50);

    const replies = await Promise.all(customers.map((customer) => api.reserve(customer, slot!)));
    const won = replies.filter((reply) => reply.statusCode === 200);
    const refused = replies.filter((reply) => reply.statusCode === 404);
    expect(won).toHaveLength(50);
    expect(refused).toHaveLength(950);
    for (const reply of refused) {
      expect(reply.json()).toMatchObject({ module: 'appointments', code: 3, field: 'time_slot' });
    }
    expect(await placesIn(setup.testApp, slot!.id)).toEqual({ capacity: 50, taken: 50, held: 50 });
    const listed = await api.slotList(customers[0]!);
    expect(listed.map((each) => each.id)).not.toContain(slot!.id);
  }, 240_000);
});

describe('holds that expire', () => {
  let setup: Setup;
  beforeAll(async () => {
    // 23:30 in Manila: the hour the first test moves on crosses midnight there.
    setup = await setUp(nextUtcTime('15:30'));
  });
  afterAll(() => setup.testApp.close());

  it('frees the place once the hold expires; using the expired hold answers RESERVATION_EXPIRED', async () => {
    const api = calls(setup.testApp);
    const [first, second] = await quickCustomers(setup.testApp, 2, setup.clock);
    await withReservedNetwork(setup.testApp.app, [first!, second!], setup.unit);
    // The calendar's last two slots: the hour this test moves on crosses midnight in Manila, which
    // brings the first day within the lead time and takes its slots off the list for that reason.
    const offered = await api.slotList(first!);
    const [slot, other] = [offered.at(-1), offered.at(-2)];
    await setCapacity(setup.testApp, slot!.id, 1);

    const held = await api.reserve(first!, slot!);
    expect(held.statusCode).toBe(200);
    expect((await api.reserve(second!, slot!)).json()).toMatchObject({ code: 3 });
    expect((await api.slotList(second!)).map((each) => each.id)).not.toContain(slot!.id);

    setup.clock.advance(60 * MINUTE - 1000);
    first!.token = await tokenFor(setup.testApp, first!, setup.clock);
    second!.token = await tokenFor(setup.testApp, second!, setup.clock);
    expect((await api.slotList(second!)).map((each) => each.id)).not.toContain(slot!.id);
    setup.clock.advance(1000);
    // Expired: free for others at once, though no row changed yet.
    expect((await api.slotList(second!)).map((each) => each.id)).toContain(slot!.id);
    const resource = await post(setup.testApp.app, GET_RESOURCE_PATH, body(first!), first!.token);
    expect(resource.json().resource.external_appointment_id).toBeNull();

    const taken = await api.reserve(second!, slot!);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await placesIn(setup.testApp, slot!.id)).toEqual({ capacity: 1, taken: 1, held: 1 });

    const late = await api.update(first!, held.json().appointment.appointment_id, other!);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ module: 'appointments', code: 6 });
    expect((await api.appointments(first!))[0]).toMatchObject({ status: 'expired' });
  });

  it('answers INVALID_TIME_SLOT for a slot that has come within the lead time', async () => {
    const api = calls(setup.testApp);
    const [customer] = await quickCustomers(setup.testApp, 1, setup.clock);
    await withReservedNetwork(setup.testApp.app, [customer!], setup.unit);
    const [slot] = await api.slotList(customer!);
    // The day before the slot's day: inside the lead time (2 days) whatever weekday or holiday today is.
    setup.clock.advance(Date.parse(slot!.start_time) - setup.clock.now().getTime() - DAY);
    customer!.token = await tokenFor(setup.testApp, customer!, setup.clock);
    // The network hold (24 hours) has expired meanwhile: reserved again.
    await withReservedNetwork(setup.testApp.app, [customer!], setup.unit);
    const reply = await api.reserve(customer!, slot!);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ module: 'appointments', code: 15 });
  });
});

describe('moves under concurrency', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp();
  });
  afterAll(() => setup.testApp.close());

  it('never loses or duplicates a place while 30 bookings move at once', async () => {
    const api = calls(setup.testApp);
    const customers = await quickCustomers(setup.testApp, 30, setup.clock);
    await withReservedNetwork(setup.testApp.app, customers, setup.unit);
    const [a, b, c] = await api.slotList(customers[0]!);
    await setCapacity(setup.testApp, a!.id, 30);
    await setCapacity(setup.testApp, b!.id, 30);
    await setCapacity(setup.testApp, c!.id, 5);
    const ids = new Map<string, string>();
    for (const customer of customers) {
      const reply = await api.reserve(customer, a!);
      ids.set(customer.userId, reply.json().appointment.appointment_id);
    }

    const targets = [b!, c!, a!];
    for (let round = 0; round < 4; round++) {
      const replies = await Promise.all(
        customers.map((customer, index) =>
          api.update(customer, ids.get(customer.userId)!, targets[(index + round) % 3]!),
        ),
      );
      for (const reply of replies) {
        expect([200, 404]).toContain(reply.statusCode);
        if (reply.statusCode === 404) expect(reply.json()).toMatchObject({ code: 3 });
      }
      // Twice at once by the same customer: one move after the other, never two places.
      await Promise.all([
        api.update(customers[0]!, ids.get(customers[0]!.userId)!, a!),
        api.update(customers[0]!, ids.get(customers[0]!.userId)!, b!),
      ]);
    }

    let total = 0;
    for (const slot of [a!, b!, c!]) {
      const places = await placesIn(setup.testApp, slot.id);
      expect(places.taken).toBe(places.held);
      expect(places.taken).toBeLessThanOrEqual(places.capacity);
      total += places.held;
    }
    expect(total).toBe(30);
    for (const customer of customers) {
      const listed = await api.appointments(customer);
      expect(listed).toHaveLength(1);
      expect(listed[0].status).toBe('held');
    }
  }, 120_000);
});

describe('a calendar over Christmas', () => {
  let setup: Setup;
  beforeAll(async () => {
    // Friday 18 December 2026, 9:00 in Manila.
    setup = await setUp(new Date('2026-12-18T01:00:00Z'));
  });
  afterAll(() => setup.testApp.close());

  it('has no slots on Sundays or the days Philippine law closes, and none before the lead time', async () => {
    const api = calls(setup.testApp);
    const { rows } = await api.sql<{ starts_at: Date }>('select starts_at from installation_slots');
    const days = new Set(rows.map((row) => manilaKey(row.starts_at.toISOString())));
    const holidays = new Set([...daysClosedByLaw(2026).keys(), ...daysClosedByLaw(2027).keys()]);
    // Regular holidays, and (ADR 083) the special non-working days of Proclamation No. 1006, s. 2025.
    for (const holiday of ['2026-12-24', '2026-12-25', '2026-12-30', '2026-12-31', '2027-01-01']) {
      expect(holidays.has(holiday)).toBe(true);
      expect(days.has(holiday)).toBe(false);
    }
    for (const day of days) expect(holidays.has(day)).toBe(false);
    expect(rows.every((row) => manilaWeekday(row.starts_at.toISOString()) !== 0)).toBe(true);
    expect([...days].sort()[0]).toBe('2026-12-21');
    // The working days around them are there: Saturday the 26th, Monday the 28th.
    expect(days.has('2026-12-26')).toBe(true);
    expect(days.has('2026-12-28')).toBe(true);

    const [customer] = await quickCustomers(setup.testApp, 1, setup.clock);
    await withReservedNetwork(setup.testApp.app, [customer!], setup.unit);
    const offered = await api.slotList(customer!);
    for (const slot of offered) {
      expect(holidays.has(manilaKey(slot.start_time))).toBe(false);
      expect(manilaWeekday(slot.start_time)).not.toBe(0);
    }
  });
});

describe('bookings that arrive together (ADR 060)', () => {
  const BATCH = 'konek_reserve_appointments_v1';
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp();
  });
  afterAll(() => setup.testApp.close());

  /** Counts the batch statements sent; `fail` makes each of them fail before it reaches the database. */
  function watchBatches(fail = false) {
    const pool = setup.testApp.database.pool;
    const send = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    const seen = { batches: 0 };
    const spy = vi.spyOn(pool, 'query').mockImplementation(((...args: unknown[]) => {
      if ((args[0] as { name?: string } | undefined)?.name === BATCH) {
        seen.batches += 1;
        if (fail) return Promise.reject(new Error('the batch failed'));
      }
      return send(...args);
    }) as never);
    return { seen, restore: () => spy.mockRestore() };
  }

  it('answers each booking as it would alone, with moves at once, a customer twice and a signed-out token among them', async () => {
    const api = calls(setup.testApp);
    const customers = await quickCustomers(setup.testApp, 40, setup.clock);
    const [leaver] = await quickCustomers(setup.testApp, 1, setup.clock);
    await withReservedNetwork(setup.testApp.app, [...customers, leaver!], setup.unit);
    const [a, b, c] = await api.slotList(customers[0]!);
    await setCapacity(setup.testApp, a!.id, 40);
    await setCapacity(setup.testApp, b!.id, 40);
    await setCapacity(setup.testApp, c!.id, 5);
    const signedOut = await post(setup.testApp.app, LOGOUT_PATH, {}, leaver!.token);
    expect(signedOut.statusCode).toBe(200);
    const movers = customers.slice(0, 10);
    const ids = new Map<string, string>();
    for (const mover of movers) {
      const reply = await api.reserve(mover, a!);
      ids.set(mover.userId, reply.json().appointment.appointment_id);
    }

    const watch = watchBatches();
    try {
      const targets = [b!, c!, a!];
      for (let round = 0; round < 3; round++) {
        const bookings = customers.slice(10).map((customer, index) => ({
          customer,
          reply: api.reserve(customer, targets[(index + round) % 3]!),
        }));
        const moves = movers.map((mover, index) =>
          api.update(mover, ids.get(mover.userId)!, targets[(index + round) % 3]!),
        );
        const twice = [api.reserve(customers[10]!, a!), api.reserve(customers[10]!, b!)];
        const refused = api.reserve(leaver!, a!);
        for (const { reply } of bookings) {
          const answered = await reply;
          expect([200, 404]).toContain(answered.statusCode);
          if (answered.statusCode === 404) expect(answered.json()).toMatchObject({ code: 3 });
        }
        for (const move of await Promise.all(moves)) expect([200, 404]).toContain(move.statusCode);
        for (const reply of await Promise.all(twice)) expect(reply.statusCode).toBe(200);
        expect((await refused).statusCode).toBe(401);
      }
    } finally {
      watch.restore();
    }
    expect(watch.seen.batches).toBeGreaterThan(0);

    let total = 0;
    for (const slot of [a!, b!, c!]) {
      const places = await placesIn(setup.testApp, slot.id);
      expect(places.taken).toBe(places.held);
      expect(places.taken).toBeLessThanOrEqual(places.capacity);
      total += places.held;
    }
    // The ten movers, and of the thirty others those whose last booking found a place (a and b always
    // have room; c has five places).
    const { rows } = await api.sql<{ n: number }>(
      `select count(*)::int as n from appointments where status in ('held', 'confirmed')`,
    );
    expect(total).toBe(rows[0]!.n);
    expect(total).toBeGreaterThanOrEqual(10 + 20);
    for (const customer of customers) {
      expect(
        (await api.appointments(customer)).filter(
          (each: { status: string }) => each.status === 'held',
        ).length,
      ).toBeLessThanOrEqual(1);
    }
    const fresh = { ...leaver!, token: await tokenFor(setup.testApp, leaver!, later(setup.clock)) };
    expect(await api.appointments(fresh)).toEqual([]);
  }, 120_000);

  describe('decided together when no booking can change another (ADR 063)', () => {
    type Booking = {
      userId: string;
      tokenStart: string;
      accountId: string;
      slotId: string;
      start: string;
      end: string;
      periodOk: boolean;
      firstDay: string;
    };
    type Outcome = {
      answers: unknown[];
      bookings: unknown[];
      taken: Record<string, number>;
      noted: unknown[];
      singleCalls: number;
    };

    /** Runs the bookings in a transaction that is rolled back, and says what they did. */
    async function outcomeOf(
      bookings: Booking[],
      known: { appointmentIds: string[]; reservationIds: string[]; slotIds: string[] },
      run: 'batch' | 'one by one',
    ): Promise<Outcome> {
      const now = setup.clock.now().toISOString();
      const expiresAt = new Date(setup.clock.now().getTime() + 60 * MINUTE).toISOString();
      const args = (list: Booking[]) => [
        list.map((each) => each.userId),
        list.map((each) => each.tokenStart),
        list.map((each) => each.accountId),
        list.map((each) => each.slotId),
        list.map((each) => each.start),
        list.map((each) => each.end),
        list.map((each) => each.periodOk),
        list.map(() => now),
        list.map((each) => each.firstDay),
        list.map(() => expiresAt),
        list.map(() => 'Installation'),
      ];
      const client = await setup.testApp.database.pool.connect();
      try {
        await client.query('begin');
        // Counts the calls of konek_reserve_appointment made inside (the view also holds this
        // connection's earlier counts not yet reported, hence the difference).
        await client.query(`set local track_functions = 'pl'`);
        const singleCalls = async () =>
          Number(
            (
              await client.query<{ calls: string }>(
                `select coalesce(sum(calls), 0) as calls from pg_stat_xact_user_functions
                  where funcname = 'konek_reserve_appointment'`,
              )
            ).rows[0]!.calls,
          );
        const callsBefore = await singleCalls();
        let answers: { outcome: string; appointment?: Record<string, unknown> }[] = [];
        if (run === 'batch') {
          const { rows } = await client.query(
            `select konek_reserve_appointments($1::uuid[], $2::bigint[], $3::uuid[], $4::uuid[],
               $5::timestamptz[], $6::timestamptz[], $7::boolean[], $8::timestamptz[], $9::timestamptz[],
               $10::timestamptz[], $11::text[]) as r`,
            args(bookings),
          );
          answers = rows[0].r;
        } else {
          for (const booking of bookings) {
            const { rows } = await client.query(
              `select konek_reserve_appointment($1::uuid, $2::bigint, $3::uuid, $4::uuid, $5::timestamptz,
                 $6::timestamptz, $7::boolean, $8::timestamptz, $9::timestamptz, $10::timestamptz, $11::text) as r`,
              args([booking]).map((column) => column[0]),
            );
            answers.push(rows[0].r);
          }
        }
        // Ids made here are random: named by whether they are ones seen before.
        const idOf = (id: unknown) =>
          known.appointmentIds.includes(String(id)) ? id : 'a new appointment';
        const holdOf = (id: unknown) =>
          known.reservationIds.includes(String(id)) ? id : 'a new hold';
        const accounts = bookings.map((each) => each.accountId);
        const rows = await client.query<Record<string, unknown>>(
          `select id, reservation_id, account_id, resource_reservation_id, slot_id, activity_type, status,
                  expires_at, created_at, updated_at
             from appointments where account_id = any($1::uuid[]) order by account_id, created_at`,
          [accounts],
        );
        const slots = await client.query<{ id: string; taken: number }>(
          'select id, taken from installation_slots where id = any($1::uuid[])',
          [known.slotIds],
        );
        const noted = await client.query<{ account_id: string; external_appointment_id: string }>(
          `select account_id, external_appointment_id, appointment_expires_at from resource_reservations
            where account_id = any($1::uuid[]) order by account_id`,
          [accounts],
        );
        return {
          // What Konek reads of an answer (store.ts reserveOutcomeOf): a batch names the hold only, one
          // booking at a time answers whole rows.
          answers: answers.map((answer) =>
            answer.appointment
              ? {
                  outcome: answer.outcome,
                  appointment: {
                    id: idOf(answer.appointment['id']),
                    reservation_id: holdOf(answer.appointment['reservation_id']),
                    status: answer.appointment['status'],
                    expires_at: answer.appointment['expires_at'],
                    activity_type: answer.appointment['activity_type'],
                  },
                }
              : answer,
          ),
          bookings: rows.rows.map((row) => ({
            ...row,
            id: idOf(row['id']),
            reservation_id: holdOf(row['reservation_id']),
          })),
          taken: Object.fromEntries(slots.rows.map((row) => [row.id, row.taken])),
          noted: noted.rows.map((row) => ({
            ...row,
            external_appointment_id: idOf(row.external_appointment_id),
          })),
          singleCalls: (await singleCalls()) - callsBefore,
        };
      } finally {
        await client.query('rollback');
        client.release();
      }
    }

    /** Ten customers in every case a booking can meet, and what they ask for. */
    async function mixedBookings() {
      const api = calls(setup.testApp);
      const customers = await quickCustomers(setup.testApp, 10, setup.clock);
      const withNetwork = customers.filter((_, index) => index !== 5);
      await withReservedNetwork(setup.testApp.app, withNetwork, setup.unit);
      const [s1, s2, s3] = (await api.slotList(customers[0]!)).slice(-6, -3);
      for (const slot of [s1!, s2!, s3!]) await setCapacity(setup.testApp, slot.id, 100);
      // 1 holds s2 (moves to s1); 2 holds s3 (asks for s3 again); 3 held s2, expired (asks for s2).
      for (const [index, slot] of [
        [1, s2!],
        [2, s3!],
        [3, s2!],
      ] as const) {
        expect((await api.reserve(customers[index]!, slot)).statusCode).toBe(200);
      }
      await api.sql(
        `update appointments set expires_at = $2 where account_id = $1 and status = 'held'`,
        [customers[3]!.accountId, new Date(setup.clock.now().getTime() - MINUTE)],
      );
      // 4 signed out.
      await api.sql('update users set tokens_revoked_up_to = $2 where id = $1', [
        customers[4]!.userId,
        setup.clock.now(),
      ]);
      const before = await api.sql<{ id: string; reservation_id: string }>(
        'select id, reservation_id from appointments where account_id = any($1::uuid[])',
        [customers.map((each) => each.accountId)],
      );
      const firstDay = new Date(setup.clock.now().getTime() - DAY).toISOString();
      const ask = (index: number, slot: TBookableSlot, extra: Partial<Booking> = {}): Booking => ({
        userId: customers[index]!.userId,
        tokenStart: String(setup.clock.now().getTime() + 1),
        accountId: customers[index]!.accountId,
        slotId: slot.id,
        start: slot.start_time,
        end: slot.end_time,
        periodOk: true,
        firstDay,
        ...extra,
      });
      const bookings = [
        ask(0, s1!), // a new hold
        ask(1, s1!), // a held appointment moves
        ask(2, s3!), // the same live hold again
        ask(3, s2!), // its own expired hold, same slot
        ask(4, s1!, { tokenStart: '0' }), // UNAUTHENTICATED
        ask(5, s1!), // NO_RESOURCE
        ask(6, s1!, { periodOk: false }), // INVALID_TIME_SLOT
        ask(7, s1!, { slotId: '00000000-0000-4000-8000-000000000000' }), // TIME_SLOT_NOT_FOUND
        ask(8, s1!, { start: s2!.start_time }), // INVALID_TIME_SLOT: not the slot's time
        ask(9, s1!, { firstDay: new Date(Date.parse(s1!.start_time) + DAY).toISOString() }),
      ];
      const known = {
        appointmentIds: before.rows.map((row) => row.id),
        reservationIds: before.rows.map((row) => row.reservation_id),
        slotIds: [s1!.id, s2!.id, s3!.id],
      };
      return { bookings, known, slots: [s1!, s2!, s3!] };
    }

    it('answers and books what the same bookings one by one would, without calling them one by one', async () => {
      const { bookings, known } = await mixedBookings();
      const together = await outcomeOf(bookings, known, 'batch');
      const oneByOne = await outcomeOf(bookings, known, 'one by one');
      expect(together.singleCalls).toBe(0);
      expect(oneByOne.singleCalls).toBe(bookings.length);
      expect({ ...together, singleCalls: 0 }).toEqual({ ...oneByOne, singleCalls: 0 });
      expect(together.answers.map((answer) => (answer as { outcome: string }).outcome)).toEqual([
        'OK',
        'OK',
        'OK',
        'OK',
        'UNAUTHENTICATED',
        'NO_RESOURCE',
        'INVALID_TIME_SLOT',
        'TIME_SLOT_NOT_FOUND',
        'INVALID_TIME_SLOT',
        'INVALID_TIME_SLOT',
      ]);
    });

    it('goes one by one, answering the same, when a slot has no room for all of them', async () => {
      const { bookings, known, slots } = await mixedBookings();
      // s1 has one place left: the new hold takes it, the move is refused.
      await setup.testApp.database.pool.query(
        'update installation_slots set capacity = taken + 1 where id = $1',
        [slots[0]!.id],
      );
      const together = await outcomeOf(bookings, known, 'batch');
      const oneByOne = await outcomeOf(bookings, known, 'one by one');
      expect(together.singleCalls).toBe(bookings.length);
      expect(together).toEqual(oneByOne);
      expect(
        together.answers.slice(0, 2).map((answer) => (answer as { outcome: string }).outcome),
      ).toEqual(['OK', 'TIME_SLOT_NOT_FOUND']);
    });
  });

  it('sends a batch that fails as a whole again one booking at a time', async () => {
    const api = calls(setup.testApp);
    const customers = await quickCustomers(setup.testApp, 12, setup.clock);
    await withReservedNetwork(setup.testApp.app, customers, setup.unit);
    const slots = await api.slotList(customers[0]!);
    const slot = slots.at(-1)!;
    await setCapacity(setup.testApp, slot.id, 100);
    const watch = watchBatches(true);
    let replies;
    try {
      replies = await Promise.all(customers.map((customer) => api.reserve(customer, slot)));
    } finally {
      watch.restore();
    }
    expect(watch.seen.batches).toBeGreaterThan(0);
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);
    expect(await placesIn(setup.testApp, slot.id)).toEqual({ capacity: 100, taken: 12, held: 12 });
  });

  it('never moves a paid booking in a batch (ADR 066), and commits holds waiting for the disk (ADR 085)', async () => {
    const api = calls(setup.testApp);
    const [payer, holder] = await quickCustomers(setup.testApp, 2, setup.clock);
    await withReservedNetwork(setup.testApp.app, [payer!, holder!], setup.unit);
    const slots = await api.slotList(payer!);
    const [first, second] = [slots.at(-2)!, slots.at(-1)!];
    const paid = await api.reserve(payer!, first);
    await api.sql(`update appointments set status = 'confirmed', expires_at = null where id = $1`, [
      paid.json().appointment.appointment_id,
    ]);
    const now = setup.clock.now();
    const argumentsOf = (who: Customer[], slot: TBookableSlot) => [
      who.map((each) => each.userId),
      who.map(() => '0'),
      who.map((each) => each.accountId),
      who.map(() => slot.id),
      who.map(() => slot.start_time),
      who.map(() => slot.end_time),
      who.map(() => true),
      who.map(() => now.toISOString()),
      who.map(() => new Date(now.getTime() - DAY).toISOString()),
      who.map(() => new Date(now.getTime() + 30 * MINUTE).toISOString()),
      who.map(() => 'Installation'),
    ];
    const commitOf = async (who: Customer[]) => {
      const client = await setup.testApp.database.pool.connect();
      try {
        await client.query('begin');
        const { rows } = await client.query<{ r: { outcome: string }[] }>(
          `select konek_reserve_appointments($1::uuid[], $2::bigint[], $3::uuid[], $4::uuid[],
             $5::timestamptz[], $6::timestamptz[], $7::boolean[], $8::timestamptz[], $9::timestamptz[],
             $10::timestamptz[], $11::text[]) as r`,
          argumentsOf(who, second),
        );
        const setting = await client.query<{ synchronous_commit: string }>(
          'show synchronous_commit',
        );
        return {
          outcomes: rows[0]!.r.map((each) => each.outcome),
          commit: setting.rows[0]!.synchronous_commit,
        };
      } finally {
        await client.query('rollback');
        client.release();
      }
    };
    expect(await commitOf([holder!])).toEqual({ outcomes: ['OK'], commit: 'on' });
    // The paid booking is left for update_appointment's move, with its order (ADR 049): nothing of it
    // changes here, and the batch's holds commit as every other transaction does.
    expect(await commitOf([holder!, payer!])).toEqual({
      outcomes: ['OK', 'PAID_BOOKING'],
      commit: 'on',
    });
  });
});
