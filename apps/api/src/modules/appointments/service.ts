import {
  ACTIVITY_TYPE_INSTALLATION,
  type TAppointment,
  type TBookableSlot,
  type TRequestedSlot,
} from '@konek/contract/appointments';
import { dateText } from '@konek/contract/formats';
import { slotPeriod } from '@konek/contract/slot-period';
import { DomainError } from '../../platform/domain-error';
import { isUuid } from '../../platform/auth/is-uuid';
import type { Principal } from '../../platform/auth/authenticate';
import type { Clock } from '../../platform/clock';
import type { Database, Db } from '../../platform/db/database';
import { storableInstant } from '../../platform/db/storable-instant';
import {
  liveReservationOf,
  recordInstallationAppointment,
  type LiveReservation,
} from '../resources/service';
import { recordChange } from '../audit/service';
import {
  addDays,
  calendarDays,
  closedByLaw,
  daysClosedByLaw,
  firstBookableDay,
  isDemoFull,
  manilaDay,
  periodTimes,
  workingDays,
  type CalendarDay,
} from './calendar';
import {
  isSlotBlocked,
  isPeriodBlocked,
  lockSlotAt,
  setSlotDayPlaces,
  listBookingsInPeriods,
  listSlotCapacity,
  listWorkZones,
  lockSlotsOfPeriods,
  type BookingInPeriod,
  type SlotCapacity,
  applyPlanToSlots,
  listZonesWithPlans,
  lockZonePlan,
  upsertCrewPlan,
  closeSlotsIn,
  countBookingsByDay,
  deleteClosedDay,
  insertClosedDay,
  listClosedDays,
  lockSlotsCountingBookings,
  confirmHeld,
  confirmHeldById,
  endAppointmentGivingPlaceBack,
  expireHeldOfSlot,
  findCitiesWithOpenPlaces,
  findAppointment,
  findCurrentAppointment,
  findSlotById,
  findWorkZoneOfCity,
  givePlacesBack,
  insertMissingSlots,
  listAppointmentsWithSlots,
  listHeldAppointments,
  listOpenSlots,
  listPlannedZones,
  lockAccountAppointments,
  lockSlots,
  moveAppointment,
  bookableSlot,
  NO_SLOT,
  type SlotNamed,
  reconfirmEnded,
  takePlace,
  type BookedHold,
  type BookedSlot,
  type NewSlot,
  type StoredAppointment,
  type StoredClosedDay,
} from './store';
import { reserveInBatches } from './reserve-batches-store';

// ADR 035: installation capacity per work zone, day and period; product §7.1 get available timeslots,
// reserve / update / get appointments, §4.4, §8 codes. A place is taken with one conditional update
// (taken < capacity) inside a transaction. A hold lasts APPOINTMENT_HOLD_MINUTES; once it passes the place
// counts as free (compared with now) and the next booking that needs it takes it back — no background
// job. A move takes the new place before giving the old one back, in one transaction, so a failure
// leaves the old booking as it was and no place is ever lost or counted twice.

/** Whether the calendar was topped up today (Manila), per process. */
export type CalendarState = { toppedUpFor: string | null; running: Promise<number> | null };

export type AppointmentDependencies = {
  db: Db;
  /** The same database's pool: reserve_appointment's one statement goes straight through it (ADR 043). */
  pool: Database['pool'];
  clock: Clock;
  /** APPOINTMENT_HOLD_MINUTES in milliseconds. */
  holdMs: number;
  /** Days before the first bookable day (INSTALLATION_LEAD_DAYS). */
  leadDays: number;
  /** Weeks of slots kept ahead (INSTALLATION_CALENDAR_WEEKS). */
  calendarWeeks: number;
  calendar: CalendarState;
  /**
   * ADR 044: told (without waiting) after a booking call that may have given a place back or added
   * slots, so pending "tell me when a slot opens" requests are checked soon.
   */
  placesMayHaveOpened?: () => void;
  /**
   * ADR 049: asked first in update_appointment's transaction (the order's row is locked before the
   * account's bookings, as cancel and payment lock them): for a paid order's booking, the orders module
   * refuses when the visit has started, or answers what moves the order's time and work order once the
   * new slot is known. Undefined for a booking no paid order holds.
   */
  /** ADR 049: run before update_appointment (ADR 047: a missed visit is decided, and credited, first). */
  beforeBookingMove?: (accountId: string) => Promise<unknown>;
  onPaidBookingMove?: (
    tx: Db,
    booking: { accountId: string; appointmentId: string; at: Date; newVisit?: NewVisit },
  ) => Promise<((slot: { startsAt: Date; endsAt: Date }) => Promise<void>) | undefined>;
  /**
   * ADR 080: told once a paid booking's move has committed (the account's), so the text naming the new
   * time goes out after the change is certain.
   */
  afterPaidBookingMove?: (accountId: string) => Promise<void>;
};

/**
 * ADR 080: a dispatcher arranging a new visit at another time (who, and the technician they chose); the
 * orders module reads it, this module only passes it on.
 */
export type NewVisit = { changedBy: string; technicianId: string };

export function newCalendarState(): CalendarState {
  return { toppedUpFor: null, running: null };
}

/** The span of instants of a Manila day. */
const spanOf = (day: CalendarDay) => ({ from: day.midnight, to: addDays(day, 1).midnight });

/**
 * ADR 035: makes the slots missing for the coming weeks from the crew plans (INSERT … ON CONFLICT:
 * safe on every start and on every replica). A demo zone gets some periods already full. ADR 083: the
 * days the law or a dispatcher closes get none, and a closed day whose slots were made before it closed
 * (a rule the holiday package learnt in an upgrade) keeps no free place; a day opened again gets its
 * places back.
 */
export async function topUpCalendar(
  deps: Pick<AppointmentDependencies, 'db' | 'leadDays' | 'calendarWeeks'>,
  now: Date,
): Promise<number> {
  const window = calendarDays(now, deps.leadDays, deps.calendarWeeks);
  const [zones, dispatchersDays] = await Promise.all([
    listPlannedZones(deps.db),
    listClosedDays(deps.db, window[0]!.key, window.at(-1)!.key),
  ]);
  const closedByDispatchers = new Set(dispatchersDays.map((closed) => closed.day));
  const days = workingDays(now, deps.leadDays, deps.calendarWeeks, closedByDispatchers);
  const slots: NewSlot[] = [];
  zones.forEach((zone, zoneIndex) => {
    for (const day of days) {
      for (const plan of zone.plans.filter((each) => each.weekday === day.weekday)) {
        if (plan.places <= 0) continue;
        const { startsAt, endsAt } = periodTimes(day, plan.period);
        const isFull = zone.isDemo && isDemoFull(day, plan.period, zoneIndex);
        slots.push({
          workZoneCode: zone.code,
          startsAt,
          endsAt,
          period: plan.period,
          capacity: plan.places,
          taken: isFull ? plan.places : 0,
        });
      }
    }
  });
  const made = await insertMissingSlots(deps.db, slots);
  const closed = window.filter(
    (day) => closedByLaw(day) !== undefined || closedByDispatchers.has(day.key),
  );
  await closeSlotsIn(deps.db, closed.map(spanOf), now);
  return made;
}

/** Tops the calendar up once per Manila day in this process (a long-running server keeps 6 weeks). */
export async function ensureCalendar(deps: AppointmentDependencies, now: Date): Promise<void> {
  const today = manilaDay(now).key;
  if (deps.calendar.toppedUpFor === today) return;
  deps.calendar.running ??= topUpCalendar(deps, now).finally(() => {
    deps.calendar.running = null;
  });
  if ((await deps.calendar.running) > 0) deps.placesMayHaveOpened?.();
  deps.calendar.toppedUpFor = today;
}

const slotOf = (slot: BookedSlot): TBookableSlot => ({
  id: slot.id,
  start_time: slot.startsAt.toISOString(),
  end_time: slot.endsAt.toISOString(),
});

const isHoldLive = (appointment: Pick<StoredAppointment, 'status' | 'expiresAt'>, now: Date) =>
  appointment.status === 'confirmed' ||
  (appointment.status === 'held' && appointment.expiresAt !== null && appointment.expiresAt > now);

function toAppointment(appointment: BookedHold, slot: BookedSlot, now: Date): TAppointment {
  const isExpired = appointment.status === 'held' && !isHoldLive(appointment, now);
  return {
    appointment_id: appointment.id,
    reservation_id: appointment.reservationId,
    time_slot: slotOf(slot),
    activity_type: appointment.activityType,
    status: isExpired ? 'expired' : appointment.status,
    expires_at: appointment.expiresAt?.toISOString() ?? null,
  };
}

const slotError = (name: 'TIME_SLOT_NOT_FOUND' | 'INVALID_TIME_SLOT') =>
  new DomainError('appointments', name, { field: 'time_slot' });

/** product §4.3: a booking needs the live network reservation; its plant's city names the work zone. */
async function bookingContext(
  db: Db,
  accountId: string,
  now: Date,
): Promise<{ reservation: LiveReservation; zone: string | undefined }> {
  const reservation = await liveReservationOf(db, accountId, now);
  if (!reservation) throw new DomainError('appointments', 'NO_RESOURCE');
  const zone = reservation.cityCode
    ? await findWorkZoneOfCity(db, reservation.cityCode)
    : undefined;
  return { reservation, zone };
}

/** product §4.3: a booking needs the live network reservation (ADR 034). */
async function requireReservation(db: Db, accountId: string, now: Date): Promise<LiveReservation> {
  const reservation = await liveReservationOf(db, accountId, now);
  if (!reservation) throw new DomainError('appointments', 'NO_RESOURCE');
  return reservation;
}

/**
 * What a booking names: the slot (by its id, or by its start and end alone, ADR 081) and the times it
 * sent. Whether that slot may be booked is konek_bookable_slot's to say (db/functions, ADR 085).
 */
function slotNamed(
  deps: Pick<AppointmentDependencies, 'leadDays'>,
  requested: TRequestedSlot,
  now: Date,
): SlotNamed {
  return {
    slotId: requested.id === undefined ? null : isUuid(requested.id) ? requested.id : NO_SLOT,
    // A time no slot can have (unreadable, or a year the database cannot hold) is not the slot's:
    // INVALID_TIME_SLOT, as any other.
    startsAt: storableInstant(Date.parse(requested.start_time)),
    endsAt: storableInstant(Date.parse(requested.end_time)),
    isPeriodValid: slotPeriod(requested) !== null,
    firstBookableDay: firstBookableDay(now, deps.leadDays).midnight,
  };
}

/** One place of the slot; when it is full, the places of expired holds are taken back first. */
async function takePlaceOrReclaim(tx: Db, slotId: string, now: Date): Promise<boolean> {
  if (await takePlace(tx, slotId)) return true;
  await lockSlots(tx, [slotId]);
  const expired = await expireHeldOfSlot(tx, slotId, now);
  if (expired === 0) return false;
  await givePlacesBack(tx, slotId, expired);
  return takePlace(tx, slotId);
}

/** product §7.1 get available timeslots: the zone's bookable slots with a free place, by start. */
export async function availableTimeSlots(
  deps: AppointmentDependencies,
  accountId: string,
  appointmentId: string | undefined,
): Promise<Record<string, { start_time: string; end_time: string }>> {
  const now = deps.clock.now();
  await ensureCalendar(deps, now);
  const { zone } = await bookingContext(deps.db, accountId, now);
  let ownSlotId: string | null = null;
  if (appointmentId !== undefined) {
    const own = isUuid(appointmentId)
      ? await findAppointment(deps.db, accountId, appointmentId)
      : undefined;
    if (!own || own.status === 'cancelled') {
      throw new DomainError('appointments', 'APPOINTMENT_NOT_FOUND', { field: 'appointment_id' });
    }
    ownSlotId = isHoldLive(own, now) ? own.slotId : null;
  }
  if (zone === undefined) return {};
  const slots = await listOpenSlots(
    deps.db,
    zone,
    firstBookableDay(now, deps.leadDays).midnight,
    now,
    ownSlotId,
  );
  return Object.fromEntries(
    slots.map((slot) => {
      const { id, ...times } = slotOf(slot);
      return [id, times];
    }),
  );
}

type Booked = { appointment: TAppointment; reservationId: string };

const booked = (appointment: BookedHold, slot: BookedSlot, now: Date): Booked => ({
  appointment: toAppointment(appointment, slot, now),
  reservationId: appointment.reservationId,
});

/**
 * product §7.1 reserve appointment: one place of the slot, held for APPOINTMENT_HOLD_MINUTES. The
 * account's earlier hold is replaced in the same transaction (the new place taken first). The same slot
 * again answers the hold there is. A confirmed (paid) booking moves as update_appointment moves it, with
 * its order and work order, and stays confirmed (ADR 066).
 * ADR 043, 085: all of it, the caller's revocation cutoff and the slot's checks included, is decided by
 * one statement — one round trip and one commit (db/functions/konek_reserve_appointment.sql, where the
 * rules are read); this function computes its inputs and turns its answer into the reply. ADR 060, 065:
 * bookings that arrive together go together, in one statement (reserve-batches-store.ts).
 */
export async function reserveAppointment(
  deps: AppointmentDependencies,
  caller: Pick<Principal, 'userId' | 'tokenStart'>,
  accountId: string,
  requested: TRequestedSlot,
): Promise<Booked> {
  const now = deps.clock.now();
  await ensureCalendar(deps, now);
  const result = await reserveInBatches(deps.pool, {
    userId: caller.userId,
    tokenStart: caller.tokenStart,
    accountId,
    ...slotNamed(deps, requested, now),
    now,
    expiresAt: new Date(now.getTime() + deps.holdMs),
    activityType: ACTIVITY_TYPE_INSTALLATION,
  });
  switch (result.outcome) {
    case 'OK':
      deps.placesMayHaveOpened?.();
      return booked(result.appointment, result.slot, now);
    case 'PAID_BOOKING':
      return updateAppointment(deps, accountId, result.appointmentId, requested);
    case 'UNAUTHENTICATED':
      throw new DomainError('common', 'UNAUTHENTICATED');
    case 'NO_RESOURCE':
      throw new DomainError('appointments', 'NO_RESOURCE');
    default:
      throw slotError(result.outcome);
  }
}

/**
 * product §7.1 update appointment: the booking moves to another slot in one transaction — the new place
 * first, then the old one given back; a refusal leaves it as it was. An expired hold cannot move (6).
 * ADR 049: a paid booking moves its order and work order too (onPaidBookingMove), in the same transaction.
 */
export async function updateAppointment(
  deps: AppointmentDependencies,
  accountId: string,
  appointmentId: string,
  requested: TRequestedSlot,
  newVisit?: NewVisit,
): Promise<Booked> {
  const now = deps.clock.now();
  await ensureCalendar(deps, now);
  await deps.beforeBookingMove?.(accountId);
  const notFound = () =>
    new DomainError('appointments', 'APPOINTMENT_NOT_FOUND', { field: 'appointment_id' });
  let isPaidOrderMoved = false;
  return deps.db
    .transaction(async (tx) => {
      const movePaidOrder = isUuid(appointmentId)
        ? await deps.onPaidBookingMove?.(tx, {
            accountId,
            appointmentId,
            at: now,
            ...(newVisit ? { newVisit } : {}),
          })
        : undefined;
      // A new visit is arranged only for a paid order's booking.
      if (newVisit && !movePaidOrder) throw notFound();
      await lockAccountAppointments(tx, accountId);
      const reservation = await requireReservation(tx, accountId, now);
      const found = isUuid(appointmentId)
        ? await findAppointment(tx, accountId, appointmentId)
        : undefined;
      if (!found || found.status === 'cancelled') throw notFound();
      const named = slotNamed(deps, requested, now);
      const bookable = await bookableSlot(tx, reservation.cityCode, named);
      if (bookable.outcome !== 'OK') throw slotError(bookable.outcome);
      const { slot } = bookable;
      await lockSlots(tx, [found.slotId, slot.id]);
      // ADR 092: asked again once the slot is locked, so a block that committed meanwhile is seen.
      const stillBookable = await bookableSlot(tx, reservation.cityCode, named);
      if (stillBookable.outcome !== 'OK') throw slotError(stillBookable.outcome);
      const appointment = await findAppointment(tx, accountId, appointmentId);
      if (!appointment || appointment.status === 'cancelled') throw notFound();
      if (!isHoldLive(appointment, now)) {
        throw new DomainError('appointments', 'RESERVATION_EXPIRED', { field: 'appointment_id' });
      }
      const status = appointment.status === 'confirmed' ? 'confirmed' : 'held';
      if (appointment.slotId === slot.id) return booked(appointment, slot, now);
      if (movePaidOrder) {
        await movePaidOrder({ startsAt: slot.startsAt, endsAt: slot.endsAt });
        isPaidOrderMoved = true;
      }
      if (!(await takePlaceOrReclaim(tx, slot.id, now))) throw slotError('TIME_SLOT_NOT_FOUND');
      const holdExpiresAt = status === 'held' ? new Date(now.getTime() + deps.holdMs) : null;
      const moved = await moveAppointment(tx, appointment.id, status, slot.id, holdExpiresAt, now);
      if (!moved) throw notFound();
      await givePlacesBack(tx, appointment.slotId, 1);
      await recordInstallationAppointment(tx, reservation.id, moved.id, holdExpiresAt);
      return booked(moved, slot, now);
    })
    .then(async (result) => {
      deps.placesMayHaveOpened?.();
      if (isPaidOrderMoved) await deps.afterPaidBookingMove?.(accountId);
      return result;
    });
}

/** product §7.1 get appointments: the account's bookings, newest first (replaced ones left out). */
export async function appointmentsOf(
  deps: Pick<AppointmentDependencies, 'db' | 'clock'>,
  accountId: string,
): Promise<TAppointment[]> {
  const now = deps.clock.now();
  const rows = await listAppointmentsWithSlots(deps.db, accountId);
  return rows.map(({ appointment, slot }) => toAppointment(appointment, slot, now));
}

/**
 * ADR 031, 035: the installation address moved — the account's held places go back at once, in the
 * address change's transaction (slots locked first, as every booking locks them).
 */
export async function releaseHeldAppointments(tx: Db, accountId: string, at: Date): Promise<void> {
  await lockAccountAppointments(tx, accountId);
  const held = await listHeldAppointments(tx, accountId);
  await lockSlots(
    tx,
    held.map((appointment) => appointment.slotId),
  );
  for (const appointment of held) {
    const status = isHoldLive(appointment, at) ? 'cancelled' : 'expired';
    await endAppointmentGivingPlaceBack(tx, appointment.id, 'held', status, at);
  }
}

/**
 * For the payment step (a later change): the paid order's appointment holds its place for good.
 * Answers the appointment, or undefined when there is no live hold (it expired: choose a slot again).
 */
export async function confirmAppointment(
  db: Db,
  accountId: string,
  now: Date,
): Promise<TAppointment | undefined> {
  return db.transaction(async (tx) => {
    await lockAccountAppointments(tx, accountId);
    const confirmed = await confirmHeld(tx, accountId, now);
    if (!confirmed) return undefined;
    await recordInstallationAppointment(tx, confirmed.resourceReservationId, confirmed.id, null);
    const slot = await findSlotById(tx, confirmed.slotId);
    return toAppointment(confirmed, slot!, now);
  });
}

/** ADR 039: the appointment an order books, as the order sees it. */
export type OrderAppointment = {
  appointmentId: string;
  /** held (hold live), confirmed (a paid order), expired (hold passed or ended), cancelled. */
  state: 'held' | 'confirmed' | 'expired' | 'cancelled';
  startsAt: Date;
  endsAt: Date;
};

/** The account's appointment of this id, as an order sees it; undefined when it is not the account's. */
export async function appointmentOfOrder(
  db: Db,
  accountId: string,
  appointmentId: string,
  now: Date,
): Promise<OrderAppointment | undefined> {
  if (!isUuid(appointmentId)) return undefined;
  const appointment = await findAppointment(db, accountId, appointmentId);
  if (!appointment) return undefined;
  const slot = await findSlotById(db, appointment.slotId);
  if (!slot) return undefined;
  const state =
    appointment.status === 'held'
      ? isHoldLive(appointment, now)
        ? 'held'
        : 'expired'
      : appointment.status;
  return { appointmentId: appointment.id, state, startsAt: slot.startsAt, endsAt: slot.endsAt };
}

/**
 * ADR 039, in the settling transaction of a paid order: its appointment holds the place for good. A held
 * one is confirmed (its place still counts even when its hold time passed, until another booking takes it
 * back); an ended one retakes its place if the slot still has one free. Answers the booked appointment,
 * or undefined when the place is lost (the customer picks a new time).
 */
export async function confirmAppointmentOfOrder(
  tx: Db,
  accountId: string,
  appointmentId: string,
  now: Date,
): Promise<OrderAppointment | undefined> {
  await lockAccountAppointments(tx, accountId);
  const appointment = await findAppointment(tx, accountId, appointmentId);
  if (!appointment) return undefined;
  const slot = await findSlotById(tx, appointment.slotId);
  if (!slot) return undefined;
  const booked = (stored: StoredAppointment): OrderAppointment => ({
    appointmentId: stored.id,
    state: 'confirmed',
    startsAt: slot.startsAt,
    endsAt: slot.endsAt,
  });
  if (appointment.status === 'confirmed') return booked(appointment);
  await lockSlots(tx, [slot.id]);
  if (appointment.status === 'held') {
    const confirmed = await confirmHeldById(tx, appointment.id, now);
    if (!confirmed) return undefined;
    await recordInstallationAppointment(tx, confirmed.resourceReservationId, confirmed.id, null);
    return booked(confirmed);
  }
  // Ended: retaken only when the account has no other current booking and the slot has a place.
  if (await findCurrentAppointment(tx, accountId)) return undefined;
  // ADR 092: never retaken in a period a dispatcher blocked.
  if (await isSlotBlocked(tx, slot.id)) return undefined;
  if (!(await takePlaceOrReclaim(tx, slot.id, now))) return undefined;
  const confirmed = await reconfirmEnded(tx, appointment.id, now);
  if (!confirmed) {
    await givePlacesBack(tx, slot.id, 1);
    return undefined;
  }
  await recordInstallationAppointment(tx, confirmed.resourceReservationId, confirmed.id, null);
  return booked(confirmed);
}

/** ADR 039: a cancelled order gives its appointment's place back (held or confirmed). */
export async function releaseAppointmentOfOrder(
  tx: Db,
  accountId: string,
  appointmentId: string,
  at: Date,
): Promise<void> {
  await lockAccountAppointments(tx, accountId);
  const appointment = await findAppointment(tx, accountId, appointmentId);
  if (!appointment) return;
  if (appointment.status !== 'held' && appointment.status !== 'confirmed') return;
  await lockSlots(tx, [appointment.slotId]);
  const status =
    appointment.status === 'held' && !isHoldLive(appointment, at) ? 'expired' : 'cancelled';
  await endAppointmentGivingPlaceBack(tx, appointment.id, appointment.status, status, at);
  await recordInstallationAppointment(tx, appointment.resourceReservationId, null, null);
}

/**
 * ADR 044: the city the account's installation is counted in (its network reservation's plant), null
 * when the plant has none; no live reservation is NO_RESOURCE, as for every booking call.
 */
export async function installationCityOf(
  db: Db,
  accountId: string,
  now: Date,
): Promise<string | null> {
  return (await requireReservation(db, accountId, now)).cityCode;
}

/** ADR 044: of these cities, the ones with a bookable free place at `now` (as the calendar lists them). */
export function citiesWithOpenPlaces(
  deps: Pick<AppointmentDependencies, 'db' | 'leadDays'>,
  cityCodes: string[],
  now: Date,
): Promise<string[]> {
  return findCitiesWithOpenPlaces(
    deps.db,
    cityCodes,
    firstBookableDay(now, deps.leadDays).midnight,
    now,
  );
}

/** ADR 083: a day closed to installations, as the dispatchers' page lists it. */
export type ClosedDay = {
  day: string;
  source: 'law' | 'dispatcher';
  reason: string;
  addedBy: string | null;
  addedAt: Date | null;
  bookings: number;
};

/** A YYYY-MM-DD key as a calendar day (the contract's schema has checked it is a real date). */
const dayOfKey = (key: string): CalendarDay => manilaDay(new Date(`${key}T12:00:00+08:00`));

/**
 * ADR 083: the days closed from today through the calendar's weeks: those the law closes (Sundays aside)
 * and every day a dispatcher closed from today on, each with the bookings still on it.
 */
export async function closedDaysAhead(
  deps: Pick<AppointmentDependencies, 'db' | 'clock' | 'leadDays' | 'calendarWeeks'>,
): Promise<ClosedDay[]> {
  const now = deps.clock.now();
  const today = manilaDay(now);
  const window = calendarDays(now, 0, deps.calendarWeeks);
  const byLaw: ClosedDay[] = window.flatMap((day) => {
    const name = closedByLaw(day);
    return name === undefined
      ? []
      : [{ day: day.key, source: 'law', reason: name, addedBy: null, addedAt: null, bookings: 0 }];
  });
  const byDispatchers: ClosedDay[] = (await listClosedDays(deps.db, today.key)).map((closed) => ({
    day: closed.day,
    source: 'dispatcher',
    reason: closed.reason,
    addedBy: closed.addedBy,
    addedAt: closed.addedAt,
    bookings: 0,
  }));
  const days = [...byLaw, ...byDispatchers].sort((left, right) =>
    left.day.localeCompare(right.day),
  );
  const bookings = await countBookingsByDay(
    deps.db,
    days.map((closed) => spanOf(dayOfKey(closed.day))),
    now,
  );
  return days.map((closed) => ({ ...closed, bookings: bookings.get(closed.day) ?? 0 }));
}

/**
 * ADR 083: a dispatcher closes a day to installations, with a reason. Its slots keep no free place at
 * once (in the same transaction, on every replica: the places are the database's). A day with bookings
 * is refused with their count — moving them is the dispatcher's to do first — and so are a day gone, a
 * Sunday, a day the law closes and a day closed already.
 */
export async function closeDay(
  deps: Pick<AppointmentDependencies, 'db' | 'clock'>,
  closedBy: string,
  key: string,
  reason: string,
): Promise<ClosedDay> {
  const now = deps.clock.now();
  const day = dayOfKey(key);
  if (day.key < manilaDay(now).key) throw new DomainError('ops', 'DAY_IN_THE_PAST');
  if (day.weekday === 0 || closedByLaw(day) !== undefined) {
    throw new DomainError('ops', 'DAY_ALREADY_CLOSED');
  }
  return deps.db.transaction(async (tx) => {
    const row = await insertClosedDay(tx, { day: key, reason, addedBy: closedBy, addedAt: now });
    if (!row) throw new DomainError('ops', 'DAY_ALREADY_CLOSED');
    const bookings = await lockSlotsCountingBookings(tx, spanOf(day), now);
    if (bookings > 0) {
      throw new DomainError(
        'ops',
        'DAY_HAS_BOOKINGS',
        { bookings },
        `${dateText(key)} has ${bookings} ${bookings === 1 ? 'installation' : 'installations'} ` +
          'booked. Move them to other days first, then close it.',
      );
    }
    await closeSlotsIn(tx, [spanOf(day)], now);
    // ADR 089: the audit row commits (or rolls back) with the day's closing.
    await recordChange(tx, {
      operatorId: closedBy,
      at: now,
      entity: 'closed_day',
      entityId: key,
      action: 'create',
      before: null,
      after: closedDayState(row),
    });
    return {
      day: key,
      source: 'dispatcher',
      reason: row.reason,
      addedBy: row.addedBy,
      addedAt: row.addedAt,
      bookings: 0,
    };
  });
}

/**
 * ADR 083: a dispatcher opens a day they closed again; the calendar is made afresh at once, so its slots
 * get their places back (and waiting "tell me when a slot opens" requests are checked).
 */
export async function openDay(
  deps: AppointmentDependencies,
  openedBy: string,
  key: string,
): Promise<void> {
  if (closedByLaw(dayOfKey(key)) !== undefined) throw new DomainError('ops', 'DAY_CLOSED_BY_LAW');
  await deps.db.transaction(async (tx) => {
    const row = await deleteClosedDay(tx, key);
    if (!row) throw new DomainError('ops', 'DAY_NOT_CLOSED');
    await recordChange(tx, {
      operatorId: openedBy,
      at: deps.clock.now(),
      entity: 'closed_day',
      entityId: key,
      action: 'delete',
      before: closedDayState(row),
      after: null,
    });
  });
  if ((await topUpCalendar(deps, deps.clock.now())) > 0) deps.placesMayHaveOpened?.();
}

/** ADR 089: what the audit log keeps of a dispatcher's closed day (who and when are the row's own). */
function closedDayState(row: StoredClosedDay): Record<string, unknown> {
  return { day: row.day, reason: row.reason };
}
// ── ADR 092: the dispatchers' installation calendar (the calendar module asks) ───────────────────────

/** Periods of a Manila day (YYYY-MM-DD): one (am, pm) or all (null), in one work zone or all (null). */
export type CalendarPeriods = {
  day: string;
  period: 'am' | 'pm' | null;
  workZoneCode: string | null;
};

const periodsOf = (periods: CalendarPeriods) => ({
  span: spanOf(dayOfKey(periods.day)),
  period: periods.period,
  workZoneCode: periods.workZoneCode,
});

export type { BookingInPeriod, SlotCapacity };

/** The instant the first of the periods starts (a block of a period already begun is refused). */
export function periodsStart(periods: CalendarPeriods): Date {
  return periodTimes(dayOfKey(periods.day), periods.period ?? 'am').startsAt;
}

/** The day (YYYY-MM-DD) `days` after `key`. */
export const dayAfter = (key: string, days: number): string => addDays(dayOfKey(key), days).key;

/** Today in Manila, YYYY-MM-DD. */
export const manilaToday = (now: Date): string => manilaDay(now).key;

/** The live bookings (paid, or held and not expired) in the periods, by time. */
export function bookingsInPeriods(
  db: Db,
  periods: CalendarPeriods,
  now: Date,
): Promise<BookingInPeriod[]> {
  return listBookingsInPeriods(db, periodsOf(periods), now);
}

/** Locks the periods' slots, so no booking takes a place there until the transaction ends. */
export function lockPeriods(tx: Db, periods: CalendarPeriods): Promise<void> {
  return lockSlotsOfPeriods(tx, periodsOf(periods));
}

/**
 * ADR 092: an unpaid hold in a blocked period ends as a hold that ran out (expired) and its place goes
 * back: the customer chooses another time before paying, as after any hold that ran out. Answers
 * whether it ended it.
 */
export async function endHoldInBlockedPeriod(
  tx: Db,
  booking: Pick<BookingInPeriod, 'appointmentId' | 'accountId'>,
  at: Date,
): Promise<boolean> {
  await lockAccountAppointments(tx, booking.accountId);
  const ended = await endAppointmentGivingPlaceBack(
    tx,
    booking.appointmentId,
    'held',
    'expired',
    at,
  );
  if (ended) {
    const appointment = await findAppointment(tx, booking.accountId, booking.appointmentId);
    if (appointment) {
      await recordInstallationAppointment(tx, appointment.resourceReservationId, null, null);
    }
  }
  return ended;
}

/** The slots of `days` days from `from` (YYYY-MM-DD) with their places, holds, bookings and blocks. */
export function slotCapacity(
  db: Db,
  from: string,
  days: number,
  now: Date,
): Promise<SlotCapacity[]> {
  const first = dayOfKey(from);
  return listSlotCapacity(db, { from: first.midnight, to: addDays(first, days).midnight }, now);
}

export const workZones = (db: Db) => listWorkZones(db);

// ── ADR 035, 092: the crews' plans, as dispatchers change them (the calendar module asks) ────────────

export type PlanEntry = { weekday: number; period: 'am' | 'pm'; places: number };
export type ZonePlan = {
  code: string;
  name: string;
  cityCodes: string[];
  plan: PlanEntry[];
};

const byWeekdayAndPeriod = (left: PlanEntry, right: PlanEntry) =>
  left.weekday - right.weekday || left.period.localeCompare(right.period);

const planOf = (rows: readonly PlanEntry[]): PlanEntry[] =>
  rows.map(({ weekday, period, places }) => ({ weekday, period, places })).sort(byWeekdayAndPeriod);

/** Every work zone with its cities and its crews' plan (by weekday, then period). */
export async function zonePlans(db: Db): Promise<ZonePlan[]> {
  return (await listZonesWithPlans(db)).map((zone) => ({
    code: zone.code,
    name: zone.name,
    cityCodes: zone.cityCodes,
    plan: planOf(zone.plans),
  }));
}

/** What the audit log keeps of a zone's plan: "1 am" → places. */
const planState = (plan: readonly PlanEntry[]): Record<string, unknown> => ({
  plan: Object.fromEntries(plan.map((entry) => [`${entry.weekday} ${entry.period}`, entry.places])),
});

/**
 * ADR 092: a dispatcher changes one zone's plan. In one transaction (the zone's row locked, so two
 * changes of one zone go one after the other): the plan rows are written; every slot already made from
 * tomorrow (Manila) on, on those weekdays and periods, takes the new places — never fewer than it has
 * taken, so no booking is lost (such a slot is kept at its taken places and answered in `kept`) — the
 * days closed by law or by a dispatcher left closed; the slots missing (a period that had no places) are
 * made; and the audit row ('work_zone', the plan before and after) is written. Customers' listings read
 * the slots, so they show the new places at once.
 */
export async function changeCrewPlan(
  deps: Pick<
    AppointmentDependencies,
    'db' | 'clock' | 'leadDays' | 'calendarWeeks' | 'placesMayHaveOpened'
  >,
  operatorId: string,
  zoneCode: string,
  entries: readonly PlanEntry[],
): Promise<{ changed: number; kept: { day: string; period: 'am' | 'pm'; taken: number }[] }> {
  const now = deps.clock.now();
  const tomorrow = addDays(manilaDay(now), 1);
  const result = await deps.db.transaction(async (tx) => {
    const before = await lockZonePlan(tx, zoneCode);
    if (!before) throw new DomainError('ops', 'WORK_ZONE_NOT_FOUND', { field: 'work_zone' });
    await upsertCrewPlan(tx, zoneCode, entries);
    const year = Number(tomorrow.key.slice(0, 4));
    const closed = [
      ...[year, year + 1].flatMap((each) => [...daysClosedByLaw(each).keys()]),
      ...(await listClosedDays(tx, tomorrow.key)).map((day) => day.day),
    ].filter((key) => key >= tomorrow.key);
    const applied = await applyPlanToSlots(tx, zoneCode, tomorrow.midnight, entries, closed);
    await topUpCalendar({ ...deps, db: tx }, now);
    const after = [
      ...before.filter(
        (row) =>
          !entries.some((entry) => entry.weekday === row.weekday && entry.period === row.period),
      ),
      ...entries,
    ];
    await recordChange(tx, {
      operatorId,
      at: now,
      entity: 'work_zone',
      entityId: zoneCode,
      action: 'update',
      before: planState(planOf(before)),
      after: planState(planOf(after)),
    });
    return applied;
  });
  if (result.changed > 0) deps.placesMayHaveOpened?.();
  return result;
}

// ── ADR 092: one day's places in one zone, set by a dispatcher (the calendar module asks) ─────────────

/**
 * A dispatcher sets one zone's places for one day and period, whatever the weekly plan says. The day is
 * one from tomorrow (Manila; today's periods may have begun) through the calendar's last day; a day the
 * law or a dispatcher closes (DAY_IS_CLOSED) and a blocked period (PERIOD_IS_BLOCKED) are refused — they
 * stay closed or blocked. In one transaction, the zone's row locked as a plan change locks it: the slot
 * takes the places in one statement — never fewer than are taken there, so nobody loses a booking
 * (`kept`) — and is marked as set by hand, so a later plan change leaves it; a slot not made yet is
 * made; and the audit row ('day_places', the places before and after) is written. The booking functions
 * and the customers' listings read the slot row, so they follow at once.
 */
export async function setDayPlaces(
  deps: Pick<AppointmentDependencies, 'db' | 'clock' | 'calendarWeeks' | 'placesMayHaveOpened'>,
  operatorId: string,
  request: { zoneCode: string; day: string; period: 'am' | 'pm'; places: number; auditId: string },
): Promise<{ places: number; taken: number; kept: boolean }> {
  const now = deps.clock.now();
  const today = manilaDay(now);
  const day = dayOfKey(request.day);
  if (day.key <= today.key || day.key > addDays(today, deps.calendarWeeks * 7).key) {
    throw new DomainError('ops', 'DAY_OUTSIDE_CALENDAR', { field: 'day' });
  }
  const { startsAt, endsAt } = periodTimes(day, request.period);
  const result = await deps.db.transaction(async (tx) => {
    const plan = await lockZonePlan(tx, request.zoneCode);
    if (!plan) throw new DomainError('ops', 'WORK_ZONE_NOT_FOUND', { field: 'work_zone' });
    // The slot's row first: a day closing meanwhile (it locks the day's slots) is seen once we have it.
    const before = await lockSlotAt(tx, request.zoneCode, startsAt);
    if (
      day.weekday === 0 ||
      closedByLaw(day) !== undefined ||
      (await listClosedDays(tx, day.key, day.key)).length > 0
    ) {
      throw new DomainError('ops', 'DAY_IS_CLOSED', { field: 'day' });
    }
    if (await isPeriodBlocked(tx, request.zoneCode, startsAt, request.period)) {
      throw new DomainError('ops', 'PERIOD_IS_BLOCKED', { field: 'period' });
    }
    const slot = await setSlotDayPlaces(tx, {
      workZoneCode: request.zoneCode,
      startsAt,
      endsAt,
      period: request.period,
      capacity: request.places,
      taken: 0,
    });
    const planned =
      plan.find((row) => row.weekday === day.weekday && row.period === request.period)?.places ?? 0;
    await recordChange(tx, {
      operatorId,
      at: now,
      entity: 'day_places',
      entityId: request.auditId,
      action: before ? 'update' : 'create',
      before: before
        ? { places: before.capacity, set_for_day: before.dayPlaces !== null, weekly_plan: planned }
        : null,
      // The places asked are kept only when the slot could not go as low (kept at taken).
      after: {
        places: slot.capacity,
        set_for_day: true,
        weekly_plan: planned,
        ...(slot.capacity === request.places ? {} : { asked: request.places }),
      },
    });
    return { before: before?.capacity ?? 0, places: slot.capacity, taken: slot.taken };
  });
  if (result.places > result.before) deps.placesMayHaveOpened?.();
  return {
    places: result.places,
    taken: result.taken,
    kept: request.places < result.taken,
  };
}
