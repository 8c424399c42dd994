import { and, asc, desc, eq, gte, inArray, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import type { Db } from '../../platform/db/database';
import {
  appointments,
  closedDays,
  crewPlans,
  installationSlots,
  workZoneCities,
  workZones,
} from '../../db/schema/appointments';

export type StoredSlot = typeof installationSlots.$inferSelect;
export type StoredAppointment = typeof appointments.$inferSelect;
export type NewSlot = Omit<StoredSlot, 'id' | 'dayPlaces'>;

/** Serialises one account's booking calls until the transaction ends, on every replica. */
export async function lockAccountAppointments(tx: Db, accountId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`appointment:${accountId}`}, 0))`,
  );
}

const dateOrNull = (value: unknown) => (typeof value === 'string' ? new Date(value) : null);
const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** The id a booking sends for a slot id no slot can have (not a UUID): the nil UUID, which no slot has. */
export const NO_SLOT = '00000000-0000-0000-0000-000000000000';

/** What a booking call sends konek_bookable_slot: the slot it names, and the times it sent. */
export type SlotNamed = {
  /** The slot's id; null names it by its start and end alone (ADR 081); NO_SLOT for an id no slot has. */
  slotId: string | null;
  /** Null when the time does not parse (not the slot's). */
  startsAt: Date | null;
  endsAt: Date | null;
  isPeriodValid: boolean;
  firstBookableDay: Date;
};

export type BookableSlot =
  { outcome: 'OK'; slot: BookedSlot } | { outcome: 'INVALID_TIME_SLOT' | 'TIME_SLOT_NOT_FOUND' };

/**
 * ADR 085: the slot a booking names and whether it may be booked — konek_bookable_slot
 * (db/functions/konek_bookable_slot.sql), the rule reserve_appointment's function uses too.
 */
export async function bookableSlot(
  db: Db,
  /** The city of the account's network reservation (it names the work zone). */
  cityCode: string | null,
  named: SlotNamed,
): Promise<BookableSlot> {
  const result = await db.execute<{
    outcome: string | null;
    id: string;
    starts_at: Date | string;
    ends_at: Date | string;
  }>(
    sql`select outcome, id, starts_at, ends_at from konek_bookable_slot(${cityCode}::text,
      ${named.slotId}::uuid, ${iso(named.startsAt)}::timestamptz, ${iso(named.endsAt)}::timestamptz,
      ${named.isPeriodValid}::boolean, ${named.firstBookableDay.toISOString()}::timestamptz)`,
  );
  const row = result.rows[0]!;
  if (row.outcome !== null) return { outcome: row.outcome as 'INVALID_TIME_SLOT' };
  return {
    outcome: 'OK',
    slot: { id: row.id, startsAt: new Date(row.starts_at), endsAt: new Date(row.ends_at) },
  };
}

export async function findWorkZoneOfCity(db: Db, cityCode: string): Promise<string | undefined> {
  const [row] = await db
    .select({ code: workZoneCities.workZoneCode })
    .from(workZoneCities)
    .where(eq(workZoneCities.cityCode, cityCode));
  return row?.code;
}

export async function listPlannedZones(db: Db) {
  const zones = await db.select().from(workZones).orderBy(asc(workZones.code));
  const plans = await db.select().from(crewPlans);
  return zones.map((zone) => ({
    ...zone,
    plans: plans.filter((plan) => plan.workZoneCode === zone.code),
  }));
}

/**
 * New slots; one that exists (zone and start) is left as it is, unless a closed day left it without a
 * place (capacity 0, ADR 083): its day is open again, so it gets the crew plan's places back (or the
 * places a dispatcher set for that day, ADR 092).
 */
export async function insertMissingSlots(db: Db, slots: NewSlot[]): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < slots.length; start += 1000) {
    const rows = await db
      .insert(installationSlots)
      .values(slots.slice(start, start + 1000))
      .onConflictDoUpdate({
        target: [installationSlots.workZoneCode, installationSlots.startsAt],
        // ADR 092: a slot whose places a dispatcher set for its day gets those back, none taken.
        set: {
          capacity: sql`coalesce(${installationSlots.dayPlaces}, excluded.capacity)`,
          taken: sql`case when ${installationSlots.dayPlaces} is null then excluded.taken else 0 end`,
        },
        setWhere: sql`${installationSlots.capacity} = 0 and ${installationSlots.taken} = 0
          and coalesce(${installationSlots.dayPlaces}, 1) > 0`,
      })
      .returning({ id: installationSlots.id });
    inserted += rows.length;
  }
  return inserted;
}

/** A span of instants, from inclusive, to exclusive: a Manila day. */
export type Span = { from: Date; to: Date };

const spanArrays = (spans: readonly Span[]) => ({
  froms: `{${spans.map((span) => span.from.toISOString()).join(',')}}`,
  tos: `{${spans.map((span) => span.to.toISOString()).join(',')}}`,
});

/** A booking that counts: paid, or held and not yet expired at `now`. */
const liveBooking = (now: Date) =>
  sql`(a.status = 'confirmed' or (a.status = 'held' and a.expires_at > ${now.toISOString()}::timestamptz))`;

/**
 * ADR 083: locks every slot that starts in the span (in one order, by id, as bookings lock them) and
 * answers how many bookings they hold. Until the transaction ends no booking can take one of them.
 */
export async function lockSlotsCountingBookings(tx: Db, span: Span, now: Date): Promise<number> {
  await tx.execute(sql`
    select id from ${installationSlots}
     where starts_at >= ${span.from.toISOString()}::timestamptz
       and starts_at < ${span.to.toISOString()}::timestamptz
     order by id for update`);
  const result = await tx.execute<{ bookings: number }>(sql`
    select count(*)::int as bookings
      from ${appointments} a join ${installationSlots} s on s.id = a.slot_id
     where s.starts_at >= ${span.from.toISOString()}::timestamptz
       and s.starts_at < ${span.to.toISOString()}::timestamptz
       and ${liveBooking(now)}`);
  return result.rows[0]?.bookings ?? 0;
}

/**
 * ADR 083: the slots starting in the spans keep no free place: holds that expired are ended, and each
 * slot's capacity and places taken become the bookings it still holds (none, on a day a dispatcher
 * closed). Every booking takes a place only while `taken < capacity`, so nothing books them, and with no
 * expired hold left nothing offers them. Answers how many slots changed.
 */
export async function closeSlotsIn(db: Db, spans: readonly Span[], now: Date): Promise<number> {
  if (spans.length === 0) return 0;
  const { froms, tos } = spanArrays(spans);
  const at = now.toISOString();
  const result = await db.execute<{ id: string }>(sql`
    with spans as (
      select * from unnest(${froms}::timestamptz[], ${tos}::timestamptz[]) as span(from_at, to_at)),
    target as (
      select s.id from ${installationSlots} s
        join spans on s.starts_at >= spans.from_at and s.starts_at < spans.to_at
       where s.capacity > 0
       order by s.id for update of s),
    expired as (
      update ${appointments} a set status = 'expired', updated_at = ${at}::timestamptz
       where a.slot_id in (select id from target) and a.status = 'held'
         and a.expires_at <= ${at}::timestamptz
       returning a.id),
    kept as (
      select a.slot_id, count(*)::int as bookings from ${appointments} a
       where a.slot_id in (select id from target) and ${liveBooking(now)}
       group by a.slot_id)
    update ${installationSlots} s
       set capacity = coalesce(kept.bookings, 0), taken = coalesce(kept.bookings, 0)
      from target left join kept on kept.slot_id = target.id
     where s.id = target.id
       and (s.capacity, s.taken) is distinct from (coalesce(kept.bookings, 0), coalesce(kept.bookings, 0))
     returning s.id`);
  return result.rows.length;
}

/** ADR 083: the bookings still on each Manila day (YYYY-MM-DD) of the spans. */
export async function countBookingsByDay(
  db: Db,
  spans: readonly Span[],
  now: Date,
): Promise<Map<string, number>> {
  if (spans.length === 0) return new Map();
  const { froms, tos } = spanArrays(spans);
  const result = await db.execute<{ day: string; bookings: number }>(sql`
    select to_char((s.starts_at at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD') as day,
           count(*)::int as bookings
      from ${appointments} a join ${installationSlots} s on s.id = a.slot_id
      join unnest(${froms}::timestamptz[], ${tos}::timestamptz[]) as span(from_at, to_at)
        on s.starts_at >= span.from_at and s.starts_at < span.to_at
     where ${liveBooking(now)}
     group by 1`);
  return new Map(result.rows.map((row) => [row.day, row.bookings]));
}

export type StoredClosedDay = typeof closedDays.$inferSelect;

/** ADR 083: the days dispatchers closed, from `from` through `to` (YYYY-MM-DD), by day. */
export async function listClosedDays(
  db: Db,
  from: string,
  to?: string,
): Promise<StoredClosedDay[]> {
  return db
    .select()
    .from(closedDays)
    .where(
      to === undefined
        ? gte(closedDays.day, from)
        : and(gte(closedDays.day, from), lte(closedDays.day, to)),
    )
    .orderBy(asc(closedDays.day));
}

/** A dispatcher's closed day; undefined when the day is closed already. */
export async function insertClosedDay(
  tx: Db,
  day: StoredClosedDay,
): Promise<StoredClosedDay | undefined> {
  const [row] = await tx.insert(closedDays).values(day).onConflictDoNothing().returning();
  return row;
}

/** Opens a dispatcher's closed day again: the row it was, or undefined when the day was not closed. */
export async function deleteClosedDay(tx: Db, day: string): Promise<StoredClosedDay | undefined> {
  const [row] = await tx.delete(closedDays).where(eq(closedDays.day, day)).returning();
  return row;
}

/**
 * The zone's slots from `from` on with a free place at `now`: fewer taken than capacity, or a held place
 * whose hold has expired (taken back by the next booking); `ownSlotId` counts as free for its holder.
 */
export async function listOpenSlots(
  db: Db,
  workZoneCode: string,
  from: Date,
  now: Date,
  ownSlotId: string | null,
): Promise<StoredSlot[]> {
  const expiredHold = sql`exists (select 1 from ${appointments}
      where ${appointments.slotId} = ${installationSlots.id} and ${appointments.status} = 'held'
        and ${appointments.expiresAt} <= ${now.toISOString()}::timestamptz)`;
  return db
    .select()
    .from(installationSlots)
    .where(
      and(
        eq(installationSlots.workZoneCode, workZoneCode),
        gte(installationSlots.startsAt, from),
        // ADR 092: a period a dispatcher blocked is never offered (the rule is the SQL function's).
        sql`not konek_blocked_period(${installationSlots.workZoneCode}, ${installationSlots.startsAt}, ${installationSlots.period})`,
        or(
          lt(installationSlots.taken, installationSlots.capacity),
          expiredHold,
          ownSlotId === null ? sql`false` : eq(installationSlots.id, ownSlotId),
        ),
      ),
    )
    .orderBy(asc(installationSlots.startsAt));
}

/** One place of the slot, with a conditional update: never more taken than its capacity. */
export async function takePlace(tx: Db, slotId: string): Promise<boolean> {
  const rows = await tx
    .update(installationSlots)
    .set({ taken: sql`${installationSlots.taken} + 1` })
    .where(
      and(
        eq(installationSlots.id, slotId),
        lt(installationSlots.taken, installationSlots.capacity),
      ),
    )
    .returning({ id: installationSlots.id });
  return rows.length === 1;
}

export async function givePlacesBack(tx: Db, slotId: string, count: number): Promise<void> {
  if (count === 0) return;
  await tx
    .update(installationSlots)
    .set({ taken: sql`greatest(${installationSlots.taken} - ${count}, 0)` })
    .where(eq(installationSlots.id, slotId));
}

/** Locks slot rows in one order (by id), so two moves between the same slots never deadlock. */
export async function lockSlots(tx: Db, slotIds: string[]): Promise<void> {
  const ids = [...new Set(slotIds)].sort();
  if (ids.length === 0) return;
  await tx
    .select({ id: installationSlots.id })
    .from(installationSlots)
    .where(inArray(installationSlots.id, ids))
    .orderBy(asc(installationSlots.id))
    .for('update');
}

/** Ends the slot's held appointments whose hold has passed; answers how many places that frees. */
export async function expireHeldOfSlot(tx: Db, slotId: string, now: Date): Promise<number> {
  const rows = await tx
    .update(appointments)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(appointments.slotId, slotId),
        eq(appointments.status, 'held'),
        lte(appointments.expiresAt, now),
      ),
    )
    .returning({ id: appointments.id });
  return rows.length;
}

export async function findCurrentAppointment(
  db: Db,
  accountId: string,
): Promise<StoredAppointment | undefined> {
  const [row] = await db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.accountId, accountId),
        inArray(appointments.status, ['held', 'confirmed']),
      ),
    );
  return row;
}

export async function findAppointment(
  db: Db,
  accountId: string,
  appointmentId: string,
): Promise<StoredAppointment | undefined> {
  const [row] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.accountId, accountId)));
  return row;
}

/**
 * Ends the appointment if it is still `from` and gives its place back, in one statement: the status
 * change is the condition, so a place is given back once. Answers whether this call ended it.
 */
export async function endAppointmentGivingPlaceBack(
  tx: Db,
  appointmentId: string,
  from: 'held' | 'confirmed',
  status: 'expired' | 'cancelled',
  at: Date,
): Promise<boolean> {
  const result = await tx.execute<{ id: string }>(sql`
    with ended as (
      update ${appointments} set status = ${status}, updated_at = ${at.toISOString()}::timestamptz
       where id = ${appointmentId}::uuid and status = ${from}
       returning slot_id)
    update ${installationSlots} set taken = greatest(taken - 1, 0)
     where id in (select slot_id from ended)
     returning id`);
  return result.rows.length === 1;
}

/** The appointment, still `status`, moves to another slot under a new hold id; undefined if it is not. */
export async function moveAppointment(
  tx: Db,
  appointmentId: string,
  status: 'held' | 'confirmed',
  slotId: string,
  expiresAt: Date | null,
  at: Date,
): Promise<StoredAppointment | undefined> {
  const [row] = await tx
    .update(appointments)
    .set({ slotId, expiresAt, reservationId: sql`gen_random_uuid()`, updatedAt: at })
    .where(and(eq(appointments.id, appointmentId), eq(appointments.status, status)))
    .returning();
  return row;
}

/** A held appointment whose hold has not passed becomes confirmed (a paid order). */
export async function confirmHeld(
  tx: Db,
  accountId: string,
  now: Date,
): Promise<StoredAppointment | undefined> {
  const [row] = await tx
    .update(appointments)
    .set({ status: 'confirmed', expiresAt: null, updatedAt: now })
    .where(
      and(
        eq(appointments.accountId, accountId),
        eq(appointments.status, 'held'),
        sql`${appointments.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row;
}

/** The account's held appointments (to give back when the address moves). */
export async function listHeldAppointments(
  tx: Db,
  accountId: string,
): Promise<StoredAppointment[]> {
  return tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.accountId, accountId), eq(appointments.status, 'held')));
}

/** The account's appointments with their slots, newest first; replaced ones left out. */
export async function listAppointmentsWithSlots(db: Db, accountId: string) {
  return db
    .select({ appointment: appointments, slot: installationSlots })
    .from(appointments)
    .innerJoin(installationSlots, eq(installationSlots.id, appointments.slotId))
    .where(and(eq(appointments.accountId, accountId), ne(appointments.status, 'cancelled')))
    .orderBy(desc(appointments.createdAt), desc(appointments.id))
    .limit(20);
}

export async function findSlotById(db: Db, slotId: string): Promise<StoredSlot | undefined> {
  const [row] = await db.select().from(installationSlots).where(eq(installationSlots.id, slotId));
  return row;
}

/** An ended appointment (its place given back) becomes confirmed again once its place was retaken. */
export async function reconfirmEnded(
  tx: Db,
  appointmentId: string,
  at: Date,
): Promise<StoredAppointment | undefined> {
  const [row] = await tx
    .update(appointments)
    .set({ status: 'confirmed', expiresAt: null, updatedAt: at })
    .where(
      and(
        eq(appointments.id, appointmentId),
        inArray(appointments.status, ['expired', 'cancelled']),
      ),
    )
    .returning();
  return row;
}

/** The held appointment (its hold expired or not: its place still counts) becomes confirmed. */
export async function confirmHeldById(
  tx: Db,
  appointmentId: string,
  at: Date,
): Promise<StoredAppointment | undefined> {
  const [row] = await tx
    .update(appointments)
    .set({ status: 'confirmed', expiresAt: null, updatedAt: at })
    .where(and(eq(appointments.id, appointmentId), eq(appointments.status, 'held')))
    .returning();
  return row;
}

/** What konek_reserve_appointment (db/functions, ADR 043, 085) is given. */
export type ReserveInOneStatement = SlotNamed & {
  userId: string;
  tokenStart: number;
  accountId: string;
  now: Date;
  expiresAt: Date;
  activityType: string;
};

/** What a reply says of a booked hold (service.ts toAppointment): konek_booked_hold's fields. */
export type BookedHold = Pick<
  StoredAppointment,
  'id' | 'reservationId' | 'status' | 'expiresAt' | 'activityType'
>;
export type BookedSlot = Pick<StoredSlot, 'id' | 'startsAt' | 'endsAt'>;

export type ReserveOutcome =
  | { outcome: 'OK'; appointment: BookedHold; slot: BookedSlot }
  /** ADR 066: the account's booking is paid and another slot was asked for; nothing changed. */
  | { outcome: 'PAID_BOOKING'; appointmentId: string }
  | {
      outcome: 'UNAUTHENTICATED' | 'NO_RESOURCE' | 'INVALID_TIME_SLOT' | 'TIME_SLOT_NOT_FOUND';
    };

/** konek_reserve_appointment's arguments, in order, as the driver sends them. */
export function reserveValues(input: ReserveInOneStatement): (string | boolean | null)[] {
  return [
    input.userId,
    String(input.tokenStart),
    input.accountId,
    input.slotId,
    iso(input.startsAt),
    iso(input.endsAt),
    input.isPeriodValid,
    input.now.toISOString(),
    input.firstBookableDay.toISOString(),
    input.expiresAt.toISOString(),
    input.activityType,
  ];
}

/** A named (prepared once per connection) statement: parsed and planned once, not on every booking. */
const RESERVE_STATEMENT = {
  name: 'konek_reserve_appointment_v1',
  text: `select konek_reserve_appointment($1::uuid, $2::bigint, $3::uuid, $4::uuid, $5::timestamptz,
    $6::timestamptz, $7::boolean, $8::timestamptz, $9::timestamptz, $10::timestamptz, $11::text) as r`,
};

/**
 * ADR 043: the whole reserve_appointment — revocation cutoff, the account's turn, its reservation, the
 * slot, the conditional update, the replaced hold, the new appointment — in one statement, sent
 * straight through the pool (no query builder on the hot path).
 */
export async function reserveInOneStatement(
  pool: Pool,
  input: ReserveInOneStatement,
): Promise<ReserveOutcome> {
  const result = await pool.query<{ r: Record<string, unknown> }>({
    ...RESERVE_STATEMENT,
    values: reserveValues(input),
  });
  return reserveOutcomeOf(result.rows[0]!.r, input);
}

/**
 * A booking's answer as an outcome: from konek_reserve_appointment or konek_reserve_appointments, which
 * answer alike (the hold's five fields, the slot's id). An OK answer's times are the ones asked for: the
 * functions refuse a booking whose times are not the slot's (konek_bookable_slot).
 */
export function reserveOutcomeOf(
  answer: Record<string, unknown>,
  input: ReserveInOneStatement,
): ReserveOutcome {
  if (answer['outcome'] === 'PAID_BOOKING') {
    return { outcome: 'PAID_BOOKING', appointmentId: String(answer['appointment_id']) };
  }
  if (answer['outcome'] !== 'OK') return { outcome: answer['outcome'] as never };
  const { startsAt, endsAt } = input;
  if (startsAt === null || endsAt === null) {
    throw new Error('a booking was answered OK without its times');
  }
  const hold = answer['appointment'] as Record<string, unknown>;
  return {
    outcome: 'OK',
    appointment: {
      id: String(hold['id']),
      reservationId: String(hold['reservation_id']),
      status: hold['status'] as StoredAppointment['status'],
      expiresAt: dateOrNull(hold['expires_at']),
      activityType: String(hold['activity_type']),
    },
    slot: { id: String(answer['slot_id']), startsAt, endsAt },
  };
}

/**
 * ADR 044: of these cities, the ones whose work zone has a slot from `from` on with a free place at `now`
 * (fewer taken than capacity, or an expired hold in it) — the same rule as listOpenSlots.
 */
export async function findCitiesWithOpenPlaces(
  db: Db,
  cityCodes: string[],
  from: Date,
  now: Date,
): Promise<string[]> {
  if (cityCodes.length === 0) return [];
  const result = await db.execute<{ city_code: string }>(sql`
    select c.city_code from ${workZoneCities} c
     where c.city_code in ${cityCodes}
       and exists (select 1 from ${installationSlots} s
                    where s.work_zone_code = c.work_zone_code and s.starts_at >= ${from.toISOString()}::timestamptz
                      and not konek_blocked_period(s.work_zone_code, s.starts_at, s.period)
                      and (s.taken < s.capacity
                           or exists (select 1 from ${appointments} a
                                       where a.slot_id = s.id and a.status = 'held'
                                         and a.expires_at <= ${now.toISOString()}::timestamptz)))`);
  return result.rows.map((row) => row.city_code);
}

// ── ADR 092: the dispatchers' installation calendar ─────────────────────────────────────────────────

/** The periods of a block: a Manila day's span, one period or all, in one zone or all. */
export type PeriodsOf = { span: Span; period: 'am' | 'pm' | null; workZoneCode: string | null };

const inPeriods = (periods: PeriodsOf) => sql`
  s.starts_at >= ${periods.span.from.toISOString()}::timestamptz
  and s.starts_at < ${periods.span.to.toISOString()}::timestamptz
  and (${periods.period}::text is null or s.period = ${periods.period}::text)
  and (${periods.workZoneCode}::text is null or s.work_zone_code = ${periods.workZoneCode}::text)`;

/** Locks the periods' slots (by id, as bookings lock them): no booking takes a place there meanwhile. */
export async function lockSlotsOfPeriods(tx: Db, periods: PeriodsOf): Promise<void> {
  await tx.execute(sql`select s.id from ${installationSlots} s where ${inPeriods(periods)}
    order by s.id for update`);
}

export type BookingInPeriod = {
  appointmentId: string;
  accountId: string;
  status: 'held' | 'confirmed';
  slotId: string;
  startsAt: Date;
  endsAt: Date;
  period: 'am' | 'pm';
  workZoneCode: string;
};

/** The bookings that count at `now` (paid, or held and not expired) in the periods' slots, by time. */
export async function listBookingsInPeriods(
  db: Db,
  periods: PeriodsOf,
  now: Date,
): Promise<BookingInPeriod[]> {
  const result = await db.execute<{
    appointment_id: string;
    account_id: string;
    status: 'held' | 'confirmed';
    slot_id: string;
    starts_at: string | Date;
    ends_at: string | Date;
    period: 'am' | 'pm';
    work_zone_code: string;
  }>(sql`
    select a.id as appointment_id, a.account_id, a.status, s.id as slot_id, s.starts_at, s.ends_at,
           s.period, s.work_zone_code
      from ${appointments} a join ${installationSlots} s on s.id = a.slot_id
     where ${inPeriods(periods)} and ${liveBooking(now)}
     order by s.starts_at, s.work_zone_code, a.created_at, a.id`);
  return result.rows.map((row) => ({
    appointmentId: row.appointment_id,
    accountId: row.account_id,
    status: row.status,
    slotId: row.slot_id,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    period: row.period,
    workZoneCode: row.work_zone_code,
  }));
}

export type SlotCapacity = {
  workZoneCode: string;
  startsAt: Date;
  period: 'am' | 'pm';
  capacity: number;
  taken: number;
  holds: number;
  bookings: number;
  /** Holds that ran out but still count in `taken` until a booking takes their place back. */
  expired: number;
  isBlocked: boolean;
  /** ADR 092: a dispatcher set this day's places by hand. */
  setForDay: boolean;
};

/**
 * The slots starting in the span with their places: capacity and taken as the booking counts them,
 * the live holds and the paid bookings among them, and whether a block covers them.
 */
export async function listSlotCapacity(db: Db, span: Span, now: Date): Promise<SlotCapacity[]> {
  const at = now.toISOString();
  const result = await db.execute<{
    work_zone_code: string;
    starts_at: string | Date;
    period: 'am' | 'pm';
    capacity: number;
    taken: number;
    holds: number;
    bookings: number;
    expired: number;
    is_blocked: boolean;
    set_for_day: boolean;
  }>(sql`
    select s.work_zone_code, s.starts_at, s.period, s.capacity, s.taken,
           count(a.id) filter (where a.status = 'held' and a.expires_at > ${at}::timestamptz)::int as holds,
           count(a.id) filter (where a.status = 'confirmed')::int as bookings,
           count(a.id) filter (where a.status = 'held' and a.expires_at <= ${at}::timestamptz)::int as expired,
           konek_blocked_period(s.work_zone_code, s.starts_at, s.period) as is_blocked,
           s.day_places is not null as set_for_day
      from ${installationSlots} s left join ${appointments} a on a.slot_id = s.id
     where s.starts_at >= ${span.from.toISOString()}::timestamptz
       and s.starts_at < ${span.to.toISOString()}::timestamptz
     group by s.id
     order by s.starts_at, s.work_zone_code`);
  return result.rows.map((row) => ({
    workZoneCode: row.work_zone_code,
    startsAt: new Date(row.starts_at),
    period: row.period,
    capacity: row.capacity,
    taken: row.taken,
    holds: row.holds,
    bookings: row.bookings,
    expired: row.expired,
    isBlocked: row.is_blocked,
    setForDay: row.set_for_day,
  }));
}

export async function listWorkZones(db: Db): Promise<{ code: string; name: string }[]> {
  return db
    .select({ code: workZones.code, name: workZones.name })
    .from(workZones)
    .orderBy(asc(workZones.code));
}

/** ADR 092: whether a block covers the slot (konek_blocked_period). */
export async function isSlotBlocked(tx: Db, slotId: string): Promise<boolean> {
  const result = await tx.execute<{ blocked: boolean }>(sql`
    select konek_blocked_period(s.work_zone_code, s.starts_at, s.period) as blocked
      from ${installationSlots} s where s.id = ${slotId}::uuid`);
  return result.rows[0]?.blocked ?? false;
}

// ── ADR 035, 092: the crews' plans as dispatchers change them ────────────────────────────────────────

export type StoredCrewPlan = typeof crewPlans.$inferSelect;

/** Every work zone with its cities' codes and its plan rows. */
export async function listZonesWithPlans(db: Db) {
  const [zones, cities] = await Promise.all([
    listPlannedZones(db),
    db.select().from(workZoneCities).orderBy(asc(workZoneCities.cityCode)),
  ]);
  return zones.map((zone) => ({
    ...zone,
    cityCodes: cities.filter((city) => city.workZoneCode === zone.code).map((c) => c.cityCode),
  }));
}

/** Locks the zone's row (plan changes of one zone one after another) and answers its plan rows. */
export async function lockZonePlan(
  tx: Db,
  zoneCode: string,
): Promise<StoredCrewPlan[] | undefined> {
  const [zone] = await tx
    .select({ code: workZones.code })
    .from(workZones)
    .where(eq(workZones.code, zoneCode))
    .for('update');
  if (!zone) return undefined;
  return tx.select().from(crewPlans).where(eq(crewPlans.workZoneCode, zoneCode));
}

/** Writes the plan rows sent (insert or update). */
export async function upsertCrewPlan(
  tx: Db,
  zoneCode: string,
  entries: readonly { weekday: number; period: 'am' | 'pm'; places: number }[],
): Promise<void> {
  await tx
    .insert(crewPlans)
    .values(entries.map((entry) => ({ workZoneCode: zoneCode, ...entry })))
    .onConflictDoUpdate({
      target: [crewPlans.workZoneCode, crewPlans.weekday, crewPlans.period],
      set: { places: sql`excluded.places` },
    });
}

/**
 * The zone's slots made from `from` on, on the weekdays and periods sent, get the new places — never
 * fewer than are taken (the row is locked by the update, so no booking slips in between). The Manila
 * days in `closed` (YYYY-MM-DD) are left as they are, and so are the slots whose places a dispatcher set
 * for their day (`day_places`, ADR 092). Answers the slots changed and those kept at taken.
 */
export async function applyPlanToSlots(
  tx: Db,
  zoneCode: string,
  from: Date,
  entries: readonly { weekday: number; period: 'am' | 'pm'; places: number }[],
  closed: readonly string[],
): Promise<{ changed: number; kept: { day: string; period: 'am' | 'pm'; taken: number }[] }> {
  const weekdays = `{${entries.map((entry) => entry.weekday).join(',')}}`;
  const periods = `{${entries.map((entry) => entry.period).join(',')}}`;
  const places = `{${entries.map((entry) => entry.places).join(',')}}`;
  const closedDays = `{${closed.join(',')}}`;
  const result = await tx.execute<{
    day: string;
    period: 'am' | 'pm';
    taken: number;
    places: number;
    changed: boolean;
  }>(sql`
    with plan as (
      select * from unnest(${weekdays}::int[], ${periods}::text[], ${places}::int[])
        as plan(weekday, period, places)),
    target as (
      select s.id, plan.places, s.capacity as old_capacity,
             to_char((s.starts_at at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD') as day
        from ${installationSlots} s
        join plan on plan.period = s.period
         and plan.weekday = extract(dow from (s.starts_at at time zone 'UTC') + interval '8 hours')
       where s.work_zone_code = ${zoneCode} and s.starts_at >= ${from.toISOString()}::timestamptz
         and s.day_places is null)
    update ${installationSlots} s
       set capacity = greatest(target.places, s.taken)
      from target
     where s.id = target.id
       and target.day <> all(${closedDays}::text[])
     returning target.day, s.period, s.taken, target.places,
               s.capacity <> target.old_capacity as changed`);
  return {
    changed: result.rows.filter((row) => row.changed).length,
    kept: result.rows
      .filter((row) => row.taken > row.places)
      .map((row) => ({ day: row.day, period: row.period, taken: row.taken }))
      .sort((a, b) => a.day.localeCompare(b.day) || a.period.localeCompare(b.period)),
  };
}

// ── ADR 092: one day's places, set by a dispatcher ──────────────────────────────────────────────────

/** Whether a block covers the zone's period starting then (konek_blocked_period), slot made or not. */
export async function isPeriodBlocked(
  db: Db,
  zoneCode: string,
  startsAt: Date,
  period: 'am' | 'pm',
): Promise<boolean> {
  const result = await db.execute<{ blocked: boolean }>(sql`
    select konek_blocked_period(${zoneCode}::text, ${startsAt.toISOString()}::timestamptz,
                                ${period}::text) as blocked`);
  return result.rows[0]?.blocked ?? false;
}

/** Locks the zone's slot starting then, if it is made, and answers its places (undefined if not made). */
export async function lockSlotAt(
  tx: Db,
  zoneCode: string,
  startsAt: Date,
): Promise<{ capacity: number; dayPlaces: number | null } | undefined> {
  const [row] = await tx
    .select({ capacity: installationSlots.capacity, dayPlaces: installationSlots.dayPlaces })
    .from(installationSlots)
    .where(
      and(eq(installationSlots.workZoneCode, zoneCode), eq(installationSlots.startsAt, startsAt)),
    )
    .for('update');
  return row;
}

/**
 * The zone's slot starting then takes `capacity` places for its day, never fewer than are taken (one
 * statement: a booking's `taken < capacity` update waits for it, so none slips in between), and is
 * marked as set by hand (`day_places`); a slot not made yet (a period the plan gives no places) is made.
 * Answers its places and places taken now.
 */
export async function setSlotDayPlaces(
  tx: Db,
  slot: NewSlot,
): Promise<{ capacity: number; taken: number }> {
  const [after] = await tx
    .insert(installationSlots)
    .values({ ...slot, taken: 0, dayPlaces: slot.capacity })
    .onConflictDoUpdate({
      target: [installationSlots.workZoneCode, installationSlots.startsAt],
      set: {
        capacity: sql`greatest(excluded.capacity, ${installationSlots.taken})`,
        dayPlaces: sql`excluded.day_places`,
      },
    })
    .returning({ capacity: installationSlots.capacity, taken: installationSlots.taken });
  return after!;
}
