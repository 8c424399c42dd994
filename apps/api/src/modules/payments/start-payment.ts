import { CURRENCY } from '@konek/contract/constants';
import { isPaymentMethodOffered, paymentMethodByNumber } from '@konek/contract/payment-methods';
import { PAYMENT_METHOD_CONFIG_KEY } from '@konek/contract/remote-config-get';
import { DomainError } from '../../platform/domain-error';
import {
  MINIMUM_CHECKOUT_CENTAVOS,
  PaymentProviderError,
  type CreatedCheckoutSession,
} from '../../providers/payments/payment-provider';
import { readSettings } from '../remote-config/service';
import type { PaymentsDependencies } from './payments-dependencies';
import { settleSession } from './settle';
import {
  insertChange,
  insertSession,
  isKeptPayment,
  lockOrder,
  openSession,
  sessionsOfOrder,
  updateSession,
  type StoredSession,
} from './store';

// ADR 038: starting (or resuming) the payment of an order. One order has at most one checkout that can
// still be paid: a new attempt first closes the older ones at the gateway, and if one of them turns out
// paid, no new checkout is made — the customer is never charged twice. A repeated start with the same
// amount and method (a double click, a refresh) gets the same checkout while it has time left.

export type StartPaymentRequest = {
  accountId: string;
  /** The orders work's reference: letters, digits and . _ : - , at most 100. */
  orderRef: string;
  /** What the server priced, in integer centavos (never an amount a client sent). */
  amountCentavos: number;
  /** product §9 payment_method: 1 GCash, 2 GrabPay, 3 Maya, 4 ShopeePay; the remote setting must offer it. */
  paymentMethod: number;
  /**
   * Paths on Konek's site the wallet sends the browser back to (e.g. /serviceability/payloading); each
   * gets `payment_session_id=<id>` added, and PUBLIC_BASE_URL in front when one is configured.
   */
  returnUrls: { success: string; cancel: string };
  /** The line the wallet shows (the plan's name) and a description. */
  itemName: string;
  description?: string;
};

export type StartedPayment = {
  paymentSessionId: string;
  checkoutUrl: string;
  expiresAt: Date;
  attempt: number;
  /** True when an open checkout of the same order, amount and method was handed out again. */
  reused: boolean;
};

const ORDER_REF = /^[A-Za-z0-9._:-]{1,100}$/;
/** A path on this site: one leading slash (never //host), no backslash, no spaces or controls. */
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;
/** A checkout is handed out again only while this much of its time is left. */
const REUSE_MARGIN_MS = 5 * 60_000;
/** A checkout still being created at the gateway; older than this it is taken as abandoned. */
const OPENING_GRACE_MS = 30_000;
const OPENING_WAIT_MS = 15_000;
const OPENING_POLL_MS = 100;

const sleep = (milliseconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

function returnUrl(base: string, path: string, sessionId: string): string {
  if (!SITE_PATH.test(path)) throw new TypeError(`A return URL is a path on this site: ${path}`);
  const separator = path.includes('?') ? '&' : '?';
  return `${base}${path}${separator}payment_session_id=${encodeURIComponent(sessionId)}`;
}

type Decision =
  | { kind: 'wait' }
  | { kind: 'reuse'; session: StoredSession }
  | { kind: 'new'; session: StoredSession; older: StoredSession[] };

async function decide(deps: PaymentsDependencies, request: StartPaymentRequest): Promise<Decision> {
  const { db, clock, provider } = deps;
  return db.transaction(async (tx) => {
    await lockOrder(tx, request.orderRef);
    const now = clock.now();
    const sessions = await sessionsOfOrder(tx, request.orderRef);
    if (sessions.some((session) => session.accountId !== request.accountId)) {
      throw new Error('An order reference belongs to one account');
    }
    for (const session of sessions) {
      const isOpening = session.status === 'pending' && session.providerSessionId === null;
      if (!isOpening) continue;
      if (now.getTime() - session.createdAt.getTime() < OPENING_GRACE_MS) return { kind: 'wait' };
      // Its creation never finished (a crash, a lost answer): it can never be paid.
      await updateSession(tx, session.id, {
        status: 'cancelled',
        failureReason: 'cancelled',
        updatedAt: now,
      });
      await insertChange(tx, {
        sessionId: session.id,
        status: 'cancelled',
        failureReason: 'cancelled',
        source: 'abandoned',
        eventId: null,
        at: now,
      });
      session.status = 'cancelled';
    }
    if (sessions.some(isKeptPayment)) {
      throw new DomainError('payment', 'ALREADY_PAID');
    }
    const reusable = sessions.find(
      (session) =>
        session.status === 'pending' &&
        session.providerSessionId !== null &&
        session.checkoutUrl !== null &&
        session.provider === provider.name &&
        session.amountCentavos === request.amountCentavos &&
        session.paymentMethod === request.paymentMethod &&
        session.expiresAt.getTime() - now.getTime() > REUSE_MARGIN_MS,
    );
    if (reusable) return { kind: 'reuse', session: reusable };
    const older = sessions.filter(
      (session) =>
        (session.status === 'pending' || session.status === 'failed') &&
        session.providerSessionId !== null,
    );
    const attempt =
      sessions.reduce((highest, session) => Math.max(highest, session.attempt), 0) + 1;
    const session = await insertSession(tx, {
      accountId: request.accountId,
      orderRef: request.orderRef,
      attempt,
      provider: provider.name,
      amountCentavos: request.amountCentavos,
      paymentMethod: request.paymentMethod,
      status: 'pending',
      expiresAt: new Date(now.getTime() + deps.sessionMinutes * 60_000),
      createdAt: now,
      updatedAt: now,
    });
    await insertChange(tx, {
      sessionId: session.id,
      status: 'pending',
      failureReason: null,
      source: 'created',
      eventId: null,
      at: now,
    });
    return { kind: 'new', session, older };
  });
}

/** Gives up an attempt that never reached the gateway (no listener: nothing could be paid there). */
async function giveUp(deps: PaymentsDependencies, session: StoredSession, source: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await updateSession(tx, session.id, {
      status: 'cancelled',
      failureReason: 'cancelled',
      updatedAt: now,
    });
    await insertChange(tx, {
      sessionId: session.id,
      status: 'cancelled',
      failureReason: 'cancelled',
      source,
      eventId: null,
      at: now,
    });
  });
}

/**
 * Closes an older attempt at the gateway before a new one opens. Answers false when it had been paid
 * meanwhile (the payment is recorded, and no new checkout may be made).
 */
async function closeOlder(deps: PaymentsDependencies, older: StoredSession): Promise<boolean> {
  const now = deps.clock.now();
  let state;
  try {
    state = await deps.provider.expireCheckoutSession(older.providerSessionId!);
  } catch (error) {
    if (!(error instanceof PaymentProviderError && error.kind === 'not_found')) throw error;
    state = { state: 'expired' as const };
  }
  if (state.state === 'paid') {
    await settleSession(deps, older.id, {
      status: 'paid',
      failureReason: null,
      payment: state.payment,
      source: 'gateway',
      eventId: null,
      at: now,
    });
    return false;
  }
  await settleSession(deps, older.id, {
    status: 'cancelled',
    failureReason: 'cancelled',
    source: 'superseded',
    eventId: null,
    at: now,
  });
  return true;
}

/**
 * Starts paying an order: a checkout at the gateway for the server's amount and the chosen wallet, or
 * the order's open one again. Throws payment.PAYMENT_METHOD_NOT_OFFERED, AMOUNT_NOT_PAYABLE,
 * ALREADY_PAID, or PROVIDER_UNAVAILABLE (nothing was created; try again).
 */
export async function startPayment(
  deps: PaymentsDependencies,
  request: StartPaymentRequest,
): Promise<StartedPayment> {
  const method = paymentMethodByNumber(request.paymentMethod);
  if (!ORDER_REF.test(request.orderRef)) throw new TypeError('orderRef is not a reference');
  if (!method) throw new DomainError('payment', 'PAYMENT_METHOD_NOT_OFFERED');
  const [setting] = await readSettings(deps.db, [PAYMENT_METHOD_CONFIG_KEY]);
  if (!isPaymentMethodOffered(setting?.value, method.payment_method)) {
    throw new DomainError('payment', 'PAYMENT_METHOD_NOT_OFFERED');
  }
  if (
    !Number.isSafeInteger(request.amountCentavos) ||
    request.amountCentavos < MINIMUM_CHECKOUT_CENTAVOS
  ) {
    throw new DomainError('payment', 'AMOUNT_NOT_PAYABLE');
  }
  // Checked before anything is written, so a wrong path costs nothing.
  returnUrl(deps.publicBaseUrl, request.returnUrls.success, 'x');
  returnUrl(deps.publicBaseUrl, request.returnUrls.cancel, 'x');

  const deadline = Date.now() + OPENING_WAIT_MS;
  let decision = await decide(deps, request);
  while (decision.kind === 'wait') {
    if (Date.now() > deadline) throw new DomainError('payment', 'PROVIDER_UNAVAILABLE');
    await sleep(OPENING_POLL_MS);
    decision = await decide(deps, request);
  }
  if (decision.kind === 'reuse') {
    const { session } = decision;
    return {
      paymentSessionId: session.id,
      checkoutUrl: session.checkoutUrl!,
      expiresAt: session.expiresAt,
      attempt: session.attempt,
      reused: true,
    };
  }

  const { session, older } = decision;
  try {
    for (const previous of older) {
      if (!(await closeOlder(deps, previous))) {
        await giveUp(deps, session, 'not_needed');
        throw new DomainError('payment', 'ALREADY_PAID');
      }
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    deps.log.error({ err: error, paymentSessionId: session.id }, 'older checkout not closed');
    await giveUp(deps, session, 'not_created');
    throw new DomainError('payment', 'PROVIDER_UNAVAILABLE');
  }

  let created: CreatedCheckoutSession;
  try {
    created = await deps.provider.createCheckoutSession({
      reference: session.id,
      amountCentavos: session.amountCentavos,
      currency: CURRENCY,
      itemName: request.itemName,
      description: request.description ?? request.itemName,
      methods: [method.paymongo_type],
      successUrl: returnUrl(deps.publicBaseUrl, request.returnUrls.success, session.id),
      cancelUrl: returnUrl(deps.publicBaseUrl, request.returnUrls.cancel, session.id),
      metadata: { payment_session_id: session.id, order_ref: session.orderRef },
      expiresAt: session.expiresAt,
    });
  } catch (error) {
    const kind = error instanceof PaymentProviderError ? error.kind : 'unavailable';
    deps.log.error({ err: error, paymentSessionId: session.id, kind }, 'checkout not created');
    await giveUp(deps, session, 'not_created');
    throw new DomainError('payment', 'PROVIDER_UNAVAILABLE');
  }
  const opened = await openSession(deps.db, session.id, {
    providerSessionId: created.id,
    providerPaymentIntentId: created.paymentIntentId,
    checkoutUrl: created.checkoutUrl,
    at: deps.clock.now(),
  });
  if (!opened) {
    // Given up meanwhile (it took longer than OPENING_GRACE_MS): close what was made, pay nothing.
    await deps.provider.expireCheckoutSession(created.id).catch(() => undefined);
    throw new DomainError('payment', 'PROVIDER_UNAVAILABLE');
  }
  return {
    paymentSessionId: session.id,
    checkoutUrl: created.checkoutUrl,
    expiresAt: session.expiresAt,
    attempt: session.attempt,
    reused: false,
  };
}
