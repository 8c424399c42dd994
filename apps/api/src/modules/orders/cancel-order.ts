import { CUSTOMER_CHANGEABLE_STATUSES, WO_CANCELLED, WO_COMPLETED } from '@konek/contract/ops';
import type { TOrder } from '@konek/contract/orders';
import { DomainError, isDomainError } from '../../platform/domain-error';
import { isUuid } from '../../platform/auth/is-uuid';
import { cancelPayment, refundPayment } from '../payments/service';
import { sendNotices } from './notices';
import type { OrdersDependencies } from './orders-dependencies';
import { orderReply } from './replies';
import { findOrder, listWorkOrders, lockOrder, type StoredOrder } from './store';
import { applyChange, transitionOf, type ChangeSource } from './transitions';

// product §7.1 cancel order, ADR 049, ADR 077: before payment every open checkout is closed at the
// gateway first, then the place, the port and the codes go back. After payment the money is refunded
// through the gateway first — a refund that cannot be made leaves the order as it was — then they go
// back, the work order is cancelled and the customer is told. Cancelling an ended order answers it as it
// is. A customer cancels a paid order while the visit has not started or after a miss; an operator
// (a dispatcher, for Delayed-ForCancellation) while the job is not finished.

const orderNotFound = () => new DomainError('order', 'ORDER_NOT_FOUND', { field: 'order_id' });

async function ownOrder(deps: OrdersDependencies, accountId: string, orderId: string) {
  const order = isUuid(orderId) ? await findOrder(deps.db, orderId) : undefined;
  if (!order || order.accountId !== accountId) throw orderNotFound();
  return order;
}

/** A job that ended: installed, or already cancelled. */
const FINISHED_JOB_STATUSES: readonly string[] = [
  WO_COMPLETED,
  'Completed-For Visit',
  WO_CANCELLED,
];

type Canceller = {
  event: 'customer_cancels' | 'operator_cancels';
  source: ChangeSource;
  reason?: string | null;
};

/** Whether the canceller may still cancel a paid order whose job is in this status. */
function mayCancelPaid(canceller: Canceller, workOrderStatus: string | undefined): boolean {
  if (workOrderStatus === undefined) return true;
  if (canceller.event === 'customer_cancels') {
    return CUSTOMER_CHANGEABLE_STATUSES.includes(workOrderStatus);
  }
  return !FINISHED_JOB_STATUSES.includes(workOrderStatus);
}

async function cancel(
  deps: OrdersDependencies,
  order: StoredOrder,
  canceller: Canceller,
): Promise<StoredOrder> {
  let transition = transitionOf(order, canceller.event);
  if (transition.kind !== 'move') return order;

  if (transition.effects.includes('close_checkouts')) {
    try {
      await cancelPayment(deps.payments, { orderRef: order.id });
    } catch (error) {
      if (!isDomainError(error, 'payment', 'ALREADY_PAID')) throw error;
      // Paid meanwhile: the order is paid now, and cancelling it refunds.
      order = (await findOrder(deps.db, order.id))!;
      transition = transitionOf(order, canceller.event);
      if (transition.kind !== 'move') return order;
    }
  }
  if (transition.effects.includes('refund_order')) {
    const [workOrder] = await listWorkOrders(deps.db, [order.id]);
    if (!mayCancelPaid(canceller, workOrder?.status)) {
      throw new DomainError('order', 'ORDER_NOT_CANCELLABLE', { field: 'order_id' });
    }
    try {
      await refundPayment(deps.payments, { orderRef: order.id, reason: 'requested_by_customer' });
    } catch (error) {
      // A cancel that raced another: the first refund took all there was.
      if (!isDomainError(error, 'payment', 'REFUND_EXCEEDS_PAYMENT')) throw error;
    }
  }
  const now = deps.clock.now();
  const cancelled = await deps.db.transaction(async (tx) => {
    const locked = (await lockOrder(tx, order.id))!;
    // Moved meanwhile (declined, paid, or cancelled by a racing call): its own state decides, and a
    // paid order is cancelled only by a call that refunded it (the caller tries again).
    const current = transitionOf(locked, canceller.event);
    if (current.kind !== 'move') return locked;
    if (current.effects.includes('refund_order') && !transition.effects.includes('refund_order')) {
      return locked;
    }
    return (
      await applyChange(tx, locked, {
        event: canceller.event,
        source: canceller.source,
        at: now,
        reason: canceller.reason ?? null,
      })
    ).order;
  });
  await sendNotices(deps, { orderId: order.id });
  return cancelled;
}

/** product §7.1 cancel order, by the customer. */
export async function cancelOrder(
  deps: OrdersDependencies,
  accountId: string,
  orderId: string,
): Promise<TOrder> {
  const order = await ownOrder(deps, accountId, orderId);
  let cancelled = await cancel(deps, order, { event: 'customer_cancels', source: 'customer' });
  // Paid while it was being cancelled: cancel it again, now with its refund.
  if (
    cancelled.state !== order.state &&
    transitionOf(cancelled, 'customer_cancels').kind === 'move'
  ) {
    cancelled = await cancel(deps, cancelled, { event: 'customer_cancels', source: 'customer' });
  }
  return orderReply(deps, cancelled);
}

/**
 * ADR 080: a dispatcher cancels a customer's order (a job marked for cancellation): refunded in full
 * when paid, the customer told by SMS. `changedBy` names the operator (dispatcher:<id>), `reason` is
 * recorded with the work order's change. Cancelling an order already cancelled answers it as it is.
 */
export async function cancelOrderAsOperator(
  deps: OrdersDependencies,
  orderId: string,
  changedBy: `${string}:${string}`,
  reason: string | null = null,
): Promise<TOrder> {
  const order = isUuid(orderId) ? await findOrder(deps.db, orderId) : undefined;
  if (!order) throw orderNotFound();
  return orderReply(
    deps,
    await cancel(deps, order, { event: 'operator_cancels', source: changedBy, reason }),
  );
}
