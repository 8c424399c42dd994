import type { TPayMongoMethodType } from '@konek/contract/payment-methods';

// docs/architecture.md, ADR 038: the payment gateway, modelled on PayMongo's Checkout Sessions. Konek
// creates a hosted checkout for one order's amount, sends the customer to its URL, and learns the outcome
// from signed webhooks (and, when one is late, by asking). The local gateway (the sandbox checkout page)
// and the PayMongo adapter implement this one interface and fail the same ways.

/** PayMongo takes nothing below ₱20.00 through a checkout session. */
export const MINIMUM_CHECKOUT_CENTAVOS = 2000;
/** PayMongo refunds nothing below ₱1.00. */
export const MINIMUM_REFUND_CENTAVOS = 100;

export type CheckoutSessionRequest = {
  /** Konek's payment session id: PayMongo's reference_number, so both sides name the attempt alike. */
  reference: string;
  /** Integer centavos, at least MINIMUM_CHECKOUT_CENTAVOS. */
  amountCentavos: number;
  currency: 'PHP';
  /** The one line item the wallet shows (the plan's name). */
  itemName: string;
  description: string;
  /** The wallets the page may offer (Konek sends the one the customer chose). */
  methods: readonly TPayMongoMethodType[];
  /** Absolute URLs (or, for the local gateway, paths on this server) the wallet sends the browser to. */
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  /** When Konek stops waiting. The local gateway expires the checkout then; PayMongo's is expired by Konek. */
  expiresAt: Date;
};

export type CreatedCheckoutSession = {
  /** cs_… */
  id: string;
  checkoutUrl: string;
  /** pi_…: the payment intent behind the checkout, which payment.failed events name. */
  paymentIntentId: string | null;
};

/** The payment that settled a checkout. */
export type CheckoutPayment = {
  /** pay_… */
  id: string;
  amountCentavos: number;
  /** ISO 4217 as the gateway says it (PHP); null when it does not say. */
  currency: string | null;
  /** The wallet the customer paid with, when the gateway says. */
  method: TPayMongoMethodType | null;
  paidAt: Date | null;
};

/** A checkout as the gateway knows it now. */
export type CheckoutSessionState =
  { state: 'active' } | { state: 'paid'; payment: CheckoutPayment } | { state: 'expired' };

export type RefundReason = 'duplicate' | 'fraudulent' | 'requested_by_customer' | 'others';

export type RefundRequest = {
  /** pay_… */
  paymentId: string;
  /** Integer centavos, at least MINIMUM_REFUND_CENTAVOS and at most what is left of the payment. */
  amountCentavos: number;
  reason: RefundReason;
  notes?: string;
  metadata: Record<string, string>;
};

export type RefundStatus = 'pending' | 'processing' | 'succeeded' | 'failed';

export type CreatedRefund = { id: string; amountCentavos: number; status: RefundStatus };

/** A payment's refunds as a refund event reports them. */
export type RefundUpdate = { id: string; amountCentavos: number; status: RefundStatus };

type EventBase = { id: string; livemode: boolean; createdAt: Date };

/**
 * A verified webhook, typed. PayMongo sends checkout_session.payment.paid, payment.paid,
 * payment.failed, payment.refunded and payment.refund.updated; it has no event for a checkout that
 * expired or that the customer left, so checkout_session.expired and checkout_session.cancelled are
 * the local gateway's own (Konek notices both by itself with PayMongo, ADR 038).
 */
export type PaymentEvent =
  | (EventBase & {
      type: 'checkout_session.payment.paid';
      checkoutSessionId: string;
      payment: CheckoutPayment;
    })
  | (EventBase & {
      type: 'payment.failed';
      paymentId: string;
      paymentIntentId: string | null;
      /** PayMongo's failed_code (insufficient_funds, generic_decline, …); null when it gives none. */
      failedCode: string | null;
    })
  | (EventBase & { type: 'checkout_session.expired'; checkoutSessionId: string })
  | (EventBase & { type: 'checkout_session.cancelled'; checkoutSessionId: string })
  | (EventBase & {
      type: 'payment.refunded' | 'payment.refund.updated';
      paymentId: string;
      refunds: RefundUpdate[];
    })
  /** Anything else a webhook may be subscribed to (payment.paid, source.chargeable, …): recorded, not acted on. */
  | (EventBase & { type: 'other'; eventType: string });

export type WebhookRefusal = 'missing' | 'malformed' | 'stale' | 'mismatch' | 'unreadable';

export type WebhookVerdict =
  { ok: true; event: PaymentEvent } | { ok: false; reason: WebhookRefusal };

export type PaymentProvider = {
  /** For the start-up log and the stored sessions. */
  readonly name: 'local' | 'paymongo';
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CreatedCheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionState>;
  /**
   * Closes the checkout so it can no longer be paid, and answers its state afterwards: `paid` when the
   * customer paid before it closed (the payment stands), `expired` otherwise.
   */
  expireCheckoutSession(id: string): Promise<CheckoutSessionState>;
  refundPayment(request: RefundRequest): Promise<CreatedRefund>;
  /**
   * Checks a webhook's Paymongo-Signature over the raw body as received (t=…,te=…,li=…; HMAC-SHA256
   * with the webhook secret over "<t>.<body>", within the tolerance of `now`) and reads the event.
   */
  verifyWebhook(rawBody: string, signature: string | undefined, now: Date): WebhookVerdict;
};

export type PaymentProviderErrorKind =
  /** Network, timeout, 429 or 5xx: try again later. */
  | 'unavailable'
  /** 401/403: the secret key is wrong or lacks the right; an operator must act. */
  | 'misconfigured'
  /** 404: no such checkout, payment or refund. */
  | 'not_found'
  /** 400-class: the gateway refused the request as asked (e.g. a refund above what is left). */
  | 'rejected';

/** Every gateway failure, as one type. Its message never holds the secret key. */
export class PaymentProviderError extends Error {
  readonly kind: PaymentProviderErrorKind;
  /** The gateway's own error code (parameter_above_maximum, …), when it gave one. */
  readonly providerCode: string | undefined;

  constructor(kind: PaymentProviderErrorKind, message: string, providerCode?: string) {
    super(message);
    this.name = 'PaymentProviderError';
    this.kind = kind;
    this.providerCode = providerCode;
  }
}
