import * as z from 'zod';
import { defineCall } from './call';
import { CURRENCY, DEFAULT_PAYMENT_METHOD, TARGET_TYPE_ACCOUNT } from './constants';
import { envelopeWith } from './envelope';
import { PAYMENT_SESSION_STATUSES, ZPaymentFailure } from './fetch-payment-session-data';
import { ZOfferId } from './get-offers';
import { ZTypedCode } from './offer-codes';
import { NOT_PURCHASED_ORDER_STATES } from './offer-rules';
import { ZPaymentMethodNumber } from './payment-methods';
import { ENTITY_IDS_MAX, ZOfferEntity, ZTotalPrice, ZVoucherCodes } from './preview-pricing';
import type { PATHS } from './routes';
import { ZTimeSlot } from './slot-period';
import { accountTargetFields } from './targets';

// product §7.1 create order / cancel order / get order entities, §3 Order (entities.product keyed by
// product id, state, properties.work_order_status) and Payment, §4.6 (the states that do not count as
// purchased), §8 order codes 4, 5, 63. ADR 039: the server prices the order itself (preview_pricing's
// rules, integer centavos) and ignores any amount a client sends; the same account and external order
// make one order however often create_order is sent; the payment runs through the payments module
// (ADR 038) and its outcome moves the order.

export const CREATE_ORDER_PATH = '/api/v3/orderoe/create_order';
export const CANCEL_ORDER_PATH = '/api/v3/orderoe/cancel_order';
export const GET_ORDER_ENTITIES_PATH = '/api/v3/orderoe/get_order_entities';

/**
 * The order states (ADR 039). product §4.6 names the numbers that do NOT count as purchased — 3, 101,
 * 102, 103, 200, 500 and 600 — and nothing else; what each means here is ours. Every change of state is
 * recorded with its time (`changes`).
 */
export const ORDER_STATES = {
  /** Paid; the installation place is confirmed and a work order is open. Counts as purchased. */
  paid: 1,
  /**
   * Paid, but the installation place was lost (the hold ran out before the payment arrived and the slot
   * was full by then): the money is kept and the customer picks a new time on the schedule page.
   * Counts as purchased.
   */
  needs_new_time: 2,
  /** Cancelled by the customer before paying; the place and the network port were released. */
  cancelled: 3,
  /** Created; waiting for the payment at the wallet. */
  awaiting_payment: 101,
  /** The wallet refused the payment (declined, insufficient funds); create_order again starts attempt 2… */
  payment_failed: 102,
  /** The customer left the wallet's page or the checkout expired; create_order again tries anew. */
  payment_abandoned: 103,
  /** Cancelled after payment: refunded in full through the gateway, place and port released. */
  refunded: 200,
  /** Never paid and replaced by a newer order of the account (another external order). */
  superseded: 500,
  /**
   * Never paid, and its network reservation ended (its hold ran out, or the address moved): it can no
   * longer be paid; after the details are submitted again, create_order for the new reservation makes a
   * new order.
   */
  closed: 600,
} as const;
export type TOrderStateName = keyof typeof ORDER_STATES;
export type TOrderState = (typeof ORDER_STATES)[TOrderStateName];
export const ORDER_STATE_NAMES = Object.keys(ORDER_STATES) as [
  TOrderStateName,
  ...TOrderStateName[],
];

export { NOT_PURCHASED_ORDER_STATES };

/** product §4.6: an order in this state counts as purchased (its offer, and the account, have an order). */
export function isPurchasedOrderState(state: number): boolean {
  return !NOT_PURCHASED_ORDER_STATES.includes(state);
}

/** The unpaid states in which create_order (same external order) starts a new payment attempt. */
export const PAYABLE_ORDER_STATES: readonly number[] = [
  ORDER_STATES.awaiting_payment,
  ORDER_STATES.payment_failed,
  ORDER_STATES.payment_abandoned,
];

export function orderStateName(state: number): TOrderStateName | undefined {
  return ORDER_STATE_NAMES.find((name) => ORDER_STATES[name] === state);
}

/**
 * product §4.5: the work order a paid order opens starts as "Open" (shown "Order Confirmed"); the
 * tracking work moves it on.
 */
export const INITIAL_WORK_ORDER_STATUS = 'Open';

/**
 * The screen (product §2.2) an order in each state leads to after the wallet: thanks (or the
 * special-offer confirmation when the order is the special offer), schedule when a new time is needed,
 * failed, ordercancelled, timeout.
 */
export const ORDER_STATE_SCREEN = {
  paid: 'thanks',
  needs_new_time: 'schedule',
  cancelled: 'ordercancelled',
  awaiting_payment: 'payloading',
  payment_failed: 'failed',
  payment_abandoned: 'ordercancelled',
  refunded: 'ordercancelled',
  superseded: 'ordercancelled',
  closed: 'ordercancelled',
} as const satisfies Record<TOrderStateName, keyof typeof PATHS>;

/**
 * product §3 "campaign names for store or BDE commission": a campaign named `store_<code>` credits the
 * retail store `<code>`, `bde_<code>` the business-development executive `<code>` (the convention of the
 * web app's lib/utm.ts). The server derives the order's sales-agent code with this; a salesman id sent
 * with the order wins over the campaign.
 */
const AGENT_CAMPAIGN = /^(store|bde)_(.+)$/i;
export type TSalesAgent = { kind: 'store' | 'bde' | 'salesman'; code: string };

export function salesAgentOf(
  campaign: string | undefined | null,
  salesmanId: string | undefined | null,
): TSalesAgent | null {
  const salesman = salesmanId?.trim();
  if (salesman) return { kind: 'salesman', code: salesman };
  const match = campaign?.trim().match(AGENT_CAMPAIGN);
  const code = match?.[2]?.trim();
  if (!match || !code) return null;
  return { kind: match[1]!.toLowerCase() as 'store' | 'bde', code };
}

const ZExternalId = z.string().trim().min(1).max(64);
const ZCampaignText = z.string().trim().min(1).max(255);
export const ZOrderId = z.string().min(1).max(64);
/** get_order_entities returns at most this many orders per call. */
export const ORDER_IDS_MAX = 20;

/**
 * product §7.1 create order. Konek extends it only with what attribution needs (utm_campaign and the
 * salesman id, both optional). Any amount a client adds is dropped: the order is priced by the server.
 */
export const ZCreateOrderRequest = z.object({
  ...accountTargetFields,
  unified_fiber_creation: z.literal(true),
  /** The network reservation's ids (reserve resource); they must be the caller's account's. */
  external_order_id: ZExternalId,
  external_order_action_id: ZExternalId,
  /** The held installation appointment (reserve appointment); it must be the caller's account's. */
  appointment_id: z.string().trim().min(1).max(64),
  entity_ids: z
    .array(ZOfferEntity)
    .min(1)
    .max(ENTITY_IDS_MAX)
    .refine((entities) => new Set(entities.map((entity) => entity.id)).size === entities.length, {
      message: 'each offer can be listed once',
    }),
  /** product §9: 1 (GCash) unless the customer chose another; the remote setting must offer it. */
  payment_method: ZPaymentMethodNumber.default(DEFAULT_PAYMENT_METHOD),
  referral_code: ZTypedCode.optional(),
  utm_source: ZCampaignText.optional(),
  utm_medium: ZCampaignText.optional(),
  utm_campaign: ZCampaignText.optional(),
  salesman_id: ZCampaignText.optional(),
  voucher_codes: ZVoucherCodes,
});
/** What a client sends (payment_method and voucher_codes may be left out). */
export type TCreateOrderRequest = z.input<typeof ZCreateOrderRequest>;

const ZPesos = z.number().nonnegative();
const ZCentavos = z.number().int().nonnegative();

/** product §3 Order: entities.product, keyed by the product (offer) id. */
export const ZOrderProduct = z.object({
  id: ZOfferId,
  type: z.literal('offer'),
  quantity: z.literal(1),
  /** The offer's name when ordered. */
  name: z.string(),
  /** Its final price before vouchers, when ordered. */
  price: ZPesos,
  price_centavos: ZCentavos,
  /** Whether it was a special offer (product §4.6: "less" includes "Special Offer"). */
  special_offer: z.boolean(),
});
export type TOrderProduct = z.infer<typeof ZOrderProduct>;

export const ZOrderChange = z.object({
  state: z.number().int(),
  state_name: z.enum(ORDER_STATE_NAMES),
  /** ISO 8601. */
  at: z.string(),
});

/** The latest payment attempt of the order, as fetch_payment_session_data tells it. */
export const ZOrderPayment = z.object({
  payment_session_id: z.string(),
  attempt: z.number().int().positive(),
  status: z.enum(PAYMENT_SESSION_STATUSES),
  failure: ZPaymentFailure.nullable(),
  /** The wallet's page while the session can still be paid; null otherwise. */
  checkout_url: z.string().nullable(),
});
export type TOrderPayment = z.infer<typeof ZOrderPayment>;

export const ZOrder = z.object({
  order_id: z.string(),
  /** What the customer reads and quotes (SMS, thanks screen), e.g. "KNK-2611-000123". */
  order_number: z.string(),
  /** product §3: the state number (ORDER_STATES) and its name. */
  state: z.number().int(),
  state_name: z.enum(ORDER_STATE_NAMES),
  /** product §4.6: whether the order counts as purchased. */
  purchased: z.boolean(),
  entities: z.object({ product: z.record(z.string(), ZOrderProduct) }),
  /** product §3: properties.work_order_status (null until a work order exists). */
  properties: z.object({ work_order_status: z.string().nullable() }),
  external_order_id: z.string(),
  external_order_action_id: z.string(),
  appointment_id: z.string(),
  /** The booked installation time; null when none is held any more (state needs_new_time). */
  installation: ZTimeSlot.nullable(),
  /**
   * ADR 092: why the paid order needs a new time when a dispatcher blocked its booked period (a
   * typhoon, road works); null (or absent) otherwise.
   */
  new_time_reason: z.string().nullable().optional(),
  /** What the server priced: the breakdown (vouchers, referral) and the total to pay. */
  total_price: ZTotalPrice,
  amount: ZPesos,
  amount_centavos: ZCentavos,
  currency: z.literal(CURRENCY),
  payment_method: ZPaymentMethodNumber,
  payment: ZOrderPayment.nullable(),
  /** Whether the thanks screen is the special-offer confirmation. */
  special_offer: z.boolean(),
  /** ISO 8601. */
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Every state the order has been in, oldest first, with its time. */
  changes: z.array(ZOrderChange),
});
export type TOrder = z.infer<typeof ZOrder>;

/**
 * The order, and where the browser goes next: the wallet's checkout (checkout_url) while it can be paid,
 * or null when there is nothing to pay (already paid, or a replay of a paid order) — then `order.state`
 * says which screen (ORDER_STATE_SCREEN).
 */
export const ZCreateOrderResponse = envelopeWith({
  order: ZOrder,
  payment_session_id: z.string().nullable(),
  checkout_url: z.string().nullable(),
});
export type TCreateOrderResponse = z.infer<typeof ZCreateOrderResponse>;

export const ZCancelOrderRequest = z.object({ ...accountTargetFields, order_id: ZOrderId });
export type TCancelOrderRequest = z.infer<typeof ZCancelOrderRequest>;
export const ZCancelOrderResponse = envelopeWith({ order: ZOrder });
export type TCancelOrderResponse = z.infer<typeof ZCancelOrderResponse>;

export const ZGetOrderEntitiesRequest = z.object({
  ...accountTargetFields,
  order_ids: z.array(ZOrderId).max(ORDER_IDS_MAX).optional(),
});
export type TGetOrderEntitiesRequest = z.infer<typeof ZGetOrderEntitiesRequest>;
/** The account's orders, newest first (only those asked for when order_ids is given). */
export const ZGetOrderEntitiesResponse = envelopeWith({ orders: z.array(ZOrder) });
export type TGetOrderEntitiesResponse = z.infer<typeof ZGetOrderEntitiesResponse>;

/** The call's one description (ADR 024). */
export const createOrderCall = defineCall({
  path: CREATE_ORDER_PATH,
  auth: 'required',
  target: TARGET_TYPE_ACCOUNT,
  request: ZCreateOrderRequest,
  reply: ZCreateOrderResponse,
  errors: [
    'order.ACCOUNT_ALREADY_HAVE_ORDER',
    'order.PURCHASE_LIMIT_REACHED',
    'order.ORDER_DETAILS_MISMATCH',
    'catalog.OFFER_NOT_FOUND',
    'vouchers.VOUCHER_NOT_FOUND',
    'vouchers.VOUCHER_EXPIRED',
    'vouchers.VOUCHER_NOT_YET_VALID',
    'vouchers.VOUCHER_USED_UP',
    'vouchers.VOUCHER_ALREADY_USED',
    'vouchers.VOUCHER_NOT_APPLICABLE',
    'referral.INVALID_REFERRAL_CODE',
    'referral.SELF_REFERRAL',
    'referral.ALREADY_REFERRED',
    'appointments.NO_RESOURCE',
    'appointments.APPOINTMENT_NOT_FOUND',
    'appointments.RESERVATION_EXPIRED',
    'payment.PAYMENT_METHOD_NOT_OFFERED',
    'payment.AMOUNT_NOT_PAYABLE',
    'payment.PROVIDER_UNAVAILABLE',
  ],
});

export const cancelOrderCall = defineCall({
  path: CANCEL_ORDER_PATH,
  auth: 'required',
  target: TARGET_TYPE_ACCOUNT,
  request: ZCancelOrderRequest,
  reply: ZCancelOrderResponse,
  errors: [
    'order.ORDER_NOT_FOUND',
    'order.ORDER_NOT_CANCELLABLE',
    'payment.PROVIDER_UNAVAILABLE',
    'payment.REFUND_REFUSED',
  ],
});

export const getOrderEntitiesCall = defineCall({
  path: GET_ORDER_ENTITIES_PATH,
  auth: 'required',
  target: TARGET_TYPE_ACCOUNT,
  request: ZGetOrderEntitiesRequest,
  reply: ZGetOrderEntitiesResponse,
});
