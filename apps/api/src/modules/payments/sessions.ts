import { centavosToPesos } from '@konek/contract/money';
import { CURRENCY } from '@konek/contract/constants';
import { paymentMethodByNumber } from '@konek/contract/payment-methods';
import {
  paymentFailureOf,
  type TPaymentFailureReason,
  type TPaymentSession,
} from '@konek/contract/fetch-payment-session-data';
import type { TRefundCause } from '@konek/contract/lifecycle';
import { DomainError } from '../../platform/domain-error';
import { isUuid } from '../../platform/auth/is-uuid';
import {
  PaymentProviderError,
  type CheckoutSessionState,
  type RefundReason,
} from '../../providers/payments/payment-provider';
import { ownerOfAccount } from '../account/service';
import type { PaymentsDependencies } from './payments-dependencies';
import { refundSession, refundedCentavos, type RefundResult } from './refunds';
export { refundsOwed } from './refunds';
import { settleSession } from './settle';
import {
  findSession,
  flaggedSessions,
  latestSessionOfOrder,
  markChecked,
  refundsOf,
  sessionsOfOrder,
  isKeptPayment,
  type FailureReason,
  type SessionStatus,
  type StoredSession,
} from './store';

// ADR 038: reading a payment. A pending checkout is not only waited for: when its time has run out Konek
// closes it at the gateway (PayMongo sends no expiry webhook), and while the customer waits Konek asks
// the gateway now and then, so a webhook that is late or lost does not leave a paid customer waiting.

/** How often a pending checkout is asked about while someone reads it. */
export const GATEWAY_CHECK_INTERVAL_MS = 15_000;

/** A payment session as the orders work reads it. */
export type PaymentSummary = {
  paymentSessionId: string;
  orderRef: string;
  accountId: string;
  attempt: number;
  status: SessionStatus;
  amountCentavos: number;
  paymentMethod: number;
  failureReason: FailureReason | null;
  paidCentavos: number | null;
  refundedCentavos: number;
  providerPaymentId: string | null;
  duplicateOf: string | null;
  /** ADR 077: why a payment the wallet took is given back; null for one the order keeps. */
  refundCause: TRefundCause | null;
  checkoutUrl: string | null;
  expiresAt: Date;
  paidAt: Date | null;
  updatedAt: Date;
};

async function summaryOf(
  deps: Pick<PaymentsDependencies, 'db'>,
  session: StoredSession,
): Promise<PaymentSummary> {
  return {
    paymentSessionId: session.id,
    orderRef: session.orderRef,
    accountId: session.accountId,
    attempt: session.attempt,
    status: session.status,
    amountCentavos: session.amountCentavos,
    paymentMethod: session.paymentMethod,
    failureReason: session.failureReason,
    paidCentavos: session.paidCentavos,
    refundedCentavos: refundedCentavos(await refundsOf(deps.db, session.id)),
    providerPaymentId: session.providerPaymentId,
    duplicateOf: session.duplicateOf,
    refundCause: session.refundCause,
    checkoutUrl: session.status === 'pending' ? session.checkoutUrl : null,
    expiresAt: session.expiresAt,
    paidAt: session.paidAt,
    updatedAt: session.updatedAt,
  };
}

/** Whether a read should ask the gateway about the session now. */
function isCheckDue(session: StoredSession, now: Date): boolean {
  if (session.providerSessionId === null) return false;
  const isPastExpiry = now >= session.expiresAt;
  if (session.status === 'failed') return isPastExpiry;
  if (session.status !== 'pending') return false;
  if (isPastExpiry) return true;
  const since = (session.checkedAt ?? session.createdAt).getTime();
  return now.getTime() - since >= GATEWAY_CHECK_INTERVAL_MS;
}

/**
 * The session after asking the gateway when that is due: paid there → paid here; closed there, or its
 * time run out (then closed by Konek) → expired. A gateway that cannot be asked leaves it as it was.
 */
export async function checkWithGateway(
  deps: PaymentsDependencies,
  session: StoredSession,
): Promise<StoredSession> {
  const now = deps.clock.now();
  if (!isCheckDue(session, now)) return session;
  const checkoutId = session.providerSessionId!;
  let state: CheckoutSessionState;
  try {
    state =
      now >= session.expiresAt
        ? await deps.provider.expireCheckoutSession(checkoutId)
        : await deps.provider.retrieveCheckoutSession(checkoutId);
  } catch (error) {
    if (error instanceof PaymentProviderError && error.kind === 'not_found') {
      state = { state: 'expired' };
    } else {
      deps.log.warn({ err: error, paymentSessionId: session.id }, 'gateway not asked');
      return session;
    }
  }
  if (state.state === 'paid') {
    await settleSession(deps, session.id, {
      status: 'paid',
      failureReason: null,
      payment: state.payment,
      source: 'gateway',
      eventId: null,
      at: now,
    });
  } else if (state.state === 'expired') {
    await settleSession(deps, session.id, {
      status: 'expired',
      failureReason: 'expired',
      source: 'gateway',
      eventId: null,
      at: now,
    });
  } else {
    await markChecked(deps.db, session.id, now);
  }
  return (await findSession(deps.db, session.id)) ?? session;
}

/**
 * What the customer is shown of a session: a payment the order does not keep reads refunded (its refund
 * is made or owed, ADR 077), with why; otherwise the stored status.
 */
export function shownPaymentStatus(
  summary: Pick<PaymentSummary, 'status' | 'refundCause' | 'failureReason'>,
): { status: SessionStatus; reason: TPaymentFailureReason | null } {
  if (
    summary.refundCause !== null &&
    (summary.status === 'paid' || summary.status === 'refunded')
  ) {
    return { status: 'refunded', reason: summary.refundCause };
  }
  const reason: TPaymentFailureReason | null =
    summary.status === 'cancelled'
      ? (summary.failureReason ?? 'cancelled')
      : summary.status === 'expired'
        ? 'expired'
        : summary.status === 'failed'
          ? (summary.failureReason ?? 'declined')
          : null;
  return { status: summary.status, reason };
}

/** The contract's reply for a summary (product §7.1 fetch payment session data). */
export function paymentSessionReply(summary: PaymentSummary): TPaymentSession {
  const method = paymentMethodByNumber(summary.paymentMethod);
  if (!method) throw new Error(`Stored payment method ${summary.paymentMethod} is unknown`);
  const shown = shownPaymentStatus(summary);
  return {
    payment_session_id: summary.paymentSessionId,
    order_ref: summary.orderRef,
    attempt: summary.attempt,
    status: shown.status,
    amount: centavosToPesos(summary.amountCentavos),
    amount_centavos: summary.amountCentavos,
    currency: CURRENCY,
    payment_method: method.payment_method,
    payment_method_id: method.id,
    failure: shown.reason ? paymentFailureOf(shown.reason) : null,
    refunded_amount: centavosToPesos(summary.refundedCentavos),
    refunded_amount_centavos: summary.refundedCentavos,
    checkout_url: summary.checkoutUrl,
    expires_at: summary.expiresAt.toISOString(),
    paid_at: summary.paidAt?.toISOString() ?? null,
    updated_at: summary.updatedAt.toISOString(),
  };
}

/**
 * product §7.1 fetch payment session data: the session when the caller's user owns the account that
 * started it. Someone else's session and one that does not exist answer the same 404.
 */
export async function paymentSessionForUser(
  deps: PaymentsDependencies,
  request: { paymentSessionId: string; userId: string },
): Promise<PaymentSummary> {
  const notFound = () => new DomainError('payment', 'PAYMENT_SESSION_NOT_FOUND');
  if (!isUuid(request.paymentSessionId)) throw notFound();
  const session = await findSession(deps.db, request.paymentSessionId);
  if (!session) throw notFound();
  if ((await ownerOfAccount(deps.db, session.accountId)) !== request.userId) throw notFound();
  return summaryOf(deps, await checkWithGateway(deps, session));
}

/** The order's latest payment attempt (after asking the gateway when due); null when none was made. */
export async function paymentOf(
  deps: PaymentsDependencies,
  request: { orderRef: string },
): Promise<PaymentSummary | null> {
  const latest = await latestSessionOfOrder(deps.db, request.orderRef);
  if (!latest) return null;
  // The latest may be a cancelled newer attempt while an older one was paid: the paid one counts.
  const sessions = await sessionsOfOrder(deps.db, request.orderRef);
  const paid = sessions.find((session) => isKeptPayment(session));
  return summaryOf(deps, await checkWithGateway(deps, paid ?? latest));
}

/** One session by id (the orders work keeps the payment_session_id of each attempt). */
export async function paymentSession(
  deps: PaymentsDependencies,
  paymentSessionId: string,
): Promise<PaymentSummary | null> {
  if (!isUuid(paymentSessionId)) return null;
  const session = await findSession(deps.db, paymentSessionId);
  return session ? summaryOf(deps, await checkWithGateway(deps, session)) : null;
}

/**
 * Before payment, an order's cancellation: every checkout of the order that could still be paid is
 * closed at the gateway and recorded cancelled. Throws payment.ALREADY_PAID when one turns out paid (the
 * payment is recorded; refund it with refundPayment), PROVIDER_UNAVAILABLE when the gateway cannot be
 * asked (nothing is recorded; try again).
 */
export async function cancelPayment(
  deps: PaymentsDependencies,
  request: { orderRef: string },
): Promise<PaymentSummary | null> {
  const sessions = await sessionsOfOrder(deps.db, request.orderRef);
  if (sessions.some((session) => isKeptPayment(session))) {
    throw new DomainError('payment', 'ALREADY_PAID');
  }
  const now = deps.clock.now();
  for (const session of sessions) {
    if (session.status !== 'pending' && session.status !== 'failed') continue;
    if (session.providerSessionId === null) continue;
    let state: CheckoutSessionState;
    try {
      state = await deps.provider.expireCheckoutSession(session.providerSessionId);
    } catch (error) {
      if (!(error instanceof PaymentProviderError && error.kind === 'not_found')) {
        deps.log.error({ err: error, paymentSessionId: session.id }, 'checkout not closed');
        throw new DomainError('payment', 'PROVIDER_UNAVAILABLE');
      }
      state = { state: 'expired' };
    }
    if (state.state === 'paid') {
      await settleSession(deps, session.id, {
        status: 'paid',
        failureReason: null,
        payment: state.payment,
        source: 'gateway',
        eventId: null,
        at: now,
      });
      throw new DomainError('payment', 'ALREADY_PAID');
    }
    await settleSession(deps, session.id, {
      status: 'cancelled',
      failureReason: 'cancelled',
      source: 'cancelled',
      eventId: null,
      at: now,
    });
  }
  return paymentOf(deps, request);
}

/**
 * After payment, an order's cancellation: gives back `amountCentavos` of the order's payment (all that
 * is left when absent). See refundSession for the errors.
 */
export async function refundPayment(
  deps: PaymentsDependencies,
  request: {
    orderRef: string;
    amountCentavos?: number;
    reason?: RefundReason;
    notes?: string;
  },
): Promise<RefundResult> {
  const sessions = await sessionsOfOrder(deps.db, request.orderRef);
  const paid = sessions.find((session) => isKeptPayment(session));
  if (!paid) throw new DomainError('payment', 'NOT_PAID');
  return refundSession(deps, paid.id, {
    ...(request.amountCentavos === undefined ? {} : { amountCentavos: request.amountCentavos }),
    reason: request.reason ?? 'requested_by_customer',
    ...(request.notes ? { notes: request.notes } : {}),
  });
}

/** ADR 077: payments operators should look at (a wrong amount, a refund still owed), newest first. */
export async function flaggedPayments(
  deps: Pick<PaymentsDependencies, 'db'>,
  limit = 100,
): Promise<PaymentSummary[]> {
  const sessions = await flaggedSessions(deps.db, limit);
  return Promise.all(sessions.map((session) => summaryOf(deps, session)));
}
