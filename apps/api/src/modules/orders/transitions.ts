import {
  orderTransition,
  type TOrderEvent,
  type TOrderNotice,
  type TOrderTransition,
} from '@konek/contract/lifecycle';
import { WO_DELAYED } from '@konek/contract/ops';
import {
  INITIAL_WORK_ORDER_STATUS,
  ORDER_STATES,
  PAYABLE_ORDER_STATES,
} from '@konek/contract/orders';
import { DomainError } from '../../platform/domain-error';
import type { Db } from '../../platform/db/database';
import { confirmAppointmentOfOrder, releaseAppointmentOfOrder } from '../appointments/service';
import { releaseVouchersOfOrder, spendVouchersOfOrder } from '../catalog/service';
import { releaseReferralOfOrder, spendReferralOfOrder } from '../referral/service';
import { commitReservationOfOrder, releaseReservationOfOrder } from '../resources/service';
import {
  delayWorkOrder,
  insertNotice,
  restartWorkOrder,
  insertOrderChange,
  insertWorkOrderOnce,
  lockOrder,
  setWorkOrderStatus,
  updateOrder,
  type StoredOrder,
} from './store';

// ADR 077: every change of an order's state goes through here. The contract's ORDER_LIFECYCLE says what
// an event does in the order's state; this file runs the effects that belong in the order's transaction
// (places, ports, vouchers and referrals, the work order, the notice to the customer) and records the
// new state with its time and source. The effects that call the gateway (closing checkouts, refunds,
// starting a checkout) are the callers', before or after the transaction, as the table's comment says.

/** Who or what moved the order (order_changes.source): an operator as `<role>:<id>`. */
export type ChangeSource = 'customer' | 'payment' | 'system' | `${string}:${string}`;

export type Change = {
  event: TOrderEvent;
  source: ChangeSource;
  at: Date;
  /** The payment the event is about (accept_payment, and the notice's cause). */
  payment?: { sessionId: string; paymentMethod: number };
  /** Columns the caller sets with the change (a newly held appointment, a new price…). */
  values?: Partial<StoredOrder>;
  /** Why (an operator's words), recorded with the work order's change. */
  reason?: string | null;
};

export type Applied = {
  order: StoredOrder;
  transition: TOrderTransition;
};

/** The transition, or the refusal it names thrown as the catalogue's error. */
export function transitionOf(order: Pick<StoredOrder, 'state'>, event: TOrderEvent) {
  const transition = orderTransition(order.state, event);
  if (transition.kind === 'refuse') {
    const [module, name] = transition.error.split('.') as ['order', string];
    throw new DomainError(
      module,
      name as 'ORDER_DETAILS_MISMATCH',
      name === 'ORDER_DETAILS_MISMATCH' ? { field: 'external_order_id' } : {},
    );
  }
  return transition;
}

/** The place confirmed for good: the booked appointment, or undefined when it was lost. */
export function confirmPlace(tx: Db, order: StoredOrder, at: Date) {
  return confirmAppointmentOfOrder(tx, order.accountId, order.appointmentId, at);
}

/** The port committed for good: false when the reservation is gone (released, or taken back). */
export function commitPort(tx: Db, order: StoredOrder, at: Date) {
  return commitReservationOfOrder(tx, order.accountId, order.externalOrderId, at);
}

function noticeRef(notice: TOrderNotice, order: StoredOrder, change: Change): string {
  switch (notice) {
    case 'order_confirmed':
      // A booking after a lost place is confirmed again, even at the same time as the lost one.
      return `${order.appointmentId}@${order.installationStartsAt?.toISOString() ?? ''}`;
    case 'period_blocked':
      // ADR 092: once per lost booking.
      return order.appointmentId;
    case 'paid_needs_new_time':
    case 'payment_refunded':
      return change.payment?.sessionId ?? '';
    case 'order_refunded':
      return '';
  }
}

/**
 * Applies `change.event` to the order, whose row the caller locked in `tx`: the table's in-transaction
 * effects, the new state and its record, and the notice to send once `tx` commits. A refusal throws its
 * catalogue error; an ignored event changes nothing. A place or port that cannot be confirmed where the
 * table needs it throws appointments.RESERVATION_EXPIRED (the caller's classification was stale).
 */
export async function applyChange(tx: Db, locked: StoredOrder, change: Change): Promise<Applied> {
  const transition = transitionOf(locked, change.event);
  if (transition.kind !== 'move') return { order: locked, transition };
  const { at } = change;
  const values: Partial<StoredOrder> = { ...change.values };
  const order = { ...locked, ...values };
  for (const effect of transition.effects) {
    switch (effect) {
      case 'accept_payment':
        if (!change.payment) throw new Error('accept_payment needs the payment');
        Object.assign(values, {
          paidAt: at,
          paidSessionId: change.payment.sessionId,
          paymentSessionId: change.payment.sessionId,
          paymentMethod: change.payment.paymentMethod,
        });
        break;
      case 'confirm_place': {
        const place = await confirmPlace(tx, order, at);
        if (!place) {
          throw new DomainError('appointments', 'RESERVATION_EXPIRED', {
            field: 'appointment_id',
          });
        }
        Object.assign(values, {
          appointmentId: place.appointmentId,
          installationStartsAt: place.startsAt,
          installationEndsAt: place.endsAt,
        });
        break;
      }
      case 'commit_port':
        // A paid order whose port is gone is classified not fulfillable before it gets here.
        if (!(await commitPort(tx, order, at))) {
          throw new DomainError('order', 'ORDER_DETAILS_MISMATCH', { field: 'external_order_id' });
        }
        break;
      case 'release_place':
        await releaseAppointmentOfOrder(tx, order.accountId, order.appointmentId, at);
        break;
      case 'release_port':
        await releaseReservationOfOrder(tx, order.accountId, order.externalOrderId, at);
        break;
      case 'spend_codes':
        await spendVouchersOfOrder(tx, order.id);
        await spendReferralOfOrder(tx, order.id);
        break;
      case 'release_codes':
        await releaseVouchersOfOrder(tx, order.id);
        await releaseReferralOfOrder(tx, order.id);
        break;
      case 'open_work_order': {
        const opened = await insertWorkOrderOnce(
          tx,
          {
            orderId: order.id,
            accountId: order.accountId,
            orderActionId: order.externalOrderActionId,
            status: INITIAL_WORK_ORDER_STATUS,
            at,
          },
          change.source,
        );
        // ADR 092: a work order that waited while its period was blocked starts a new visit.
        if (!opened && change.event === 'new_time_booked') {
          await restartWorkOrder(tx, order.id, {
            status: INITIAL_WORK_ORDER_STATUS,
            changedBy: change.source,
            startsAt: values.installationStartsAt ?? null,
            endsAt: values.installationEndsAt ?? null,
            at,
          });
        }
        break;
      }
      case 'delay_work_order':
        await delayWorkOrder(tx, order.id, WO_DELAYED, change.source, at, change.reason ?? null);
        break;
      case 'cancel_work_order':
        await setWorkOrderStatus(
          tx,
          order.id,
          'Cancelled',
          change.source,
          at,
          change.reason ?? null,
        );
        break;
      // The gateway's effects are the caller's; flag_operators is the payment's refund cause.
      case 'close_checkouts':
      case 'refund_order':
      case 'refund_payment':
      case 'flag_operators':
      case 'reprice':
      case 'start_checkout':
        break;
    }
  }
  const to = ORDER_STATES[transition.to];
  // An order that can no longer be installed keeps no booked time.
  if (to !== ORDER_STATES.paid && !isPayable(to)) {
    Object.assign(values, { installationStartsAt: null, installationEndsAt: null });
  }
  const updated = await updateOrder(tx, locked.id, { ...values, state: to, updatedAt: at });
  if (to !== locked.state) {
    await insertOrderChange(tx, { orderId: locked.id, state: to, source: change.source, at });
  }
  if (transition.notice) {
    const isBlocked = transition.notice === 'period_blocked';
    await insertNotice(tx, {
      orderId: locked.id,
      kind: transition.notice,
      ref: noticeRef(transition.notice, isBlocked ? locked : updated, change),
      paymentSessionId: change.payment?.sessionId ?? null,
      changedBy: change.source,
      // ADR 092: the booked time that was lost, and why.
      ...(isBlocked
        ? {
            startsAt: locked.installationStartsAt,
            endsAt: locked.installationEndsAt,
            reason: change.reason ?? null,
          }
        : {}),
      at,
    });
  }
  return { order: updated, transition };
}

/**
 * The change in a transaction of its own: the order's row locked, the change applied to it as it is
 * then (`change` may look at the locked row). Answers the order after it.
 */
export function changeOrder(
  db: Db,
  orderId: string,
  change: Change | ((locked: StoredOrder) => Change),
): Promise<StoredOrder> {
  return db.transaction(async (tx) => {
    const locked = (await lockOrder(tx, orderId))!;
    const applied = await applyChange(
      tx,
      locked,
      typeof change === 'function' ? change(locked) : change,
    );
    return applied.order;
  });
}

/** An unpaid order that can still be paid (create_order starts a new attempt). */
export const isPayable = (state: number) => PAYABLE_ORDER_STATES.includes(state);
