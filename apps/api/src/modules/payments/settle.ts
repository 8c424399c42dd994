import type { CheckoutPayment } from '../../providers/payments/payment-provider';
import { paymentMethodByPayMongoType } from '@konek/contract/payment-methods';
import type { Db } from '../../platform/db/database';
import { refundSession } from './refunds';
import type { PaymentSettlement, PaymentsDependencies } from './payments-dependencies';
import {
  insertChange,
  lockSession,
  otherPaidSession,
  updateSession,
  type FailureReason,
  type SessionStatus,
  type StoredSession,
} from './store';

// ADR 038: how a session's status may move. Webhooks arrive late, twice, and out of order; the gateway
// may be asked while a webhook is on its way. Whatever the order, a session ends in the same status:
//
//   pending → failed → cancelled | expired → paid
//
// a status only moves to the right (cancelled and expired rank alike: the first one stays), and paid
// beats everything: money the wallet took is never forgotten, even on a checkout Konek had given up, so
// a late "failed" or "expired" never undoes paid, and a "paid" after "expired" is recorded (and the
// orders work decides what to do with it). refunded comes only from paid, through a refund.

const RANK: Record<SessionStatus, number> = {
  pending: 0,
  failed: 1,
  cancelled: 2,
  expired: 2,
  paid: 3,
  refunded: 4,
};

export type SettledStatus = PaymentSettlement['status'];

/** Whether `incoming` replaces `current`. */
export function replaces(current: SessionStatus, incoming: SettledStatus): boolean {
  if (incoming === 'paid') return current !== 'paid' && current !== 'refunded';
  return RANK[incoming] > RANK[current];
}

export type Outcome = {
  status: SettledStatus;
  failureReason: FailureReason | null;
  payment?: CheckoutPayment;
  source: PaymentSettlement['source'];
  eventId: string | null;
  at: Date;
};

/** PayMongo's failed_code as the reason Konek shows: insufficient funds (order code 4), or declined. */
export function failureReasonOf(failedCode: string | null): FailureReason {
  return failedCode === 'insufficient_funds' ? 'insufficient_funds' : 'declined';
}

/**
 * Applies the outcome to the locked session when it moves its status, records the change with its time
 * and tells the listener in the same transaction. Answers the settlement, or undefined when the outcome
 * changed nothing (a replay, or news older than what is known).
 */
export async function applyOutcome(
  deps: PaymentsDependencies,
  tx: Db,
  session: StoredSession,
  outcome: Outcome,
): Promise<PaymentSettlement | undefined> {
  if (!replaces(session.status, outcome.status)) return undefined;
  const isPaid = outcome.status === 'paid';
  const payment = outcome.payment;
  if (isPaid && !payment) throw new Error('a paid outcome carries its payment');
  const duplicate = isPaid ? await otherPaidSession(tx, session.orderRef, session.id) : undefined;
  if (payment && payment.amountCentavos !== session.amountCentavos) {
    deps.log.error(
      { paymentSessionId: session.id, asked: session.amountCentavos, paid: payment.amountCentavos },
      'the wallet took another amount than was asked',
    );
  }
  const paymentMethod =
    (payment?.method && paymentMethodByPayMongoType(payment.method)?.payment_method) ??
    session.paymentMethod;
  await updateSession(tx, session.id, {
    status: outcome.status,
    failureReason: isPaid ? null : outcome.failureReason,
    ...(payment
      ? {
          providerPaymentId: payment.id,
          paidCentavos: payment.amountCentavos,
          paidAt: payment.paidAt ?? outcome.at,
          duplicateOf: duplicate?.id ?? null,
        }
      : {}),
    updatedAt: outcome.at,
  });
  await insertChange(tx, {
    sessionId: session.id,
    status: outcome.status,
    failureReason: isPaid ? null : outcome.failureReason,
    source: outcome.source,
    eventId: outcome.eventId,
    at: outcome.at,
  });
  const settlement: PaymentSettlement = {
    paymentSessionId: session.id,
    orderRef: session.orderRef,
    accountId: session.accountId,
    attempt: session.attempt,
    status: outcome.status,
    previousStatus: session.status,
    amountCentavos: session.amountCentavos,
    paidCentavos: payment?.amountCentavos ?? session.paidCentavos,
    paymentMethod,
    failureReason: isPaid ? null : outcome.failureReason,
    providerPaymentId: payment?.id ?? session.providerPaymentId,
    duplicateOf: duplicate?.id ?? null,
    source: outcome.source,
    at: outcome.at,
  };
  await deps.onPaymentSettled(settlement, tx);
  return settlement;
}

/**
 * One outcome for one session in its own transaction (a gateway check, a superseded attempt). A listener
 * failure is logged and leaves the session as it was; the next check tries again.
 */
export async function settleSession(
  deps: PaymentsDependencies,
  sessionId: string,
  outcome: Outcome,
): Promise<PaymentSettlement | undefined> {
  try {
    const settlement = await deps.db.transaction(async (tx) => {
      const locked = await lockSession(tx, sessionId);
      return locked ? applyOutcome(deps, tx, locked, outcome) : undefined;
    });
    if (settlement) await afterCommit(deps, settlement);
    return settlement;
  } catch (error) {
    deps.log.error(
      { err: error, paymentSessionId: sessionId, status: outcome.status },
      'payment status change not recorded',
    );
    return undefined;
  }
}

/**
 * A second payment of one order (an older checkout paid just as a newer one was): given back in full at
 * once, after the change committed; the order keeps the first payment. A refund that fails is logged and
 * stays visible in payment_refunds for an operator.
 */
export async function refundIfDuplicate(
  deps: PaymentsDependencies,
  settlement: PaymentSettlement,
): Promise<void> {
  if (settlement.status !== 'paid' || settlement.duplicateOf === null) return;
  deps.log.error(
    { paymentSessionId: settlement.paymentSessionId, duplicateOf: settlement.duplicateOf },
    'an order was paid twice; refunding the second payment',
  );
  await refundSession(deps, settlement.paymentSessionId, { reason: 'duplicate' }).catch(
    (error: unknown) =>
      deps.log.error(
        { err: error, paymentSessionId: settlement.paymentSessionId },
        'duplicate payment not refunded yet',
      ),
  );
}

/**
 * What follows a committed change: a duplicate payment refunded, then the listener's after-commit part
 * (the orders work's confirmation SMS). A failure there is logged; the change stays recorded.
 */
export async function afterCommit(
  deps: PaymentsDependencies,
  settlement: PaymentSettlement,
): Promise<void> {
  await refundIfDuplicate(deps, settlement);
  if (!deps.afterPaymentSettled) return;
  await deps
    .afterPaymentSettled(settlement)
    .catch((error: unknown) =>
      deps.log.error(
        { err: error, paymentSessionId: settlement.paymentSessionId },
        'after-settlement step failed',
      ),
    );
}
