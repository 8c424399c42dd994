import type { TOrderEvent, TRefundCause } from '@konek/contract/lifecycle';
import { isPurchasedOrderState } from '@konek/contract/orders';
import { isUuid } from '../../platform/auth/is-uuid';
import type { Db } from '../../platform/db/database';
import type { PaymentSettlement, SettlementVerdict } from '../payments/service';
import { sendNotices } from './notices';
import type { OrdersDependencies } from './orders-dependencies';
import { lockOrder, type StoredOrder } from './store';
import { applyChange, commitPort, confirmPlace, isPayable } from './transitions';

// ADR 038's boundary, ADR 077: what a payment's news does to its order. The news is classified into one
// of the life cycle's events — which attempt it is about, whether the amount is the one asked, whether
// the place and the port are still there — and the contract's table decides the rest. A payment the
// order does not keep is answered with its refund cause: the payments module records it in this same
// transaction and gives the money back after the commit.

/**
 * For a payment the wallet took on an order that can take it: commits the port and confirms the place
 * (both kept when the event is payment_paid; the table's effects find them done), or says which is
 * missing. The port first: without it the place is not taken at all.
 */
async function classifyPaid(tx: Db, order: StoredOrder, at: Date): Promise<TOrderEvent> {
  if (!(await commitPort(tx, order, at))) return 'payment_paid_not_fulfillable';
  if (!(await confirmPlace(tx, order, at))) return 'payment_paid_place_lost';
  return 'payment_paid';
}

async function classify(
  tx: Db,
  order: StoredOrder,
  settlement: PaymentSettlement,
): Promise<TOrderEvent> {
  if (settlement.status === 'paid') {
    if (!settlement.isAmountAsked) return 'payment_wrong_amount';
    return isPayable(order.state) ? classifyPaid(tx, order, settlement.at) : 'payment_paid';
  }
  // Not paid: only the news of the latest attempt, at the wallet, is the customer's outcome. A
  // superseded attempt or the order's own cancellation is Konek closing it.
  const isLatest =
    order.paymentSessionId === null || order.paymentSessionId === settlement.paymentSessionId;
  if (!isLatest || settlement.source === 'superseded' || settlement.source === 'cancelled') {
    return 'older_attempt_closed';
  }
  switch (settlement.status) {
    case 'failed':
      return 'payment_failed';
    case 'cancelled':
      return 'payment_cancelled';
    case 'expired':
      return 'payment_expired';
  }
}

/** Why a payment the order does not keep is given back, from the event and the order's state. */
function refundCauseOf(event: TOrderEvent, order: StoredOrder): TRefundCause {
  if (event === 'payment_wrong_amount') return 'amount_mismatch';
  if (event === 'payment_paid_not_fulfillable') return 'not_fulfillable';
  return isPurchasedOrderState(order.state) ? 'duplicate' : 'order_ended';
}

/**
 * Told of every status change of a payment session, in the transaction that records it. Answers the
 * refund cause of a payment the order does not keep.
 */
export async function onPaymentSettled(
  settlement: PaymentSettlement,
  tx: Db,
): Promise<SettlementVerdict> {
  if (!isUuid(settlement.orderRef)) return undefined;
  const order = await lockOrder(tx, settlement.orderRef);
  if (!order || order.accountId !== settlement.accountId) return undefined;
  // A second payment of an order already paid is refunded whatever its state says.
  const event =
    settlement.status === 'paid' && settlement.duplicateOf !== null
      ? 'payment_paid'
      : await classify(tx, order, settlement);
  const { transition } = await applyChange(tx, order, {
    event,
    source: 'payment',
    at: settlement.at,
    payment: {
      sessionId: settlement.paymentSessionId,
      paymentMethod: settlement.paymentMethod,
    },
    values: isPayable(order.state) ? { paymentSessionId: settlement.paymentSessionId } : {},
  });
  if (transition.kind === 'move' && transition.effects.includes('refund_payment')) {
    return { refundCause: refundCauseOf(event, order) };
  }
  return undefined;
}

/** After a settlement committed: the SMS it wrote (confirmation, new time needed, refund). */
export async function afterPaymentSettled(
  deps: OrdersDependencies,
  settlement: PaymentSettlement,
): Promise<void> {
  if (!isUuid(settlement.orderRef)) return;
  await sendNotices(deps, { orderId: settlement.orderRef });
}
