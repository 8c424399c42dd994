import { ORDER_STATES, PAYABLE_ORDER_STATES } from '@konek/contract/orders';
import { repeatEvery, type Repeating } from '../../platform/repeat';
import { refundsOwed } from '../payments/service';
import { closeIfReservationGone, startOrderPayment } from './create-order';
import { sendNotices } from './notices';
import type { OrdersDependencies } from './orders-dependencies';
import { ordersInStates, ordersWithoutCheckout } from './store';

// ADR 077: what a crash, a gateway that could not be reached, or a customer who never came back leaves
// half done is finished here, without the customer's help:
// - an order waiting for payment with no checkout (the process stopped between committing the order and
//   opening its checkout, or the gateway could not be reached) gets its checkout;
// - an unpaid order whose network hold ran out is closed, its codes given back;
// - a payment the order does not keep whose refund could not be made is refunded;
// - an SMS that could not be sent is sent.
// Every step is safe to run twice and on several replicas at once: each takes its rows' locks, and a
// second run finds the work done.

/** An order younger than this may still be getting its checkout from the customer's own call. */
export const CHECKOUT_GRACE_MS = 60_000;
const BATCH = 50;

export type RepairReport = {
  checkoutsOpened: number;
  ordersClosed: number;
  refundsMade: number;
  noticesSent: number;
};

export async function repairOrders(deps: OrdersDependencies): Promise<RepairReport> {
  const now = deps.clock.now();
  const report: RepairReport = {
    checkoutsOpened: 0,
    ordersClosed: 0,
    refundsMade: 0,
    noticesSent: 0,
  };
  const orphans = await ordersWithoutCheckout(
    deps.db,
    new Date(now.getTime() - CHECKOUT_GRACE_MS),
    BATCH,
  );
  for (const order of orphans) {
    try {
      const standing = await closeIfReservationGone(deps, order);
      if (standing.state === ORDER_STATES.closed) {
        report.ordersClosed += 1;
        continue;
      }
      const { started } = await startOrderPayment(deps, standing, 'system');
      if (started) report.checkoutsOpened += 1;
    } catch (error) {
      deps.log.warn({ err: error, orderId: order.id }, 'order checkout not opened yet');
    }
  }
  // Made longer ago than a network hold lasts: its hold has run out, so it can no longer be paid.
  const stale = await ordersInStates(
    deps.db,
    PAYABLE_ORDER_STATES,
    new Date(now.getTime() - deps.resourceHoldMs),
    BATCH,
  );
  for (const order of stale) {
    try {
      const standing = await closeIfReservationGone(deps, order);
      if (standing.state === ORDER_STATES.closed) report.ordersClosed += 1;
    } catch (error) {
      deps.log.warn({ err: error, orderId: order.id }, 'unpaid order not closed yet');
    }
  }
  report.refundsMade = await refundsOwed(deps.payments);
  report.noticesSent = await sendNotices(deps);
  return report;
}

/** Runs the repair every `intervalMs` in this process; stop() ends it. */
export function startOrderRepair(deps: OrdersDependencies, intervalMs: number): Repeating {
  return repeatEvery(
    intervalMs,
    () => repairOrders(deps),
    (error) => deps.log.error({ err: error }, 'order repair failed'),
  );
}
