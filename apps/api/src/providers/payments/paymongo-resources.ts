import * as z from 'zod';
import { PAYMONGO_METHOD_TYPES, type TPayMongoMethodType } from '@konek/contract/payment-methods';
import type {
  CheckoutPayment,
  CheckoutSessionState,
  PaymentEvent,
  RefundStatus,
  RefundUpdate,
} from './payment-provider';

// PayMongo's JSON:API resources as Konek reads them: an Event wrapping a checkout session or a payment,
// a checkout session with its payments, a refund. Unknown fields are kept out of the way (loose), ids
// must look like PayMongo's (prefix_ and letters or digits), so nothing odd reaches the database.

const ZId = z.string().regex(/^[a-z]+_[A-Za-z0-9_]{1,96}$/);
const ZUnixSeconds = z.number().int().nonnegative();
const ZCentavos = z.number().int().nonnegative();

const REFUND_STATUSES = ['pending', 'processing', 'succeeded', 'failed'] as const;

export const ZPayMongoRefund = z.looseObject({
  id: ZId,
  type: z.literal('refund'),
  attributes: z.looseObject({
    amount: ZCentavos,
    status: z.enum(REFUND_STATUSES),
    payment_id: ZId.nullish(),
  }),
});

export const ZPayMongoPayment = z.looseObject({
  id: ZId,
  type: z.literal('payment'),
  attributes: z.looseObject({
    amount: ZCentavos,
    currency: z.string().max(8).nullish(),
    status: z.string(),
    payment_intent_id: ZId.nullish(),
    failed_code: z.string().max(100).nullish(),
    paid_at: ZUnixSeconds.nullish(),
    source: z.looseObject({ type: z.string().max(40) }).nullish(),
    refunds: z.array(ZPayMongoRefund).nullish(),
  }),
});
export type PayMongoPayment = z.infer<typeof ZPayMongoPayment>;

export const ZPayMongoCheckoutSession = z.looseObject({
  id: ZId,
  type: z.literal('checkout_session'),
  attributes: z.looseObject({
    checkout_url: z.string().max(2048).nullish(),
    status: z.string().max(40).nullish(),
    payment_method_used: z.string().max(40).nullish(),
    payment_intent: z.looseObject({ id: ZId }).nullish(),
    payments: z.array(ZPayMongoPayment).nullish(),
  }),
});
export type PayMongoCheckoutSession = z.infer<typeof ZPayMongoCheckoutSession>;

/** A single resource reply: `{ data: … }`. */
export const dataOf = <T extends z.ZodType>(resource: T) => z.object({ data: resource });

const ZEvent = z.object({
  data: z.object({
    id: ZId,
    type: z.literal('event'),
    attributes: z.looseObject({
      type: z.string().min(1).max(100),
      livemode: z.boolean(),
      created_at: ZUnixSeconds,
      data: z.unknown(),
    }),
  }),
});

function methodOf(value: string | null | undefined): TPayMongoMethodType | null {
  return PAYMONGO_METHOD_TYPES.find((type) => type === value) ?? null;
}

const fromUnix = (seconds: number | null | undefined): Date | null =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000);

/** The payment that settled the checkout, if one did. */
export function paidPaymentOf(session: PayMongoCheckoutSession): CheckoutPayment | undefined {
  const paid = session.attributes.payments?.find((payment) => payment.attributes.status === 'paid');
  if (!paid) return undefined;
  return {
    id: paid.id,
    amountCentavos: paid.attributes.amount,
    currency: paid.attributes.currency ?? null,
    method:
      methodOf(session.attributes.payment_method_used) ??
      methodOf(paid.attributes.source?.type ?? null),
    paidAt: fromUnix(paid.attributes.paid_at),
  };
}

/** Paid when a payment is paid (even on a checkout expired since), else expired or active. */
export function checkoutStateOf(session: PayMongoCheckoutSession): CheckoutSessionState {
  const payment = paidPaymentOf(session);
  if (payment) return { state: 'paid', payment };
  return session.attributes.status === 'expired' ? { state: 'expired' } : { state: 'active' };
}

function refundsOf(payment: PayMongoPayment): RefundUpdate[] {
  return (payment.attributes.refunds ?? []).map((refund) => ({
    id: refund.id,
    amountCentavos: refund.attributes.amount,
    status: refund.attributes.status as RefundStatus,
  }));
}

/**
 * A verified webhook body as a typed event; undefined when it is not a PayMongo event at all, or names
 * a type Konek acts on with a resource it cannot read.
 */
export function parsePayMongoEvent(rawBody: string): PaymentEvent | undefined {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return undefined;
  }
  const parsed = ZEvent.safeParse(json);
  if (!parsed.success) return undefined;
  const { id, attributes } = parsed.data.data;
  const base = {
    id,
    livemode: attributes.livemode,
    createdAt: new Date(attributes.created_at * 1000),
  };
  switch (attributes.type) {
    case 'checkout_session.payment.paid': {
      const session = ZPayMongoCheckoutSession.safeParse(attributes.data);
      const payment = session.success ? paidPaymentOf(session.data) : undefined;
      if (!session.success || !payment) return undefined;
      return { ...base, type: attributes.type, checkoutSessionId: session.data.id, payment };
    }
    case 'checkout_session.expired':
    case 'checkout_session.cancelled': {
      const session = ZPayMongoCheckoutSession.safeParse(attributes.data);
      if (!session.success) return undefined;
      return { ...base, type: attributes.type, checkoutSessionId: session.data.id };
    }
    case 'payment.failed': {
      const payment = ZPayMongoPayment.safeParse(attributes.data);
      if (!payment.success) return undefined;
      return {
        ...base,
        type: attributes.type,
        paymentId: payment.data.id,
        paymentIntentId: payment.data.attributes.payment_intent_id ?? null,
        failedCode: payment.data.attributes.failed_code ?? null,
      };
    }
    case 'payment.refunded':
    case 'payment.refund.updated': {
      const payment = ZPayMongoPayment.safeParse(attributes.data);
      if (!payment.success) return undefined;
      return {
        ...base,
        type: attributes.type,
        paymentId: payment.data.id,
        refunds: refundsOf(payment.data),
      };
    }
    default:
      return { ...base, type: 'other', eventType: attributes.type };
  }
}
