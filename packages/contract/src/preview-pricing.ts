import * as z from 'zod';
import { defineCall } from './call';
import { TARGET_TYPE_ACCOUNT } from './constants';
import { envelopeWith } from './envelope';
import { ZOfferId, ZOperatorName } from './get-offers';
import { normaliseCode, ZTypedCode } from './offer-codes';
import { accountTargetFields } from './targets';

// product §7.1 "preview pricing" and §3 "Pricing preview result". ADR 013: the server computes in integer
// centavos; each amount is sent twice, in pesos (the spec's field, a number with at most 2 decimals)
// and in centavos (`*_centavos`, exact). Screens format pesos with money.ts (product §9).

export const PREVIEW_PRICING_PATH = '/api/v3/orderoe/preview_pricing';

export const VOUCHER_CODES_MAX = 5;
export const ENTITY_IDS_MAX = 5;

/**
 * product §7.1 voucher_codes, as preview pricing and create order both read them: each code in its
 * canonical form (normaliseCode), once — "KONEK800" and "konek 800" are one voucher, counted once — in
 * the order first given. A code that is only spaces or hyphens is refused.
 */
export const ZVoucherCodes = z
  .array(
    ZTypedCode.refine((code) => normaliseCode(code) !== '', {
      message: 'a voucher code needs letters or digits',
    }),
  )
  .max(VOUCHER_CODES_MAX)
  .default([])
  .transform((codes) => [...new Set(codes.map(normaliseCode))]);

/** product §7.1 entity_ids[{id, type "offer", quantity 1}]. */
export const ZOfferEntity = z.object({
  id: ZOfferId,
  type: z.literal('offer'),
  quantity: z.literal(1),
});

export const ZPreviewPricingRequest = z.object({
  voucher_codes: ZVoucherCodes,
  ...accountTargetFields,
  operator_name: ZOperatorName,
  entity_ids: z
    .array(ZOfferEntity)
    .min(1)
    .max(ENTITY_IDS_MAX)
    .refine((entities) => new Set(entities.map((entity) => entity.id)).size === entities.length, {
      message: 'each offer can be listed once',
    }),
});
/** What a client sends (voucher_codes may be left out). */
export type TPreviewPricingRequest = z.input<typeof ZPreviewPricingRequest>;

const ZPesos = z.number().nonnegative();
const ZCentavos = z.number().int().nonnegative();

export const ZVoucherMiscParams = z.object({
  /** The voucher's discount as configured: pesos ("800", "50.5") or a percentage ("10%"). */
  LESS: z.string(),
  /** A freebie from the operator (e.g. extra free days); null when none. */
  Freebie: z.string().nullable(),
  /** A third-party freebie (e.g. a streaming pass); null when none. */
  Freebie_3pp: z.string().nullable(),
});
export type TVoucherMiscParams = z.infer<typeof ZVoucherMiscParams>;

export const ZPriceDiscount = z.object({
  amount: ZPesos,
  amount_centavos: ZCentavos,
  /** The voucher code as stored (upper case). */
  voucher_code: z.string(),
  discount_info: z.object({ voucher_name: z.string(), voucher_misc_params: ZVoucherMiscParams }),
});
export type TPriceDiscount = z.infer<typeof ZPriceDiscount>;

export const ZTotalPrice = z.object({
  currency: z.literal('PHP'),
  /** What the customer pays: the offers' final prices less every voucher discount, never below 0. */
  sub_total: ZPesos,
  sub_total_centavos: ZCentavos,
  /** The offers' prices before any discount (actual_offer_price): the struck-through price. */
  original_amount: ZPesos,
  original_amount_centavos: ZCentavos,
  /** One entry per voucher, in the order the codes were sent. */
  discount: z.array(ZPriceDiscount),
});
export type TTotalPrice = z.infer<typeof ZTotalPrice>;

export const ZPreviewPricingResponse = envelopeWith({ total_price: ZTotalPrice });
export type TPreviewPricingResponse = z.infer<typeof ZPreviewPricingResponse>;

/** The call's one description (ADR 024). */
export const previewPricingCall = defineCall({
  path: PREVIEW_PRICING_PATH,
  auth: 'required',
  target: TARGET_TYPE_ACCOUNT,
  request: ZPreviewPricingRequest,
  reply: ZPreviewPricingResponse,
  errors: [
    'catalog.OFFER_NOT_FOUND',
    'vouchers.VOUCHER_NOT_FOUND',
    'vouchers.VOUCHER_EXPIRED',
    'vouchers.VOUCHER_NOT_YET_VALID',
    'vouchers.VOUCHER_USED_UP',
    'vouchers.VOUCHER_ALREADY_USED',
    'vouchers.VOUCHER_NOT_APPLICABLE',
  ],
});
