import { CURRENCY } from '@konek/contract/constants';
import { paymentStatusReplaces, type TSettledStatus } from '@konek/contract/lifecycle';
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

// ADR 038, ADR 077: how a session's status may move is the contract's life-cycle table
// (paymentStatusReplaces): webhooks arrive late, twice and out of order, and whatever the order a session
// ends in the same status. Whether the order keeps a payment the wallet took is the orders work's
// answer (its listener), given in the same transaction: a payment it does not keep is recorded with its
// refund cause and given back in full right after the commit.

export type SettledStatus = TSettledStatus;

/** Whether `incoming` replaces `current`. */
export function replaces(current: SessionStatus, incoming: SettledStatus): boolean {
  return paymentStatusReplaces(current, incoming);
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
  // What was asked, in pesos: a wallet that took another amount or currency has not paid the order.
  const isAmountAsked =
    !payment ||
    (payment.amountCentavos === session.amountCentavos &&
      (payment.currency ?? CURRENCY) === CURRENCY);
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
    isAmountAsked,
    paymentMethod,
    failureReason: isPaid ? null : outcome.failureReason,
    providerPaymentId: payment?.id ?? session.providerPaymentId,
    duplicateOf: duplicate?.id ?? null,
    refundCause: null,
    source: outcome.source,
    at: outcome.at,
  };
  const verdict = await deps.onPaymentSettled(settlement, tx);
  if (isPaid) {
    // The order's answer decides; a second payment of one order is never kept, whatever it says.
    const refundCause =
      verdict?.refundCause ?? (duplicate ? 'duplicate' : isAmountAsked ? null : 'amount_mismatch');
    if (refundCause) {
      await updateSession(tx, session.id, { refundCause });
      settlement.refundCause = refundCause;
    }
  }
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
 * A payment the order does not keep (a second payment, a wrong amount, an order that ended or can no
 * longer be installed): given back in full at once, after the change committed. A refund that fails is
 * logged and made again by the repair sweep (refundsOwed).
 */
export async function refundIfNotKept(
  deps: PaymentsDependencies,
  settlement: PaymentSettlement,
): Promise<void> {
  if (settlement.status !== 'paid' || settlement.refundCause === null) return;
  deps.log.warn(
    { paymentSessionId: settlement.paymentSessionId, refundCause: settlement.refundCause },
    'a payment the order does not keep; refunding it',
  );
  await refundSession(deps, settlement.paymentSessionId, {
    reason: settlement.refundCause === 'duplicate' ? 'duplicate' : 'others',
    notes: settlement.refundCause,
  }).catch((error: unknown) =>
    deps.log.error(
      { err: error, paymentSessionId: settlement.paymentSessionId },
      'payment not refunded yet',
    ),
  );
}

/**
 * What follows a committed change: a payment the order does not keep refunded, then the listener's
 * after-commit part (the orders work's SMS). A failure there is logged; the change stays recorded.
 */
export async function afterCommit(
  deps: PaymentsDependencies,
  settlement: PaymentSettlement,
): Promise<void> {
  await refundIfNotKept(deps, settlement);
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
