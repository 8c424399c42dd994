import {
  CUSTOMER_CHANGEABLE_STATUSES,
  DELAYED_STATUSES,
  NOT_STARTED_STATUSES,
  ON_SITE_STATUSES,
  WO_COMPLETED,
  WO_COMPLETED_FOR_VISIT,
  WO_DELAYED_FOR_CANCELLATION,
  WO_DELAYED_FOR_RESCHEDULE,
  WO_ON_THE_WAY,
  WO_ONGOING,
} from '@konek/contract/ops';
import type { TOrder } from '@konek/contract/orders';
import type { TTimeSlot } from '@konek/contract/slot-period';
import type { TWorkOrder } from '@konek/contract/view-work-order';

// ADR 050, 080: what the order status page shows, from the order and its work order (none yet for a paid
// order that lost its time). Every value the customer reads as "status" is the work order's
// installation_status (product §4.5, decided by the contract); this file decides the timeline, which
// actions to offer (status-guide.ts says which for each status) and what changed.

export type MilestoneKey =
  'ordered' | 'paid' | 'missed' | 'scheduled' | 'assigned' | 'on-the-way' | 'arrived' | 'installed';

export type Milestone = {
  /** Unique in the timeline (a missed visit can happen more than once). */
  id: string;
  key: MilestoneKey;
  at: string | null;
  isDone: boolean;
  /** A missed visit: the visit and the free days it credited. */
  missed?: { visit: TTimeSlot | null; freeDays: number };
};

const INSTALLED_STATUSES = [WO_COMPLETED, WO_COMPLETED_FOR_VISIT];

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

/** The visit needs a new time: every delayed status, and one that may be cancelled. */
export function needsNewTime(workOrder: TWorkOrder | null): boolean {
  if (!workOrder) return true;
  const status = workOrder.work_order_status;
  return DELAYED_STATUSES.includes(status) || status === WO_DELAYED_FOR_CANCELLATION;
}

/**
 * Ordered, paid, each missed visit with its free days (kept after a new time is booked), scheduled for
 * the booked time (or waiting for a new one), technician assigned, on the way, arrived, installed — with
 * their times. After a delay the visit's steps start again: a new visit is needed.
 */
export function milestones(order: TOrder, workOrder: TWorkOrder | null): Milestone[] {
  const missed: Milestone[] = (workOrder?.credits ?? [])
    .filter((credit) => credit.kind === 'missed_visit')
    .map((credit, index) => ({
      id: `missed-${index}`,
      key: 'missed',
      at: credit.at,
      isDone: true,
      missed: { visit: credit.visit, freeDays: credit.free_days },
    }));
  const start: Milestone[] = [
    { id: 'ordered', key: 'ordered', at: order.created_at, isDone: true },
    { id: 'paid', key: 'paid', at: order.paid_at, isDone: order.paid_at !== null },
    ...missed,
  ];
  const visitKeys: MilestoneKey[] = ['scheduled', 'assigned', 'on-the-way', 'arrived', 'installed'];
  if (!workOrder || needsNewTime(workOrder)) {
    return [
      ...start,
      ...visitKeys.map((key): Milestone => ({ id: key, key, at: null, isDone: false })),
    ];
  }
  const progress = progressOf(workOrder);
  const times: Partial<Record<MilestoneKey, string | null>> = {
    'on-the-way': lastChangeTo(workOrder, [WO_ON_THE_WAY]),
    arrived: lastChangeTo(workOrder, [WO_ONGOING]),
    installed: lastChangeTo(workOrder, INSTALLED_STATUSES),
  };
  return [
    ...start,
    ...visitKeys.map((key, index): Milestone => ({
      id: key,
      key,
      at: times[key] ?? null,
      isDone: index + 2 <= progress,
    })),
  ];
}

/** The booked installation time: the work order's, or the order's while it has none. */
export function bookedTime(order: TOrder, workOrder: TWorkOrder | null): TTimeSlot | null {
  return workOrder?.installation ?? order.installation;
}

export function isOnTheWay(workOrder: TWorkOrder | null): boolean {
  return workOrder?.work_order_status === WO_ON_THE_WAY;
}

/** ADR 047: the visit was missed, nobody having set off (Delayed-ForReschedule). */
export function isMissed(workOrder: TWorkOrder | null): boolean {
  return workOrder?.work_order_status === WO_DELAYED_FOR_RESCHEDULE;
}

/** A paid order that lost its installation place while the customer paid: a new time is needed. */
export function isWaitingForNewTime(order: TOrder): boolean {
  return order.state_name === 'needs_new_time';
}

/**
 * The self-service rule the API enforces (CUSTOMER_CHANGEABLE_STATUSES): the time may be changed, and
 * the order cancelled with a refund, before the visit or after a missed or delayed one — never once the
 * technician is on the way.
 */
export function canSelfServe(order: TOrder, workOrder: TWorkOrder | null): boolean {
  if (!workOrder || !order.purchased || order.state_name === 'refunded') return false;
  return CUSTOMER_CHANGEABLE_STATUSES.includes(workOrder.work_order_status);
}

/** The free days credited for missed visits (ADR 047). */
export function missedVisitCreditDays(workOrder: TWorkOrder | null): number {
  return (workOrder?.credits ?? [])
    .filter((credit) => credit.kind === 'missed_visit')
    .reduce((total, credit) => total + credit.free_days, 0);
}

/**
 * ADR 080: the new time the work order's latest change booked — the customer's or a dispatcher's — while
 * nothing has happened since; null once the status moved on.
 */
export function latestTimeChange(workOrder: TWorkOrder | null): TTimeSlot | null {
  return workOrder?.changes.at(-1)?.new_installation ?? null;
}

/** The technician is at the home (Ongoing, on hold or resumed). */
export function hasArrived(workOrder: TWorkOrder | null): boolean {
  return ON_SITE_STATUSES.includes(workOrder?.work_order_status ?? '');
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
