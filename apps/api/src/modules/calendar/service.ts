import {
  dayPlacesEntityId,
  type TSetDayPlacesRequest,
  type TCrewPlanZone,
  type TKeptSlot,
  type TSetCrewPlanRequest,
  type TAffectedBooking,
  type TBlockRequest,
  type TBlockSpan,
  type TCalendarBlock,
  type TCalendarPeriod,
  type TWorkZone,
} from '@konek/contract/ops-calendar';
import { mobileText } from '@konek/contract/number-formats';
import { DomainError } from '../../platform/domain-error';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { accountInfo } from '../account/service';
import {
  bookingsInPeriods,
  endHoldInBlockedPeriod,
  lockPeriods,
  manilaToday,
  periodsStart,
  releaseAppointmentOfOrder,
  slotCapacity,
  workZones,
  changeCrewPlan,
  setDayPlaces as setSlotPlacesForDay,
  zonePlans,
  type AppointmentDependencies,
  type ZonePlan,
  type BookingInPeriod,
  type CalendarPeriods,
} from '../appointments/service';
import {
  loseTimeToBlock,
  orderOfBooking,
  sendNotices,
  type OrdersDependencies,
} from '../orders/service';
import { firstNameOfUser } from '../identity/service';
import { recordChange } from '../audit/service';
import {
  findLiveBlock,
  insertBlock,
  liftBlock,
  listLiveBlocks,
  type BlockWithOperator,
  type StoredBlock,
} from './store';

// ADR 092: the dispatchers' installation calendar. A block is previewed (the bookings it would take the
// time of), then confirmed: in one transaction its slots are locked (no booking takes a place there
// meanwhile), the block is written, every paid booking there loses its time through the orders module
// (the order waits for a new one, the customer is owed one text with the reason) and every unpaid hold
// ends as a hold that ran out. The texts go once the transaction committed. Whether a slot is blocked is
// the SQL function konek_blocked_period's to say, so no booking call and no listing offers it.
// Unblocking lifts the block; nobody is booked back.

export type CalendarDependencies = {
  db: Db;
  clock: Clock;
  /** The orders module's dependencies: the texts a block owes are sent through its notices. */
  orders: OrdersDependencies;
  /** The appointments module's dependencies: a plan change makes the slots missing and tells waiters. */
  appointments: AppointmentDependencies;
  /** A city's name by its code (the address catalogue app.ts loaded); undefined for one it lacks. */
  cityName: (code: string) => string | undefined;
};

const periodsOf = (request: TBlockRequest): CalendarPeriods => ({
  day: request.day,
  period: request.period === 'day' ? null : request.period,
  workZoneCode: request.work_zone ?? null,
});

const spanOf = (period: StoredBlock['period']): TBlockSpan => period ?? 'day';

/** "0917 ••• 0101": enough for a dispatcher to tell customers apart, not to call them. */
export function maskedMobile(msisdn: string): string {
  const parts = mobileText(msisdn).split(' ');
  return parts.length === 3 ? `${parts[0]} ••• ${parts[2]}` : '•••';
}

async function zoneNames(db: Db): Promise<Map<string, TWorkZone>> {
  return new Map((await workZones(db)).map((zone) => [zone.code, zone]));
}

/** The request's rules: a day and period still ahead, a zone that exists, not blocked already. */
async function checkRequest(
  deps: CalendarDependencies,
  request: TBlockRequest,
  zones: Map<string, TWorkZone>,
  now: Date,
): Promise<CalendarPeriods> {
  const periods = periodsOf(request);
  if (request.day < manilaToday(now)) {
    throw new DomainError('ops', 'DAY_IN_THE_PAST', { field: 'day' });
  }
  if (periodsStart(periods) <= now) {
    throw new DomainError('ops', 'PERIOD_STARTED', { field: 'period' });
  }
  if (periods.workZoneCode !== null && !zones.has(periods.workZoneCode)) {
    throw new DomainError('ops', 'WORK_ZONE_NOT_FOUND', { field: 'work_zone' });
  }
  if (await findLiveBlock(deps.db, blockKey(periods))) throw alreadyBlocked();
  return periods;
}

const blockKey = (periods: CalendarPeriods) => ({
  day: periods.day,
  period: periods.period,
  workZoneCode: periods.workZoneCode,
});

const alreadyBlocked = () => new DomainError('ops', 'PERIOD_ALREADY_BLOCKED', { field: 'period' });

/** The bookings as the dispatcher reads them: order, first name, masked mobile, slot, zone. */
async function describe(
  db: Db,
  bookings: readonly BookingInPeriod[],
  zones: Map<string, TWorkZone>,
): Promise<TAffectedBooking[]> {
  const described: TAffectedBooking[] = [];
  for (const booking of bookings) {
    const order = await orderOfBooking(db, booking.accountId, booking.appointmentId);
    const account = await accountInfo(db, booking.accountId);
    const firstName = await firstNameOfUser(db, account.user_id);
    described.push({
      order_number: order?.orderNumber ?? null,
      kind: booking.status === 'confirmed' ? 'paid' : 'held',
      customer_first_name: firstName ?? '',
      masked_mobile: maskedMobile(account.msisdn),
      slot: { start_time: booking.startsAt.toISOString(), end_time: booking.endsAt.toISOString() },
      period: booking.period,
      work_zone: zones.get(booking.workZoneCode) ?? {
        code: booking.workZoneCode,
        name: booking.workZoneCode,
      },
    });
  }
  return described;
}

/** The bookings a block would take the time of; nothing changes. */
export async function previewBlock(
  deps: CalendarDependencies,
  request: TBlockRequest,
): Promise<TAffectedBooking[]> {
  const now = deps.clock.now();
  const zones = await zoneNames(deps.db);
  const periods = await checkRequest(deps, request, zones, now);
  return describe(deps.db, await bookingsInPeriods(deps.db, periods, now), zones);
}

export function blockReply(
  block: StoredBlock,
  zones: Map<string, TWorkZone>,
  blockedByFirstName: string | null,
): TCalendarBlock {
  return {
    block_id: block.id,
    day: block.day,
    period: spanOf(block.period),
    work_zone: block.workZoneCode
      ? (zones.get(block.workZoneCode) ?? { code: block.workZoneCode, name: block.workZoneCode })
      : null,
    reason: block.reason,
    blocked_by:
      blockedByFirstName === null
        ? null
        : { user_id: block.blockedBy, first_name: blockedByFirstName },
    blocked_at: block.blockedAt.toISOString(),
  };
}

/**
 * Blocks the periods and, in the same transaction, takes the time of every booking there: a paid order
 * waits for a new time (its customer texted the reason once, after the commit), an unpaid hold ends.
 */
export async function confirmBlock(
  deps: CalendarDependencies,
  dispatcher: { id: string; firstName: string },
  request: TBlockRequest,
): Promise<{ block: TCalendarBlock; affected: TAffectedBooking[] }> {
  const now = deps.clock.now();
  const zones = await zoneNames(deps.db);
  const periods = await checkRequest(deps, request, zones, now);
  const source = `dispatcher:${dispatcher.id}` as const;
  const { block, affected, orderIds } = await deps.db.transaction(async (tx) => {
    await lockPeriods(tx, periods);
    const row = await insertBlock(tx, {
      ...blockKey(periods),
      reason: request.reason,
      blockedBy: dispatcher.id,
      blockedAt: now,
    });
    if (!row) throw alreadyBlocked();
    const bookings = await bookingsInPeriods(tx, periods, now);
    const described = await describe(tx, bookings, zones);
    const moved: string[] = [];
    for (const booking of bookings) {
      if (booking.status === 'held') {
        await endHoldInBlockedPeriod(tx, booking, now);
        continue;
      }
      const orderId = await loseTimeToBlock(tx, booking, { reason: row.reason, source, at: now });
      if (orderId) moved.push(orderId);
      // A confirmed booking no paid order holds: its place goes back all the same.
      else await releaseAppointmentOfOrder(tx, booking.accountId, booking.appointmentId, now);
    }
    await recordChange(tx, {
      operatorId: dispatcher.id,
      at: now,
      entity: 'calendar_block',
      entityId: row.id,
      action: 'create',
      before: null,
      after: { ...blockState(row), bookings_moved: bookings.length },
    });
    return { block: row, affected: described, orderIds: moved };
  });
  for (const orderId of orderIds) await sendNotices(deps.orders, { orderId });
  return { block: blockReply(block, zones, dispatcher.firstName), affected };
}

/** ADR 089: what the audit log keeps of a block (who and when are the audit row's own). */
function blockState(row: StoredBlock): Record<string, unknown> {
  return {
    day: row.day,
    period: row.period ?? 'day',
    work_zone: row.workZoneCode,
    reason: row.reason,
    lifted_at: row.unblockedAt?.toISOString() ?? null,
  };
}

/** Lifts a block: its periods are offered again; nobody is booked back. */
export async function removeBlock(
  deps: CalendarDependencies,
  dispatcherId: string,
  blockId: string,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const lifted = await liftBlock(tx, blockId, dispatcherId, now);
    if (!lifted) throw new DomainError('ops', 'BLOCK_NOT_FOUND', { field: 'block_id' });
    await recordChange(tx, {
      operatorId: dispatcherId,
      at: now,
      entity: 'calendar_block',
      entityId: blockId,
      action: 'lift',
      before: blockState(lifted.before),
      after: blockState(lifted.after),
    });
  });
}

/** The live blocks from today on, and the work zones. */
export async function blocksAhead(
  deps: CalendarDependencies,
): Promise<{ blocks: TCalendarBlock[]; zones: TWorkZone[] }> {
  const zones = await zoneNames(deps.db);
  const rows: BlockWithOperator[] = await listLiveBlocks(deps.db, manilaToday(deps.clock.now()));
  return {
    blocks: rows.map((row) => blockReply(row, zones, row.blockedByFirstName)),
    zones: [...zones.values()],
  };
}

/** The day view: per day, each period of each zone with its places, holds, bookings and block. */
export async function calendarDays(
  deps: CalendarDependencies,
  from: string,
  days: number,
): Promise<{ day: string; periods: TCalendarPeriod[] }[]> {
  const now = deps.clock.now();
  const zones = await zoneNames(deps.db);
  const byDay = new Map<string, TCalendarPeriod[]>();
  for (const slot of await slotCapacity(deps.db, from, days, now)) {
    const day = manilaToday(slot.startsAt);
    const other = Math.max(0, slot.taken - slot.holds - slot.bookings - slot.expired);
    const periods = byDay.get(day) ?? [];
    periods.push({
      period: slot.period,
      work_zone: zones.get(slot.workZoneCode) ?? {
        code: slot.workZoneCode,
        name: slot.workZoneCode,
      },
      places: slot.capacity,
      holds: slot.holds,
      bookings: slot.bookings,
      other,
      free: slot.isBlocked ? 0 : Math.max(0, slot.capacity - slot.holds - slot.bookings - other),
      blocked: slot.isBlocked,
      set_for_day: slot.setForDay,
    });
    byDay.set(day, periods);
  }
  return [...byDay.entries()].map(([day, periods]) => ({ day, periods }));
}

const zoneReply = (deps: CalendarDependencies, zone: ZonePlan): TCrewPlanZone => ({
  work_zone: { code: zone.code, name: zone.name },
  cities: zone.cityCodes.map((code) => ({ code, name: deps.cityName(code) ?? code })),
  plan: zone.plan,
});

/** Every work zone with its cities and its crews' plan. */
export async function crewPlans(deps: CalendarDependencies): Promise<TCrewPlanZone[]> {
  return (await zonePlans(deps.db)).map((zone) => zoneReply(deps, zone));
}

/** A dispatcher changes one zone's plan (the appointments module's rule); the zone as it is now. */
export async function setCrewPlan(
  deps: CalendarDependencies,
  dispatcherId: string,
  request: TSetCrewPlanRequest,
): Promise<{ zone: TCrewPlanZone; slots_changed: number; kept: TKeptSlot[] }> {
  const { changed, kept } = await changeCrewPlan(
    { ...deps.appointments, db: deps.db, clock: deps.clock },
    dispatcherId,
    request.work_zone,
    request.plan,
  );
  const zone = (await zonePlans(deps.db)).find((each) => each.code === request.work_zone)!;
  return { zone: zoneReply(deps, zone), slots_changed: changed, kept };
}

/**
 * A dispatcher sets one zone's places for one day and period (the appointments module's rule): never
 * fewer than are taken there (`kept`), and kept when the weekly plan changes later.
 */
export function setDayPlaces(
  deps: CalendarDependencies,
  dispatcherId: string,
  request: TSetDayPlacesRequest,
): Promise<{ places: number; taken: number; kept: boolean }> {
  return setSlotPlacesForDay(
    { ...deps.appointments, db: deps.db, clock: deps.clock },
    dispatcherId,
    {
      zoneCode: request.work_zone,
      day: request.day,
      period: request.period,
      places: request.places,
      auditId: dayPlacesEntityId(request.work_zone, request.day, request.period),
    },
  );
}
