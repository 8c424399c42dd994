import { DomainError } from '../../platform/domain-error';
import type { Db } from '../../platform/db/database';
import type { PaymentEvent } from '../../providers/payments/payment-provider';
import type { PaymentSettlement, PaymentsDependencies } from './payments-dependencies';
import { applyRefundUpdates } from './refunds';
import { afterCommit, applyOutcome, failureReasonOf, type Outcome } from './settle';
import { insertEvent, lockSessionBy, setEventOutcome, type StoredSession } from './store';

// ADR 038: a webhook is trusted only with a valid Paymongo-Signature over its raw body, within the
// timestamp tolerance; anything else is a 401 and changes nothing. A trusted event is applied once: its
// id is recorded in the same transaction as its effect, so a replay (or 50 at once) finds the id and
// changes nothing, and an effect that fails (the listener threw) leaves no id behind, so the gateway's
// next delivery is applied afresh.

export type WebhookOutcome =
  /** The event moved a session's status (or its refunds). */
  | 'applied'
  /** Its news was older than what is known (failed after paid, expired after paid, …). */
  | 'unchanged'
  /** Seen before: nothing done again. */
  | 'duplicate'
  /** No session of Konek's is named by it. */
  | 'unmatched'
  /** A type Konek does not act on. */
  | 'ignored';

type Applied = { outcome: WebhookOutcome; settlement?: PaymentSettlement };

async function sessionOf(
  tx: Db,
  provider: string,
  event: PaymentEvent,
): Promise<StoredSession | undefined> {
  switch (event.type) {
    case 'checkout_session.payment.paid':
    case 'checkout_session.expired':
    case 'checkout_session.cancelled':
      return lockSessionBy(tx, provider, { checkoutSessionId: event.checkoutSessionId });
    case 'payment.failed':
      return event.paymentIntentId
        ? lockSessionBy(tx, provider, { paymentIntentId: event.paymentIntentId })
        : undefined;
    case 'payment.refunded':
    case 'payment.refund.updated':
      return lockSessionBy(tx, provider, { paymentId: event.paymentId });
    case 'other':
      return undefined;
  }
}

function outcomeOf(event: PaymentEvent, at: Date): Outcome | undefined {
  const base = { source: 'webhook' as const, eventId: event.id, at };
  switch (event.type) {
    case 'checkout_session.payment.paid':
      return { ...base, status: 'paid', failureReason: null, payment: event.payment };
    case 'payment.failed':
      return { ...base, status: 'failed', failureReason: failureReasonOf(event.failedCode) };
    case 'checkout_session.expired':
      return { ...base, status: 'expired', failureReason: 'expired' };
    case 'checkout_session.cancelled':
      return { ...base, status: 'cancelled', failureReason: 'cancelled' };
    default:
      return undefined;
  }
}

/**
 * Verifies and applies one webhook as received. Throws payment.WEBHOOK_SIGNATURE_INVALID (401) for a
 * missing, malformed, stale or wrong signature, and a 400 for a signed body that is not an event.
 */
export async function receiveWebhook(
  deps: PaymentsDependencies,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const { db, clock, provider, log } = deps;
  const verdict = provider.verifyWebhook(rawBody, signature, clock.now());
  if (!verdict.ok) {
    log.warn({ reason: verdict.reason, provider: provider.name }, 'payment webhook refused');
    if (verdict.reason === 'unreadable') {
      throw new DomainError(
        'common',
        'VALIDATION_FAILED',
        { errors: [{ field: 'body', message: 'not an event Konek can read' }] },
        'body: not an event Konek can read',
      );
    }
    throw new DomainError('payment', 'WEBHOOK_SIGNATURE_INVALID');
  }
  const { event } = verdict;
  const applied = await db.transaction(async (tx): Promise<Applied> => {
    const now = clock.now();
    const isFirst = await insertEvent(tx, {
      eventId: event.id,
      provider: provider.name,
      eventType: event.type === 'other' ? event.eventType : event.type,
      receivedAt: now,
    });
    if (!isFirst) return { outcome: 'duplicate' };
    if (event.type === 'other') {
      await setEventOutcome(tx, event.id, 'ignored', null);
      return { outcome: 'ignored' };
    }
    const session = await sessionOf(tx, provider.name, event);
    if (!session) {
      await setEventOutcome(tx, event.id, 'unmatched', null);
      return { outcome: 'unmatched' };
    }
    if (event.type === 'payment.refunded' || event.type === 'payment.refund.updated') {
      await applyRefundUpdates(tx, session, event.refunds, now);
      await setEventOutcome(tx, event.id, 'applied', session.id);
      return { outcome: 'applied' };
    }
    const settlement = await applyOutcome(deps, tx, session, outcomeOf(event, now)!);
    const outcome = settlement ? 'applied' : 'unchanged';
    await setEventOutcome(tx, event.id, outcome, session.id);
    return settlement ? { outcome, settlement } : { outcome };
  });

  if (applied.outcome === 'unmatched') {
    log.warn({ eventId: event.id, eventType: event.type }, 'payment webhook names no session');
  }
  if (applied.settlement) await afterCommit(deps, applied.settlement);
  return applied.outcome;
}
