import { NOT_STARTED_STATUSES, WO_ON_THE_WAY } from '@konek/contract/ops';
import type { TOrder } from '@konek/contract/orders';
import type { TTimeSlot } from '@konek/contract/slot-period';
import type { TWorkOrder } from '@konek/contract/view-work-order';
import {
  INSTALLATION_STATUS_CANCELLED,
  INSTALLATION_STATUS_INSTALLED,
  INSTALLATION_STATUS_RESCHEDULE,
} from '@konek/contract/work-order-status';

// Issue 15 (ADR 050): what the order status page shows, from the order and its work order. Every value
// the customer reads as "status" is the work order's installation_status (product §4.5, decided by the
// contract); this file only decides the timeline and which actions to offer.

export type MilestoneKey =
  'ordered' | 'paid' | 'scheduled' | 'assigned' | 'on-the-way' | 'arrived' | 'installed';

export type Milestone = { key: MilestoneKey; at: string | null; isDone: boolean };

/** The work order statuses that mean the technician is at the home, working. */
const ON_SITE_STATUSES = ['Ongoing', 'Ongoing-Onhold', 'Ongoing-Unhold'];
const INSTALLED_STATUSES = ['Completed', 'Completed-For Visit'];

/** The last time the work order entered one of `statuses`, if it did. */
function lastChangeTo(workOrder: TWorkOrder, statuses: readonly string[]): string | null {
  const changes = workOrder.changes.filter((change) => statuses.includes(change.work_order_status));
  return changes.at(-1)?.at ?? null;
}

/** How far the installation got: the index of the last milestone reached. */
function progressOf(workOrder: TWorkOrder): number {
  const status = workOrder.work_order_status;
  if (INSTALLED_STATUSES.includes(status)) return 6;
  if (ON_SITE_STATUSES.includes(status)) return 5;
  if (status === WO_ON_THE_WAY) return 4;
  if (workOrder.technician && NOT_STARTED_STATUSES.includes(status)) return 3;
  return workOrder.installation ? 2 : 1;
}

/** Ordered, paid, scheduled, technician assigned, on the way, arrived, installed — with their times. */
export function milestones(order: TOrder, workOrder: TWorkOrder): Milestone[] {
  const progress = progressOf(workOrder);
  const times: Record<MilestoneKey, string | null> = {
    ordered: order.created_at,
    paid: order.paid_at,
    scheduled: null,
    assigned: null,
    'on-the-way': lastChangeTo(workOrder, [WO_ON_THE_WAY]),
    arrived: lastChangeTo(workOrder, ON_SITE_STATUSES.slice(0, 1)),
    installed: lastChangeTo(workOrder, INSTALLED_STATUSES),
  };
  const keys: MilestoneKey[] = [
    'ordered',
    'paid',
    'scheduled',
    'assigned',
    'on-the-way',
    'arrived',
    'installed',
  ];
  // A missed visit (ADR 047) is not "scheduled" any more: that step waits for the new time.
  if (isMissed(workOrder)) {
    times.scheduled = lastChangeTo(workOrder, [workOrder.work_order_status]);
    return keys.map((key, index) => ({ key, at: times[key], isDone: index < 2 }));
  }
  return keys.map((key, index) => ({ key, at: times[key], isDone: index <= progress }));
}

/** The booked installation time: the work order's, or the order's while it has none. */
export function bookedTime(order: TOrder, workOrder: TWorkOrder): TTimeSlot | null {
  return workOrder.installation ?? order.installation;
}

export function isOnTheWay(workOrder: TWorkOrder): boolean {
  return workOrder.work_order_status === WO_ON_THE_WAY;
}

/** ADR 047: the visit was missed (the Delayed family, shown "Reschedule Installation"). */
export function isMissed(workOrder: TWorkOrder): boolean {
  return workOrder.installation_status === INSTALLATION_STATUS_RESCHEDULE;
}

export function isFinished(workOrder: TWorkOrder): boolean {
  return [INSTALLATION_STATUS_INSTALLED, INSTALLATION_STATUS_CANCELLED].includes(
    workOrder.installation_status,
  );
}

/**
 * The self-service rule the API enforces too: the time may be changed, and the order cancelled with a
 * refund, before the visit (Open, Pending-ForVisit) or after a missed one — never once the technician
 * is on the way.
 */
export function canSelfServe(order: TOrder, workOrder: TWorkOrder): boolean {
  if (!order.purchased || order.state_name === 'refunded') return false;
  return NOT_STARTED_STATUSES.includes(workOrder.work_order_status) || isMissed(workOrder);
}

/** The free days credited for missed visits (ADR 047), most recent last. */
export function missedVisitCreditDays(workOrder: TWorkOrder): number {
  return workOrder.credits
    .filter((credit) => credit.kind === 'missed_visit')
    .reduce((total, credit) => total + credit.free_days, 0);
}

/** The technician is at the home (Ongoing, on hold or resumed). */
export function hasArrived(workOrder: TWorkOrder): boolean {
  return ON_SITE_STATUSES.includes(workOrder.work_order_status);
}

/**
 * The later of two readings of one work order: the one fetched and the one already held (the stream may
 * have put a newer one in while the fetch was under way). Its history of status changes only grows, so
 * the reading with more changes is the later one; on a tie the fetched one is kept.
 */
export function laterWorkOrder(fetched: TWorkOrder, held: TWorkOrder | undefined): TWorkOrder {
  if (!held || held.order_action_id !== fetched.order_action_id) return fetched;
  return held.changes.length > fetched.changes.length ? held : fetched;
}
