import * as z from 'zod';
import { defineCall, errorDefinition, type ErrorKey } from './call';
import { CURRENCY } from './constants';
import { envelopeWith } from './envelope';
import { PAYMENT_METHOD_IDS } from './remote-config-get';
import { ZPaymentMethodNumber } from './payment-methods';
import type { PATHS } from './routes';

// product §7.1 "fetch payment session data" (payment_session_id, application_id; reply not shown) and §3
// Payment (payment_session_id). ADR 038: a payment session is one attempt to pay one order through the
// gateway's hosted checkout. The payloading screen polls this call after the wallet sends the customer
// back, and the reply says where to go: the session's status, what was asked (amount in PHP, method), why
// it failed, and the order it pays for. Only the account that started the payment can read it.

export const FETCH_PAYMENT_SESSION_DATA_PATH = '/api/v3/payment/fetch_payment_session_data';

/**
 * - `pending`: the customer has not finished at the wallet (or its answer has not reached Konek yet).
 * - `paid`: the wallet took the money; final unless refunded.
 * - `failed`: the wallet refused the payment (e.g. insufficient funds). The same checkout could still be
 *   paid on a second try at the wallet, so a later `paid` replaces it; a new attempt closes it first.
 * - `cancelled`: the customer left the wallet's page, or the order was cancelled before payment.
 * - `expired`: not paid in time (PAYMENT_SESSION_MINUTES); the checkout can no longer be paid.
 * - `refunded`: paid, then given back in full (an order cancelled after payment).
 */
export const PAYMENT_SESSION_STATUSES = [
  'pending',
  'paid',
  'failed',
  'cancelled',
  'expired',
  'refunded',
] as const;
export type TPaymentSessionStatus = (typeof PAYMENT_SESSION_STATUSES)[number];

/**
 * Why a session did not end paid. Each reason names its catalogue entry (errors.ts), so the failed screen
 * shows the catalogue's message and can name the code; insufficient funds is the spec's order code 4.
 */
export const PAYMENT_FAILURE_REASONS = {
  insufficient_funds: 'order.INSUFFICIENT_FUNDS',
  declined: 'payment.PAYMENT_DECLINED',
  cancelled: 'payment.PAYMENT_CANCELLED',
  expired: 'payment.PAYMENT_EXPIRED',
  // ADR 077: a payment the wallet took and the order does not keep (the contract's REFUND_CAUSES): the
  // session reads refunded, with the reason.
  duplicate: 'payment.PAYMENT_DUPLICATE',
  amount_mismatch: 'payment.PAYMENT_AMOUNT_MISMATCH',
  order_ended: 'payment.PAYMENT_AFTER_ORDER_ENDED',
  not_fulfillable: 'payment.ORDER_NOT_FULFILLABLE',
} as const satisfies Record<string, ErrorKey>;
export type TPaymentFailureReason = keyof typeof PAYMENT_FAILURE_REASONS;
export const PAYMENT_FAILURE_REASON_NAMES = Object.keys(PAYMENT_FAILURE_REASONS) as [
  TPaymentFailureReason,
  ...TPaymentFailureReason[],
];

export const ZPaymentFailure = z.object({
  reason: z.enum(PAYMENT_FAILURE_REASON_NAMES),
  /** The catalogue entry: module, code and name (order / 4 / INSUFFICIENT_FUNDS), and its message. */
  module: z.string(),
  code: z.number().int(),
  name: z.string(),
  message: z.string(),
});
export type TPaymentFailure = z.infer<typeof ZPaymentFailure>;

/** The failure block of a reply for a stored reason. */
export function paymentFailureOf(reason: TPaymentFailureReason): TPaymentFailure {
  const key = PAYMENT_FAILURE_REASONS[reason];
  const [module, name] = key.split('.') as [string, string];
  const definition = errorDefinition(key);
  return { reason, module, code: definition.code, name, message: definition.message };
}

/**
 * ADR 038: the screen each status leads to (product §2.2). `payloading` keeps waiting; the thanks screen
 * is the special-offer confirmation when the order was the special offer (the orders work decides).
 */
export const PAYMENT_STATUS_SCREEN = {
  pending: 'payloading',
  paid: 'thanks',
  failed: 'failed',
  cancelled: 'ordercancelled',
  expired: 'timeout',
  refunded: 'ordercancelled',
} as const satisfies Record<TPaymentSessionStatus, keyof typeof PATHS>;

/** Statuses after which waiting longer changes nothing for the customer. */
export function isSettledPaymentStatus(status: TPaymentSessionStatus): boolean {
  return status !== 'pending';
}

/** A payment session id as the API hands it out (a UUID); anything else is simply not found. */
export const ZPaymentSessionId = z.string().min(1).max(64);

export const ZFetchPaymentSessionDataRequest = z.object({
  payment_session_id: ZPaymentSessionId,
  application_id: z.string().min(1).max(64),
});
export type TFetchPaymentSessionDataRequest = z.infer<typeof ZFetchPaymentSessionDataRequest>;

const ZPesos = z.number().nonnegative();
const ZCentavos = z.number().int().nonnegative();

export const ZPaymentSession = z.object({
  payment_session_id: z.string(),
  /** The order this payment is for (the orders work's reference). */
  order_ref: z.string(),
  /** 1 for the first attempt to pay the order, 2 for the next, … */
  attempt: z.number().int().positive(),
  status: z.enum(PAYMENT_SESSION_STATUSES),
  /** What was asked, in pesos (product §9: shown with thousands separators and 2 decimals)… */
  amount: ZPesos,
  /** …and exactly, in centavos. */
  amount_centavos: ZCentavos,
  currency: z.literal(CURRENCY),
  /** product §9 payment_method (1 GCash, 2 GrabPay, 3 Maya, 4 ShopeePay) and its product §3 name. */
  payment_method: ZPaymentMethodNumber,
  payment_method_id: z.enum(PAYMENT_METHOD_IDS),
  /** Why the session did not end paid; null while pending and once paid. */
  failure: ZPaymentFailure.nullable(),
  /** What has been given back (partial refunds keep the status paid). */
  refunded_amount: ZPesos,
  refunded_amount_centavos: ZCentavos,
  /** The wallet's page to go back to while the session is pending; null otherwise. */
  checkout_url: z.string().nullable(),
  /** ISO 8601: a pending session expires then. */
  expires_at: z.string(),
  /** ISO 8601: when the wallet took the money; null unless paid or refunded. */
  paid_at: z.string().nullable(),
  /** ISO 8601: the last status change. */
  updated_at: z.string(),
});
export type TPaymentSession = z.infer<typeof ZPaymentSession>;

export const ZFetchPaymentSessionDataResponse = envelopeWith({ payment_session: ZPaymentSession });
export type TFetchPaymentSessionDataResponse = z.infer<typeof ZFetchPaymentSessionDataResponse>;

/**
 * The call's one description (ADR 024). It names no target: the session id is the target, and a session
 * that is not the caller's account's answers the same 404 as one that does not exist.
 */
export const fetchPaymentSessionDataCall = defineCall({
  path: FETCH_PAYMENT_SESSION_DATA_PATH,
  auth: 'required',
  target: null,
  request: ZFetchPaymentSessionDataRequest,
  reply: ZFetchPaymentSessionDataResponse,
  errors: ['payment.PAYMENT_SESSION_NOT_FOUND'],
});
