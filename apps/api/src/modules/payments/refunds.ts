import { DomainError } from '../../platform/domain-error';
import type { Db } from '../../platform/db/database';
import {
  MINIMUM_REFUND_CENTAVOS,
  PaymentProviderError,
  type RefundReason,
  type RefundUpdate,
} from '../../providers/payments/payment-provider';
import type { PaymentsDependencies } from './payments-dependencies';
import {
  insertChange,
  insertRefund,
  lockSession,
  refundsOf,
  sessionsOwingRefund,
  updateRefund,
  updateSession,
  upsertProviderRefund,
  type StoredRefund,
  type StoredSession,
} from './store';

// ADR 038: money given back. The amount is reserved in Konek's records (row locked) before the gateway
// is asked, so two refunds of one payment can never give back more than was paid; a refund the gateway
// refuses, or that gets no answer, releases its amount. A refund the gateway reports later by webhook
// (payment.refunded, payment.refund.updated) updates the record, or adds it when Konek did not ask for it.

/** Refunds that give money back or will: everything but a failed one. */
const isCounted = (refund: Pick<StoredRefund, 'status'>) => refund.status !== 'failed';

export function refundedCentavos(refunds: readonly StoredRefund[]): number {
  return refunds.filter(isCounted).reduce((sum, refund) => sum + refund.amountCentavos, 0);
}

export type RefundResult = {
  /** Konek's id of the refund. */
  refundId: string;
  /** ref_… */
  providerRefundId: string;
  amountCentavos: number;
  status: 'pending' | 'processing' | 'succeeded' | 'failed';
  /** Given back so far, this refund included, and what is left of the payment. */
  refundedCentavos: number;
  remainingCentavos: number;
};

/** Moves a paid session to refunded once its refunds add up to the payment (inside `tx`). */
async function markRefundedIfWhole(
  tx: Db,
  session: StoredSession,
  refunds: readonly StoredRefund[],
  at: Date,
): Promise<void> {
  if (session.status !== 'paid' || session.paidCentavos === null) return;
  if (refundedCentavos(refunds) < session.paidCentavos) return;
  await updateSession(tx, session.id, { status: 'refunded', updatedAt: at });
  await insertChange(tx, {
    sessionId: session.id,
    status: 'refunded',
    failureReason: null,
    source: 'refund',
    eventId: null,
    at,
  });
}

/**
 * Gives back `amountCentavos` (all that is left when absent) of a paid session. Throws payment.NOT_PAID
 * for a session without a payment, REFUND_EXCEEDS_PAYMENT past what is left, REFUND_REFUSED when the
 * gateway refuses it, PROVIDER_UNAVAILABLE when it cannot be asked.
 */
export async function refundSession(
  deps: PaymentsDependencies,
  sessionId: string,
  request: { amountCentavos?: number; reason: RefundReason; notes?: string },
): Promise<RefundResult> {
  const { db, clock, provider } = deps;
  const reserved = await db.transaction(async (tx) => {
    const session = await lockSession(tx, sessionId);
    if (
      !session ||
      session.providerPaymentId === null ||
      session.paidCentavos === null ||
      (session.status !== 'paid' && session.status !== 'refunded')
    ) {
      throw new DomainError('payment', 'NOT_PAID');
    }
    const left = session.paidCentavos - refundedCentavos(await refundsOf(tx, session.id));
    const amount = request.amountCentavos ?? left;
    if (amount <= 0 || amount > left) throw new DomainError('payment', 'REFUND_EXCEEDS_PAYMENT');
    if (!Number.isSafeInteger(amount) || amount < MINIMUM_REFUND_CENTAVOS) {
      throw new RangeError(`A refund is whole centavos, at least ${MINIMUM_REFUND_CENTAVOS}`);
    }
    const refund = await insertRefund(tx, {
      sessionId: session.id,
      providerRefundId: null,
      amountCentavos: amount,
      reason: request.reason,
      status: 'requested',
      at: clock.now(),
    });
    return { session, refund };
  });

  const { session, refund } = reserved;
  let created;
  try {
    created = await provider.refundPayment({
      paymentId: session.providerPaymentId!,
      amountCentavos: refund.amountCentavos,
      reason: request.reason,
      ...(request.notes ? { notes: request.notes } : {}),
      metadata: {
        payment_session_id: session.id,
        order_ref: session.orderRef,
        refund_id: refund.id,
      },
    });
  } catch (error) {
    await updateRefund(db, refund.id, { status: 'failed', at: clock.now() });
    const kind = error instanceof PaymentProviderError ? error.kind : 'unavailable';
    deps.log.error(
      { err: error, paymentSessionId: session.id, refundId: refund.id, kind },
      'refund not made',
    );
    if (kind === 'rejected' || kind === 'not_found') {
      throw new DomainError('payment', 'REFUND_REFUSED');
    }
    throw new DomainError('payment', 'PROVIDER_UNAVAILABLE');
  }

  return db.transaction(async (tx) => {
    const now = clock.now();
    await updateRefund(tx, refund.id, {
      providerRefundId: created.id,
      status: created.status,
      at: now,
    });
    const locked = (await lockSession(tx, session.id))!;
    const refunds = await refundsOf(tx, session.id);
    await markRefundedIfWhole(tx, locked, refunds, now);
    const refunded = refundedCentavos(refunds);
    return {
      refundId: refund.id,
      providerRefundId: created.id,
      amountCentavos: refund.amountCentavos,
      status: created.status,
      refundedCentavos: refunded,
      remainingCentavos: Math.max(0, (locked.paidCentavos ?? 0) - refunded),
    };
  });
}

/** A refund event from the gateway, inside the webhook's transaction (the session locked). */
export async function applyRefundUpdates(
  tx: Db,
  session: StoredSession,
  updates: readonly RefundUpdate[],
  at: Date,
): Promise<void> {
  for (const update of updates) {
    await upsertProviderRefund(tx, {
      sessionId: session.id,
      providerRefundId: update.id,
      amountCentavos: update.amountCentavos,
      status: update.status,
      at,
    });
  }
  await markRefundedIfWhole(tx, session, await refundsOf(tx, session.id), at);
}

/**
 * ADR 077: the refunds still owed for payments the order does not keep, made again (the repair sweep
 * calls this). A refund the gateway refuses again stays owed and listed for operators. Answers how many
 * were made.
 */
export async function refundsOwed(deps: PaymentsDependencies, limit = 50): Promise<number> {
  let made = 0;
  for (const session of await sessionsOwingRefund(deps.db, limit)) {
    const left =
      (session.paidCentavos ?? 0) - refundedCentavos(await refundsOf(deps.db, session.id));
    if (left < MINIMUM_REFUND_CENTAVOS) continue;
    try {
      await refundSession(deps, session.id, {
        amountCentavos: left,
        reason: session.refundCause === 'duplicate' ? 'duplicate' : 'others',
        notes: session.refundCause ?? undefined,
      });
      made += 1;
    } catch (error) {
      deps.log.warn({ err: error, paymentSessionId: session.id }, 'owed refund not made yet');
    }
  }
  return made;
}
