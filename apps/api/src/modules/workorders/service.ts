import type { TBookableSlot } from '@konek/contract/appointments';
import {
  ASSIGNABLE_STATUSES,
  isTransitionAllowed,
  NOT_STARTED_STATUSES,
  OPERATOR_CANCELLABLE_STATUSES,
  statusAfterAction,
  WO_CANCELLED,
  WO_COMPLETED,
  WO_DELAYED_FOR_RESCHEDULE,
  WO_ON_THE_WAY,
  WO_ONGOING,
  WO_PENDING_FOR_VISIT,
  type TOpsWorkOrder,
  type TTechnicianAction,
} from '@konek/contract/ops';
import type { TTimeSlot } from '@konek/contract/slot-period';
import { estimateArrivalMinutes, type TTracking } from '@konek/contract/tracking';
import { MISSED_VISIT_CREDIT_DAYS, type TWorkOrder } from '@konek/contract/view-work-order';
import { installationStatusLabel } from '@konek/contract/work-order-status';
import { DomainError } from '../../platform/domain-error';
import { isUuid } from '../../platform/auth/is-uuid';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { storableInstant } from '../../platform/db/storable-instant';
import { repeatEvery, type Repeating } from '../../platform/repeat';
import type { SmsSender } from '../../providers/sms/sms-sender';
import { accountInfo } from '../account/service';
import { enabledOperatorById, type Operator } from '../operators/service';
import {
  cancelOrderAsOperator,
  orderNumberOf,
  sendNotices,
  type OrdersDependencies,
} from '../orders/service';
import {
  findWorkOrder,
  findWorkOrderByActionId,
  listChanges,
  listCredits,
  listWorkOrdersBetween,
  markMissedVisits,
  moveWorkOrder,
  releaseNotice,
  savePosition,
  trackingOf,
  type Milestone,
  type WorkOrderRow,
} from './store';

// ADR 046: work orders move by role — a dispatcher assigns and sets any allowed status, a technician
// moves only their own jobs through the visit. ADR 047: a visit not started by the end of its period is
// missed without anyone acting (decided when read and by a periodic sweep), credited once and texted
// once. Each milestone (on the way with the tracking link, arrived, installed, missed) texts the
// customer once per visit; the booked SMS is the order's confirmation at payment (ADR 039). ADR 080: every
// move is one of the contract's table (ops.ts); a dispatcher arranges a new visit (a technician, a new
// time when the booked one has passed) from every delayed status, and cancels a job marked for
// cancellation with a full refund; the texts an order's change owes the customer (a new time, an
// operator's cancel) go out after the change commits and are retried by the sweep until sent.

export type WorkOrdersDependencies = {
  db: Db;
  clock: Clock;
  sms: SmsSender;
  /** Where the tracking link in the "on the way" SMS points (PUBLIC_BASE_URL). */
  publicBaseUrl: string;
  log: { error: (object: object, message: string) => void };
  /** ADR 080: the orders module, for a dispatcher's cancel and its refund. */
  orders?: OrdersDependencies;
  /**
   * ADR 080: moves a paid order's booking to `slot` for a dispatcher's new visit — update_appointment's
   * rules and capacity, with the order's time and work order in its transaction (app.ts hands in the
   * appointments module's).
   */
  moveBooking?: (
    accountId: string,
    appointmentId: string,
    slot: TBookableSlot,
    newVisit: { changedBy: string; technicianId: string },
  ) => Promise<unknown>;
  /** ADR 080: the bookable slots with a free place for the booking (its own place counted free). */
  freeSlots?: (accountId: string, appointmentId: string) => Promise<TBookableSlot[]>;
};

const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Manila calendar day of an instant (YYYY-MM-DD). */
export const manilaDay = (at: Date) =>
  new Date(at.getTime() + MANILA_OFFSET_MS).toISOString().slice(0, 10);

const MILESTONE_OF: ReadonlyMap<string, Milestone> = new Map([
  [WO_ON_THE_WAY, 'on_the_way'],
  [WO_ONGOING, 'arrived'],
  [WO_COMPLETED, 'installed'],
  [WO_DELAYED_FOR_RESCHEDULE, 'missed'],
]);

const notFound = () => new DomainError('ops', 'WORK_ORDER_NOT_FOUND', { field: 'work_order_id' });
const notAllowed = (from: string, to: string | null) =>
  new DomainError('ops', 'TRANSITION_NOT_ALLOWED', { field: 'status', from, to });

function smsText(
  deps: WorkOrdersDependencies,
  milestone: Milestone,
  orderNumber: string,
  technician: string | null,
): string {
  const trackLink = `${deps.publicBaseUrl}/trackmyorder`;
  // ADR 048: the "on the way" link opens the live map itself.
  const technicianLink = `${trackLink}/trackmytechnician`;
  const who = technician ? `Your technician ${technician}` : 'Your technician';
  switch (milestone) {
    case 'on_the_way':
      return `Konek: ${who} is on the way to install order ${orderNumber}. Track them live: ${technicianLink}`;
    case 'arrived':
      return `Konek: ${who} has arrived for order ${orderNumber}.`;
    case 'installed':
      return `Konek: Your Konek Fiber is installed (order ${orderNumber}). Welcome online!`;
    case 'missed':
      return (
        `Konek: Sorry, we missed your installation visit for order ${orderNumber}. ` +
        `We added ${MISSED_VISIT_CREDIT_DAYS} free days to your plan. Pick a new time: ${trackLink}`
      );
  }
}

/** Texts a claimed milestone; a failed send gives the claim back and is logged (no personal data). */
async function notify(
  deps: WorkOrdersDependencies,
  job: { workOrderId: string; accountId: string; orderNumber: number; visitStartsAt: Date },
  milestone: Milestone,
  technician: string | null,
): Promise<void> {
  try {
    const { msisdn } = await accountInfo(deps.db, job.accountId);
    await deps.sms.send({
      msisdn,
      body: smsText(deps, milestone, orderNumberOf({ number: job.orderNumber }), technician),
    });
  } catch (error) {
    deps.log.error(
      { err: error, workOrderId: job.workOrderId, milestone },
      'milestone SMS not sent',
    );
    await releaseNotice(deps.db, job.workOrderId, milestone, job.visitStartsAt);
  }
}

/**
 * ADR 047: marks missed visits (all, one account's or one work order's) and texts each customer once.
 * Safe on any number of replicas at once.
 */
export async function settleMissedVisits(
  deps: WorkOrdersDependencies,
  only: { accountId?: string; workOrderId?: string } = {},
): Promise<number> {
  const missed = await markMissedVisits(deps.db, {
    now: deps.clock.now(),
    notStarted: NOT_STARTED_STATUSES,
    missedStatus: WO_DELAYED_FOR_RESCHEDULE,
    freeDays: MISSED_VISIT_CREDIT_DAYS,
    ...only,
  });
  for (const visit of missed) {
    if (visit.isNoticeClaimed) await notify(deps, visit, 'missed', null);
  }
  return missed.length;
}

/**
 * The periodic sweep: every `intervalMs`, missed visits are settled and the order texts still owed are
 * sent (ADR 080: a text the last try could not hand over goes again); stop() ends it.
 */
export function startMissedVisitSweep(deps: WorkOrdersDependencies, intervalMs: number): Repeating {
  return repeatEvery(
    intervalMs,
    async () => {
      await settleMissedVisits(deps);
      await sendOrderNotices(deps);
    },
    (error) => deps.log.error({ err: error }, 'missed visit sweep failed'),
  );
}

const slotOf = (startsAt: Date, endsAt: Date): TTimeSlot => ({
  start_time: startsAt.toISOString(),
  end_time: endsAt.toISOString(),
});

/**
 * ADR 080: the texts orders' changes owe their customers (all, one account's or one order's), sent by
 * the orders module, which wrote them with the change.
 */
export async function sendOrderNotices(
  deps: Pick<WorkOrdersDependencies, 'orders'>,
  only: { accountId?: string; orderId?: string } = {},
): Promise<number> {
  return deps.orders ? sendNotices(deps.orders, only) : 0;
}

function installationOf(row: WorkOrderRow) {
  return row.startsAt && row.endsAt ? slotOf(row.startsAt, row.endsAt) : null;
}

export function opsWorkOrderReply(row: WorkOrderRow): TOpsWorkOrder {
  return {
    work_order_id: row.id,
    order_number: orderNumberOf({ number: row.orderNumber }),
    order_action_id: row.orderActionId,
    status: row.status,
    installation_status: installationStatusLabel({ work_order_status: row.status }),
    installation: installationOf(row),
    technician:
      row.technicianId && row.technicianFirstName
        ? { user_id: row.technicianId, first_name: row.technicianFirstName }
        : null,
    updated_at: row.updatedAt.toISOString(),
    note: row.note,
    zone: row.zoneCode && row.zoneName ? { code: row.zoneCode, name: row.zoneName } : null,
    visit: visitOf(row),
  };
}

/** Stored text keeps the form's escaping (product §5: "&amp;", an empty village as "none"). */
const shown = (text: string | undefined) =>
  text && text !== 'none' ? text.replaceAll('&amp;', '&') : '';

/** ADR 051: the address as the technician reads it (the web's addressLines, from the stored parts). */
function visitOf(row: WorkOrderRow): TOpsWorkOrder['visit'] {
  const parts = row.addressParts;
  if (!parts || row.latitude === null || row.longitude === null) return null;
  const home =
    'building_name' in parts
      ? [
          `Unit ${shown(parts.unit_no)}`,
          `Floor ${shown(parts.floor)}`,
          parts.building_name,
          parts.street,
        ]
      : [[parts.house_number, parts.street].map(shown).join(' '), parts.village];
  return {
    customer_first_name: row.customerFirstName ?? '',
    home: home.map(shown).filter(Boolean).join(', '),
    area: [
      [parts.barangay, parts.city, parts.province].map(shown).filter(Boolean).join(', '),
      parts.zip_code,
    ]
      .filter(Boolean)
      .join(' '),
    landmark: shown(parts.landmark) || null,
    destination: { lat: row.latitude, lng: row.longitude },
  };
}

/** The day's work orders (Manila day; today when not given): all for a dispatcher, own for a technician. */
export async function workOrdersOfDay(
  deps: WorkOrdersDependencies,
  operator: Operator,
  day: string | undefined,
): Promise<{ day: string; workOrders: TOpsWorkOrder[] }> {
  const theDay = day ?? manilaDay(deps.clock.now());
  await settleMissedVisits(deps);
  const startMs = Date.parse(`${theDay}T00:00:00Z`) - MANILA_OFFSET_MS;
  const from = storableInstant(startMs);
  const to = storableInstant(startMs + DAY_MS);
  // A day the database cannot hold (its years are 0001-9999) has no visits.
  if (!from || !to) return { day: theDay, workOrders: [] };
  const rows = await listWorkOrdersBetween(
    deps.db,
    from,
    to,
    operator.role === 'technician' ? operator.id : undefined,
  );
  return { day: theDay, workOrders: rows.map(opsWorkOrderReply) };
}

/** The work order, its missed visit (if any) decided first. */
async function currentWorkOrder(
  deps: WorkOrdersDependencies,
  workOrderId: string,
): Promise<WorkOrderRow> {
  if (!isUuid(workOrderId)) throw notFound();
  await settleMissedVisits(deps, { workOrderId });
  const row = await findWorkOrder(deps.db, workOrderId);
  if (!row) throw notFound();
  return row;
}

async function applyMove(
  deps: WorkOrdersDependencies,
  row: WorkOrderRow,
  to: string,
  who: Operator,
  reason: string | null,
  technician?: Operator,
): Promise<TOpsWorkOrder> {
  const at = deps.clock.now();
  const milestone = MILESTONE_OF.get(to) ?? null;
  const visitStartsAt = row.startsAt ?? at;
  const moved = await deps.db.transaction((tx) =>
    moveWorkOrder(tx, {
      id: row.id,
      from: row.status,
      to,
      ...(technician ? { technicianId: technician.id } : {}),
      changedBy: `${who.role}:${who.id}`,
      reason,
      at,
      milestone,
      visitStartsAt,
    }),
  );
  // Moved by someone else meanwhile: this move was decided on a status that no longer holds.
  if (!moved) throw notAllowed(row.status, to);
  const after = (await findWorkOrder(deps.db, row.id))!;
  if (milestone && moved.isNoticeClaimed) {
    await notify(
      deps,
      {
        workOrderId: row.id,
        accountId: row.accountId,
        orderNumber: row.orderNumber,
        visitStartsAt,
      },
      milestone,
      after.technicianFirstName,
    );
  }
  return opsWorkOrderReply(after);
}

const needsNewTime = () => new DomainError('ops', 'NEW_TIME_NEEDED', { field: 'time_slot' });

/**
 * ADR 046, 080: a dispatcher arranges a visit — before it starts, or after any delay: the job goes to
 * the technician (Pending-ForVisit). With `slot`, the booking moves there first, with update_appointment's
 * rules and capacity, the order's new time and the work order in one transaction, and the customer is
 * texted the new time. Without one, the booked period must still be ahead: a visit already past would be
 * missed again at once (NEW_TIME_NEEDED).
 */
export async function assignWorkOrder(
  deps: WorkOrdersDependencies,
  dispatcher: Operator,
  workOrderId: string,
  technicianId: string,
  slot?: TBookableSlot,
): Promise<TOpsWorkOrder> {
  // ADR 089: a disabled technician is assigned nothing.
  const technician = await enabledOperatorById(deps.db, technicianId);
  if (!technician || technician.role !== 'technician') {
    throw new DomainError('ops', 'NOT_A_TECHNICIAN', { field: 'technician_id' });
  }
  const row = await currentWorkOrder(deps, workOrderId);
  if (!ASSIGNABLE_STATUSES.includes(row.status)) throw notAllowed(row.status, WO_PENDING_FOR_VISIT);
  const isSameTime = slot !== undefined && row.startsAt?.getTime() === Date.parse(slot.start_time);
  if (slot === undefined || isSameTime) {
    if (!row.endsAt || row.endsAt <= deps.clock.now()) throw needsNewTime();
    return applyMove(deps, row, WO_PENDING_FOR_VISIT, dispatcher, null, technician);
  }
  if (!deps.moveBooking) throw new Error('moveBooking is not configured');
  await deps.moveBooking(row.accountId, row.appointmentId, slot, {
    changedBy: `${dispatcher.role}:${dispatcher.id}`,
    technicianId: technician.id,
  });
  return opsWorkOrderReply((await findWorkOrder(deps.db, row.id))!);
}

/** ADR 080: the slots a dispatcher can move a job's visit to (its own place counts as free). */
export async function slotsForWorkOrder(
  deps: WorkOrdersDependencies,
  workOrderId: string,
): Promise<TBookableSlot[]> {
  const row = await currentWorkOrder(deps, workOrderId);
  if (!deps.freeSlots) throw new Error('freeSlots is not configured');
  return deps.freeSlots(row.accountId, row.appointmentId);
}

/**
 * A dispatcher sets a status the transition table allows from the current one. Pending-ForVisit is a new
 * visit with the technician already on the job (assign, at the booked time).
 */
export async function setWorkOrderStatus(
  deps: WorkOrdersDependencies,
  dispatcher: Operator,
  workOrderId: string,
  status: string,
  reason: string | undefined,
): Promise<TOpsWorkOrder> {
  const row = await currentWorkOrder(deps, workOrderId);
  if (status === WO_PENDING_FOR_VISIT) {
    // A job waiting for a visit has someone to visit: Pending-ForVisit is reached by assigning.
    if (row.technicianId === null) throw notAllowed(row.status, status);
    return assignWorkOrder(deps, dispatcher, workOrderId, row.technicianId);
  }
  if (!isTransitionAllowed(row.status, status)) throw notAllowed(row.status, status);
  return applyMove(deps, row, status, dispatcher, reason ?? null);
}

/**
 * ADR 080: a dispatcher cancels a job marked Delayed-ForCancellation: the orders module refunds the
 * customer in full first, then gives back the place and the port and cancels the work order (as the
 * customer's own cancel does); the customer is texted once it committed.
 */
export async function cancelWorkOrder(
  deps: WorkOrdersDependencies,
  dispatcher: Operator,
  workOrderId: string,
  reason: string | undefined,
): Promise<TOpsWorkOrder> {
  const row = await currentWorkOrder(deps, workOrderId);
  if (row.status !== WO_CANCELLED && !OPERATOR_CANCELLABLE_STATUSES.includes(row.status)) {
    throw notAllowed(row.status, WO_CANCELLED);
  }
  if (!deps.orders) throw new Error('orders is not configured');
  await cancelOrderAsOperator(
    deps.orders,
    row.orderId,
    `${dispatcher.role}:${dispatcher.id}`,
    reason ?? null,
  );
  return opsWorkOrderReply((await findWorkOrder(deps.db, row.id))!);
}

/** A technician moves their own job: on the way → arrived → completed, or could not install. */
export async function moveOwnJob(
  deps: WorkOrdersDependencies,
  technician: Operator,
  workOrderId: string,
  action: TTechnicianAction,
  reason: string | undefined,
): Promise<TOpsWorkOrder> {
  const row = await currentWorkOrder(deps, workOrderId);
  if (row.technicianId !== technician.id) {
    throw new DomainError('ops', 'NOT_YOUR_JOB', { field: 'work_order_id' });
  }
  const to = statusAfterAction(action, row.status);
  if (to === undefined) throw notAllowed(row.status, null);
  return applyMove(deps, row, to, technician, reason ?? null);
}

/**
 * ADR 048: the technician's phone shares its position on their own job while it is on the way. One
 * statement stores it (and answers the customer's pin for the estimate); only a refusal reads more, to
 * say why. The coordinates are never logged.
 */
export async function shareTechnicianPosition(
  deps: WorkOrdersDependencies,
  technician: Operator,
  input: { workOrderId: string; lat: number; lng: number; accuracyM: number | null },
): Promise<{ etaMinutes: number | null }> {
  if (!isUuid(input.workOrderId)) throw notFound();
  const position = { lat: input.lat, lng: input.lng };
  const saved = await savePosition(deps.db, {
    ...input,
    technicianId: technician.id,
    onTheWay: WO_ON_THE_WAY,
    at: deps.clock.now(),
  });
  if (saved) {
    return {
      etaMinutes: saved.destination ? estimateArrivalMinutes(position, saved.destination) : null,
    };
  }
  const row = await findWorkOrder(deps.db, input.workOrderId);
  if (!row) throw notFound();
  if (row.technicianId !== technician.id) {
    throw new DomainError('ops', 'NOT_YOUR_JOB', { field: 'work_order_id' });
  }
  throw new DomainError('ops', 'NOT_ON_THE_WAY', { field: 'work_order_id', status: row.status });
}

/** ADR 048: the pin, and the technician's position and arrival estimate only while on the way. */
async function trackingReply(deps: WorkOrdersDependencies, row: WorkOrderRow): Promise<TTracking> {
  const { destination, position } = await trackingOf(deps.db, row.id);
  const isOnTheWay = row.status === WO_ON_THE_WAY && position !== null;
  return {
    destination,
    technician_position: isOnTheWay
      ? {
          lat: position.lat,
          lng: position.lng,
          at: position.at.toISOString(),
          accuracy_m: position.accuracyM,
        }
      : null,
    eta_minutes: isOnTheWay && destination ? estimateArrivalMinutes(position, destination) : null,
  };
}

const forbiddenOrder = () => new DomainError('common', 'FORBIDDEN', { field: 'order_action_id' });

/**
 * The work order of one of the caller's orders; any other order_action_id (someone else's, or none) is
 * FORBIDDEN, so the answer tells nothing of other orders.
 */
export async function ownWorkOrderId(
  deps: WorkOrdersDependencies,
  accountId: string | null,
  orderActionId: string,
): Promise<string> {
  if (accountId === null) throw forbiddenOrder();
  const found = await findWorkOrderByActionId(deps.db, orderActionId);
  if (!found || found.accountId !== accountId) throw forbiddenOrder();
  return found.id;
}

/** What the customer sees of a work order (view_work_order, and each tracking event of ADR 048). */
export async function workOrderSnapshot(
  deps: WorkOrdersDependencies,
  workOrderId: string,
): Promise<TWorkOrder | undefined> {
  const row = await findWorkOrder(deps.db, workOrderId);
  if (!row) return undefined;
  const [changes, credits, tracking] = await Promise.all([
    listChanges(deps.db, row.id),
    listCredits(deps.db, row.orderId),
    trackingReply(deps, row),
  ]);
  return {
    order_action_id: row.orderActionId,
    order_id: row.orderId,
    order_number: orderNumberOf({ number: row.orderNumber }),
    work_order_status: row.status,
    installation_status: installationStatusLabel({ work_order_status: row.status }),
    installation: installationOf(row),
    technician: row.technicianFirstName ? { first_name: row.technicianFirstName } : null,
    tracking,
    credits: credits.map((credit) => ({
      kind: credit.kind,
      free_days: credit.freeDays,
      at: credit.at.toISOString(),
      visit: credit.visitStartsAt ? slotOf(credit.visitStartsAt, credit.visitEndsAt) : null,
    })),
    changes: changes.map((change) => ({
      work_order_status: change.status,
      installation_status: installationStatusLabel({ work_order_status: change.status }),
      at: change.at.toISOString(),
      new_installation:
        change.installationStartsAt && change.installationEndsAt
          ? slotOf(change.installationStartsAt, change.installationEndsAt)
          : null,
    })),
  };
}

/**
 * product §7.1 view work order, for the customer: only an order of the caller's account (ownWorkOrderId),
 * its missed visit decided first (ADR 047).
 */
export async function viewWorkOrder(
  deps: WorkOrdersDependencies,
  accountId: string | null,
  orderActionId: string,
): Promise<TWorkOrder> {
  const workOrderId = await ownWorkOrderId(deps, accountId, orderActionId);
  await settleMissedVisits(deps, { workOrderId });
  return (await workOrderSnapshot(deps, workOrderId))!;
}
