import crypto from 'node:crypto';
import type { TPayMongoMethodType } from '@konek/contract/payment-methods';
import {
  MINIMUM_CHECKOUT_CENTAVOS,
  MINIMUM_REFUND_CENTAVOS,
  PaymentProviderError,
  type CheckoutSessionState,
  type PaymentProvider,
  type RefundReason,
} from './payment-provider';
import {
  DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
  SIGNATURE_HEADER,
  signatureHeader,
  verifyPayMongoWebhook,
} from './paymongo-signature';

// ADR 038: the local payment gateway — a small PayMongo for development, tests and demos. Konek creates
// checkouts in it exactly as in PayMongo; the customer meets them at /sandbox/checkout/:id, a page that
// looks like the wallet's authorization page, and authorizes, declines (insufficient funds), cancels or
// lets the checkout expire. Each outcome goes to Konek's webhook endpoint as the event PayMongo would send,
// in PayMongo's JSON, signed the way PayMongo signs (test mode), and is sent again while Konek does not
// answer 2xx — as PayMongo retries. Refunds are recorded and refused as PayMongo refuses them. Its state
// lives in the sandbox tables; a provider never touches the database itself, so the store is handed in.

export const SANDBOX_CHECKOUT_PATH = '/sandbox/checkout';
/** The merchant name the wallet page shows. */
export const SANDBOX_MERCHANT = 'Konek';

export type SandboxCheckoutStatus = 'active' | 'paid' | 'expired' | 'cancelled';

export type SandboxCheckout = {
  id: string;
  paymentIntentId: string;
  reference: string;
  amountCentavos: number;
  itemName: string;
  description: string;
  methods: TPayMongoMethodType[];
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  status: SandboxCheckoutStatus;
  paymentId: string | null;
  paidMethod: TPayMongoMethodType | null;
  paidAt: Date | null;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
};

export type SandboxRefund = {
  id: string;
  paymentId: string;
  amountCentavos: number;
  reason: RefundReason;
  createdAt: Date;
};

/** One webhook the gateway owes Konek, with its delivery attempts. */
export type SandboxDelivery = {
  eventId: string;
  checkoutId: string;
  eventType: string;
  body: string;
  attempts: number;
  lastStatus: number | null;
  /** The Paymongo-Signature of the last attempt. */
  lastSignature: string | null;
  deliveredAt: Date | null;
  createdAt: Date;
};

export type LocalGatewayStore = {
  insertCheckout(checkout: SandboxCheckout): Promise<void>;
  findCheckout(id: string): Promise<SandboxCheckout | undefined>;
  findCheckoutByPayment(paymentId: string): Promise<SandboxCheckout | undefined>;
  /** Moves an active checkout to `status`; undefined when it was no longer active (someone was first). */
  closeCheckout(
    id: string,
    change: {
      status: Exclude<SandboxCheckoutStatus, 'active'>;
      paymentId?: string;
      paidMethod?: TPayMongoMethodType;
      paidAt?: Date;
      at: Date;
    },
  ): Promise<SandboxCheckout | undefined>;
  /** Active checkouts whose time has run out. */
  dueCheckouts(now: Date, limit: number): Promise<string[]>;
  /** Records the refund when it and the payment's earlier refunds stay within `paidCentavos`. */
  insertRefundWithin(refund: SandboxRefund, paidCentavos: number): Promise<boolean>;
  insertDelivery(delivery: SandboxDelivery): Promise<void>;
  recordDeliveryAttempt(
    eventId: string,
    attempt: { status: number | null; signature: string; at: Date; delivered: boolean },
  ): Promise<void>;
  undeliveredDeliveries(maxAttempts: number, limit: number): Promise<SandboxDelivery[]>;
  deliveriesOf(checkoutId: string): Promise<SandboxDelivery[]>;
};

/** Hands a signed webhook to Konek's endpoint; answers the HTTP status (0 when nothing answered). */
export type WebhookDelivery = (rawBody: string, headers: Record<string, string>) => Promise<number>;

export type LocalGatewayOptions = {
  store: LocalGatewayStore;
  clock: { now(): Date };
  /** DATA_DIR/secrets/payment-webhook-secret: signs the webhooks and checks them on arrival. */
  webhookSecret: Buffer;
  deliver: WebhookDelivery;
  signatureToleranceSeconds?: number;
  /** Pauses between the attempts of one delivery (PayMongo retries too); the tests make them short. */
  retryDelaysMs?: readonly number[];
  log?: { warn: (object: object, message: string) => void };
};

export type SandboxAction = 'authorize' | 'decline' | 'cancel' | 'expire';

export type SandboxActionResult = {
  /** `done`: the action happened; `closed`: the checkout was already paid, expired or cancelled. */
  outcome: 'done' | 'closed';
  checkout: SandboxCheckout;
  /** Where the browser goes next: the success URL after a payment, the cancel URL otherwise. */
  redirectTo: string;
  /** Whether Konek took the webhook (2xx); null when the action sent none. */
  delivered: boolean | null;
  deliveryStatus: number | null;
};

export type LocalGateway = PaymentProvider & {
  /** The checkout the page shows; one whose time ran out is expired first (and Konek told). */
  checkout(id: string): Promise<SandboxCheckout | undefined>;
  act(id: string, action: SandboxAction): Promise<SandboxActionResult | undefined>;
  /** Sends the checkout's undelivered webhooks again. */
  resend(id: string): Promise<boolean>;
  deliveries(id: string): Promise<SandboxDelivery[]>;
  /** Expires every checkout whose time ran out, telling Konek; answers how many. */
  expireDue(): Promise<number>;
  /** One more attempt for each webhook Konek has not taken yet (up to MAX_DELIVERY_ATTEMPTS). */
  redeliver(): Promise<number>;
};

export const MAX_DELIVERY_ATTEMPTS = 10;
const DEFAULT_RETRY_DELAYS_MS = [250, 1000] as const;

const randomId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** The checkout as PayMongo's checkout_session resource. */
function checkoutResource(checkout: SandboxCheckout, payment?: object) {
  const paid = checkout.status === 'paid' && checkout.paymentId !== null;
  return {
    id: checkout.id,
    type: 'checkout_session',
    attributes: {
      billing: null,
      cancel_url: checkout.cancelUrl,
      checkout_url: `${SANDBOX_CHECKOUT_PATH}/${checkout.id}`,
      client_key: `${checkout.id}_client_${crypto.createHash('sha256').update(checkout.id).digest('hex').slice(0, 24)}`,
      description: checkout.description,
      line_items: [
        { amount: checkout.amountCentavos, currency: 'PHP', name: checkout.itemName, quantity: 1 },
      ],
      livemode: false,
      merchant: SANDBOX_MERCHANT,
      metadata: checkout.metadata,
      payment_intent: {
        id: checkout.paymentIntentId,
        type: 'payment_intent',
        attributes: {
          amount: checkout.amountCentavos,
          currency: 'PHP',
          status: paid ? 'succeeded' : 'awaiting_payment_method',
        },
      },
      payment_method_types: checkout.methods,
      payment_method_used: checkout.paidMethod,
      payments: payment ? [payment] : paid ? [paymentResource(checkout, 'paid')] : [],
      reference_number: checkout.reference,
      send_email_receipt: false,
      show_description: true,
      show_line_items: true,
      status: checkout.status === 'active' || checkout.status === 'paid' ? 'active' : 'expired',
      success_url: checkout.successUrl,
      created_at: unix(checkout.createdAt),
      updated_at: unix(checkout.updatedAt),
    },
  };
}

/** A payment on the checkout as PayMongo's payment resource. */
function paymentResource(
  checkout: SandboxCheckout,
  status: 'paid' | 'failed',
  failure?: { id: string; at: Date },
) {
  const method = checkout.paidMethod ?? checkout.methods[0] ?? 'gcash';
  const at = failure?.at ?? checkout.paidAt ?? checkout.updatedAt;
  return {
    id: failure?.id ?? checkout.paymentId,
    type: 'payment',
    attributes: {
      amount: checkout.amountCentavos,
      currency: 'PHP',
      description: checkout.description,
      fee: 0,
      livemode: false,
      net_amount: checkout.amountCentavos,
      status,
      ...(status === 'failed'
        ? {
            failed_code: 'insufficient_funds',
            failed_message: 'The e-wallet does not have enough balance for this payment.',
          }
        : {}),
      payment_intent_id: checkout.paymentIntentId,
      source: { id: randomId('src'), type: method },
      metadata: checkout.metadata,
      refunds: [],
      paid_at: status === 'paid' ? unix(at) : null,
      created_at: unix(at),
      updated_at: unix(at),
    },
  };
}

/** An Event resource, as PayMongo posts it to a webhook. */
function eventBody(type: string, data: object, at: Date): { id: string; body: string } {
  const id = randomId('evt');
  const body = JSON.stringify({
    data: {
      id,
      type: 'event',
      attributes: {
        type,
        livemode: false,
        data,
        previous_data: {},
        created_at: unix(at),
        updated_at: unix(at),
      },
    },
  });
  return { id, body };
}

const sleep = (milliseconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

export function createLocalGateway(options: LocalGatewayOptions): LocalGateway {
  const { store, clock, webhookSecret, deliver } = options;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const tolerance = options.signatureToleranceSeconds ?? DEFAULT_SIGNATURE_TOLERANCE_SECONDS;

  /** One signed attempt; answers the status (0 when the delivery itself failed). */
  async function attempt(delivery: SandboxDelivery): Promise<number> {
    const now = clock.now();
    const signature = signatureHeader(webhookSecret, delivery.body, unix(now), 'test');
    let status = 0;
    try {
      status = await deliver(delivery.body, {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signature,
        'user-agent': 'Konek-Sandbox-Gateway/1.0',
      });
    } catch (error) {
      options.log?.warn(
        { err: error, eventId: delivery.eventId },
        'sandbox webhook could not be delivered',
      );
    }
    const delivered = status >= 200 && status < 300;
    await store.recordDeliveryAttempt(delivery.eventId, {
      status: status === 0 ? null : status,
      signature,
      at: now,
      delivered,
    });
    return status;
  }

  /** Records the event and delivers it, trying again shortly while Konek does not take it. */
  async function emit(
    checkout: SandboxCheckout,
    type: string,
    data: object,
  ): Promise<{ delivered: boolean; status: number }> {
    const now = clock.now();
    const event = eventBody(type, data, now);
    const delivery: SandboxDelivery = {
      eventId: event.id,
      checkoutId: checkout.id,
      eventType: type,
      body: event.body,
      attempts: 0,
      lastStatus: null,
      lastSignature: null,
      deliveredAt: null,
      createdAt: now,
    };
    await store.insertDelivery(delivery);
    let status = await attempt(delivery);
    for (const delay of retryDelays) {
      if (status >= 200 && status < 300) break;
      await sleep(delay);
      status = await attempt(delivery);
    }
    return { delivered: status >= 200 && status < 300, status };
  }

  async function expire(checkout: SandboxCheckout): Promise<SandboxCheckout> {
    const closed = await store.closeCheckout(checkout.id, { status: 'expired', at: clock.now() });
    if (!closed) return (await store.findCheckout(checkout.id)) ?? checkout;
    await emit(closed, 'checkout_session.expired', checkoutResource(closed));
    return closed;
  }

  /**
   * The checkout now: one whose time ran out is expired first. The page and the sweep tell Konek by
   * webhook; an API call (retrieve, expire) only answers it, as PayMongo does — and so a call Konek makes
   * never waits on a webhook Konek must answer meanwhile.
   */
  async function current(id: string, notify: boolean): Promise<SandboxCheckout | undefined> {
    const checkout = await store.findCheckout(id);
    if (!checkout) return undefined;
    if (checkout.status !== 'active' || checkout.expiresAt > clock.now()) return checkout;
    if (notify) return expire(checkout);
    return (
      (await store.closeCheckout(id, { status: 'expired', at: clock.now() })) ??
      (await store.findCheckout(id))
    );
  }

  function stateOf(checkout: SandboxCheckout): CheckoutSessionState {
    if (checkout.status === 'paid' && checkout.paymentId) {
      return {
        state: 'paid',
        payment: {
          id: checkout.paymentId,
          amountCentavos: checkout.amountCentavos,
          currency: 'PHP',
          method: checkout.paidMethod,
          paidAt: checkout.paidAt,
        },
      };
    }
    return checkout.status === 'active' ? { state: 'active' } : { state: 'expired' };
  }

  async function requireCheckout(id: string): Promise<SandboxCheckout> {
    const checkout = await current(id, false);
    if (!checkout) {
      throw new PaymentProviderError('not_found', 'No such checkout session', 'resource_not_found');
    }
    return checkout;
  }

  const result = (
    checkout: SandboxCheckout,
    outcome: SandboxActionResult['outcome'],
    sent?: { delivered: boolean; status: number },
  ): SandboxActionResult => ({
    outcome,
    checkout,
    redirectTo: checkout.status === 'paid' ? checkout.successUrl : checkout.cancelUrl,
    delivered: sent ? sent.delivered : null,
    deliveryStatus: sent ? sent.status : null,
  });

  return {
    name: 'local',

    async createCheckoutSession(request) {
      if (!Number.isSafeInteger(request.amountCentavos)) {
        throw new PaymentProviderError(
          'rejected',
          'amount must be an integer',
          'parameter_invalid',
        );
      }
      if (request.amountCentavos < MINIMUM_CHECKOUT_CENTAVOS) {
        throw new PaymentProviderError(
          'rejected',
          `amount must be at least ${MINIMUM_CHECKOUT_CENTAVOS}`,
          'parameter_below_minimum',
        );
      }
      if (request.methods.length === 0) {
        throw new PaymentProviderError(
          'rejected',
          'payment_method_types is required',
          'parameter_required',
        );
      }
      const now = clock.now();
      const checkout: SandboxCheckout = {
        id: randomId('cs'),
        paymentIntentId: randomId('pi'),
        reference: request.reference,
        amountCentavos: request.amountCentavos,
        itemName: request.itemName,
        description: request.description,
        methods: [...request.methods],
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        metadata: request.metadata,
        status: 'active',
        paymentId: null,
        paidMethod: null,
        paidAt: null,
        expiresAt: request.expiresAt,
        createdAt: now,
        updatedAt: now,
      };
      await store.insertCheckout(checkout);
      return {
        id: checkout.id,
        checkoutUrl: `${SANDBOX_CHECKOUT_PATH}/${checkout.id}`,
        paymentIntentId: checkout.paymentIntentId,
      };
    },

    async retrieveCheckoutSession(id) {
      return stateOf(await requireCheckout(id));
    },

    async expireCheckoutSession(id) {
      const checkout = await requireCheckout(id);
      if (checkout.status !== 'active') return stateOf(checkout);
      // Expired by the merchant's own call: PayMongo sends no webhook for it, nor does this gateway.
      const closed = await store.closeCheckout(id, { status: 'expired', at: clock.now() });
      return stateOf(closed ?? (await requireCheckout(id)));
    },

    async refundPayment(refund) {
      const checkout = await store.findCheckoutByPayment(refund.paymentId);
      if (!checkout || checkout.status !== 'paid') {
        throw new PaymentProviderError('not_found', 'No such payment', 'resource_not_found');
      }
      if (!Number.isSafeInteger(refund.amountCentavos)) {
        throw new PaymentProviderError(
          'rejected',
          'amount must be an integer',
          'parameter_invalid',
        );
      }
      if (refund.amountCentavos < MINIMUM_REFUND_CENTAVOS) {
        throw new PaymentProviderError(
          'rejected',
          `amount must be at least ${MINIMUM_REFUND_CENTAVOS}`,
          'parameter_below_minimum',
        );
      }
      const id = randomId('ref');
      const recorded = await store.insertRefundWithin(
        {
          id,
          paymentId: refund.paymentId,
          amountCentavos: refund.amountCentavos,
          reason: refund.reason,
          createdAt: clock.now(),
        },
        checkout.amountCentavos,
      );
      if (!recorded) {
        throw new PaymentProviderError(
          'rejected',
          'amount must be less than or equal to the amount of the payment not yet refunded',
          'parameter_above_maximum',
        );
      }
      return { id, amountCentavos: refund.amountCentavos, status: 'succeeded' };
    },

    verifyWebhook(rawBody, signature, now) {
      return verifyPayMongoWebhook(rawBody, signature, webhookSecret, 'test', now, tolerance);
    },

    checkout: (id) => current(id, true),

    async act(id, action) {
      const checkout = await current(id, true);
      if (!checkout) return undefined;
      if (checkout.status !== 'active') return result(checkout, 'closed');
      const now = clock.now();
      switch (action) {
        case 'authorize': {
          const paid = await store.closeCheckout(id, {
            status: 'paid',
            paymentId: randomId('pay'),
            paidMethod: checkout.methods[0] ?? 'gcash',
            paidAt: now,
            at: now,
          });
          if (!paid) return result((await current(id, true)) ?? checkout, 'closed');
          return result(
            paid,
            'done',
            await emit(paid, 'checkout_session.payment.paid', checkoutResource(paid)),
          );
        }
        case 'decline': {
          // As at PayMongo, a declined payment leaves the checkout open for another try.
          const failed = paymentResource(checkout, 'failed', { id: randomId('pay'), at: now });
          return result(checkout, 'done', await emit(checkout, 'payment.failed', failed));
        }
        case 'cancel': {
          const cancelled = await store.closeCheckout(id, { status: 'cancelled', at: now });
          if (!cancelled) return result((await current(id, true)) ?? checkout, 'closed');
          return result(
            cancelled,
            'done',
            await emit(cancelled, 'checkout_session.cancelled', checkoutResource(cancelled)),
          );
        }
        case 'expire': {
          const expired = await store.closeCheckout(id, { status: 'expired', at: now });
          if (!expired) return result((await current(id, true)) ?? checkout, 'closed');
          return result(
            expired,
            'done',
            await emit(expired, 'checkout_session.expired', checkoutResource(expired)),
          );
        }
      }
    },

    async resend(id) {
      const pending = (await store.deliveriesOf(id)).filter((delivery) => !delivery.deliveredAt);
      let allDelivered = true;
      for (const delivery of pending) {
        const status = await attempt(delivery);
        if (status < 200 || status >= 300) allDelivered = false;
      }
      return allDelivered;
    },

    deliveries: (id) => store.deliveriesOf(id),

    async expireDue() {
      const due = await store.dueCheckouts(clock.now(), 50);
      let expired = 0;
      for (const id of due) {
        const checkout = await store.findCheckout(id);
        if (checkout?.status !== 'active') continue;
        const after = await expire(checkout);
        if (after.status === 'expired') expired += 1;
      }
      return expired;
    },

    async redeliver() {
      const pending = await store.undeliveredDeliveries(MAX_DELIVERY_ATTEMPTS, 50);
      for (const delivery of pending) await attempt(delivery);
      return pending.length;
    },
  };
}
