import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
import { OFFER_CATEGORY_KINDS } from './get-offers';
import { parseSpeedMbps } from './offer-rules';

// ADR 091: marketing's console on /ops. Offers are written as drafts, published (sold from then on, in
// their window, where their categories or cities say) and retired (no longer sold; orders that hold one
// keep it). Vouchers are made, edited and retired, each listed with its uses. The referral rules are shown
// as the referral module keeps them (ADR 014): fixed in code, with the counts of codes and referrals.
// Every call is for the marketing role.

export const OPS_OFFERS_PATH = '/api/ops/offers';
export const OPS_CREATE_OFFER_PATH = '/api/ops/offers/create';
export const OPS_EDIT_OFFER_PATH = '/api/ops/offers/edit';
export const OPS_PUBLISH_OFFER_PATH = '/api/ops/offers/publish';
export const OPS_RETIRE_OFFER_PATH = '/api/ops/offers/retire';
export const OPS_VOUCHERS_PATH = '/api/ops/vouchers';
export const OPS_CREATE_VOUCHER_PATH = '/api/ops/vouchers/create';
export const OPS_EDIT_VOUCHER_PATH = '/api/ops/vouchers/edit';
export const OPS_RETIRE_VOUCHER_PATH = '/api/ops/vouchers/retire';
export const OPS_REFERRAL_RULES_PATH = '/api/ops/referral_rules';

/** A draft is not sold yet, a published offer is (within its window), a retired one no longer. */
export const OFFER_STATUSES = ['draft', 'published', 'retired'] as const;
export type TOfferStatus = (typeof OFFER_STATUSES)[number];

export const OFFER_TEXT_MAX_LENGTH = 255;
/** Inclusions or freebies of one offer. */
export const OFFER_LIST_MAX_ITEMS = 10;
/** ₱100,000.00: no plan costs more; a typo of a few zeros is caught. */
export const PRICE_MAX_CENTAVOS = 10_000_000;
export const SPEED_MAX_MBPS = 10_000;
export const VOUCHER_CODE_MIN_LENGTH = 3;
export const VOUCHER_CODE_MAX_LENGTH = 32;

const ZText = z.string().trim().max(OFFER_TEXT_MAX_LENGTH);
const ZRequiredText = ZText.min(1);
const ZCentavos = z.number().int().min(0).max(PRICE_MAX_CENTAVOS);
const ZMoment = z.iso.datetime({ offset: true });
/** An offer's id: the slug the customers' client keeps and orders with ("konek-prepaid-50"). */
export const ZOfferId = z
  .string()
  .min(3)
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters and digits, joined by dashes.');
/** A city's PSGC code (10 digits). */
const ZCityCode = z.string().regex(/^\d{10}$/, 'A city code has 10 digits.');

export const ZOpsOfferCategory = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(OFFER_CATEGORY_KINDS),
  /** The cities it is offered in; empty: every city. */
  city_codes: z.array(z.string()),
});
export type TOpsOfferCategory = z.infer<typeof ZOpsOfferCategory>;

/** What marketing writes of an offer (product §3 offer), checked the same on the page and the server. */
const offerFields = {
  /** The plan's name as the customer reads it. */
  name: ZRequiredText,
  /**
   * The speed the plan's texts state, "up to N Mbps" (product §9: the customers' cards read it from the
   * texts). Marketing types it once more, so a text that says another speed is caught.
   */
  speed_mbps: z.number().int().min(1).max(SPEED_MAX_MBPS),
  /** The text under the price; "Special Offer" in it makes a special offer (product §4.6). */
  less: ZText,
  inclusions: z.array(ZRequiredText).max(OFFER_LIST_MAX_ITEMS),
  freebies: z.array(ZRequiredText).max(OFFER_LIST_MAX_ITEMS),
  /** The price before discount. */
  actual_price_centavos: ZCentavos,
  /** What the customer pays: at most the price before discount. */
  final_price_centavos: ZCentavos,
  /** Higher first. */
  sort_priority: z.number().int().min(-1000).max(1000),
  /** Sold from (inclusive) / until (exclusive); null: no bound. */
  active_from: ZMoment.nullable(),
  active_until: ZMoment.nullable(),
  /** The categories that hold it (the default offer, the voucher plans, a city's special offers). */
  category_ids: z.array(z.string().min(1).max(64)).max(20),
  /** A city special's own cities: the offer is offered there only, as a special offer. */
  city_codes: z.array(ZCityCode).max(100),
};

type OfferFields = {
  name: string;
  speed_mbps: number;
  less: string;
  inclusions: string[];
  freebies: string[];
  final_price_centavos: number;
  actual_price_centavos: number;
  active_from: string | null;
  active_until: string | null;
};

/** The rules across fields, each naming the field to change. */
function checkOffer(offer: OfferFields, context: z.RefinementCtx): void {
  if (offer.final_price_centavos > offer.actual_price_centavos) {
    context.addIssue({
      code: 'custom',
      path: ['final_price_centavos'],
      message: 'The price to pay cannot be above the price before discount.',
    });
  }
  if (
    offer.active_from !== null &&
    offer.active_until !== null &&
    Date.parse(offer.active_from) >= Date.parse(offer.active_until)
  ) {
    context.addIssue({
      code: 'custom',
      path: ['active_until'],
      message: 'The end of the validity must come after its start.',
    });
  }
  if (offerSpeedMbps(offer) !== offer.speed_mbps) {
    context.addIssue({
      code: 'custom',
      path: ['speed_mbps'],
      message: `The plan's name, text or inclusions must say "up to ${offer.speed_mbps} Mbps".`,
    });
  }
}

/** The speed the customers' card reads from the offer's texts (product §9), as the card reads it. */
export function offerSpeedMbps(
  offer: Pick<OfferFields, 'name' | 'less' | 'inclusions' | 'freebies'>,
): number {
  return parseSpeedMbps([offer.less, offer.name, ...offer.inclusions, ...offer.freebies]);
}

export const ZOpsOfferInput = z.object(offerFields).superRefine(checkOffer);
export type TOpsOfferInput = z.infer<typeof ZOpsOfferInput>;

export const ZOpsCreateOfferRequest = z
  .object({ id: ZOfferId, ...offerFields })
  .superRefine(checkOffer);
export const ZOpsEditOfferRequest = ZOpsCreateOfferRequest;

export const ZOpsOffer = z.object({
  id: z.string(),
  status: z.enum(OFFER_STATUSES),
  ...offerFields,
  name: z.string(),
  less: z.string(),
  inclusions: z.array(z.string()),
  freebies: z.array(z.string()),
  category_ids: z.array(z.string()),
  city_codes: z.array(z.string()),
  speed_mbps: z.number().int(),
});
export type TOpsOffer = z.infer<typeof ZOpsOffer>;

const offerReply = envelopeWith({ offer: ZOpsOffer });
const ROLE = 'ops.ROLE_NOT_ALLOWED' as const;

/** Every offer (drafts and retired ones too), and the categories an offer can be put in. */
export const opsOffersCall = defineCall({
  path: OPS_OFFERS_PATH,
  auth: 'required',
  target: null,
  request: z.object({}).nullish(),
  reply: envelopeWith({
    offers: z.array(ZOpsOffer),
    categories: z.array(ZOpsOfferCategory),
  }),
  errors: [ROLE],
});

/** A new offer, as a draft: customers see it once it is published. */
export const opsCreateOfferCall = defineCall({
  path: OPS_CREATE_OFFER_PATH,
  auth: 'required',
  target: null,
  request: ZOpsCreateOfferRequest,
  reply: offerReply,
  errors: [ROLE, 'ops.OFFER_ID_TAKEN'],
});

/** Changes a draft or a published offer (a published one changes for customers at once). */
export const opsEditOfferCall = defineCall({
  path: OPS_EDIT_OFFER_PATH,
  auth: 'required',
  target: null,
  request: ZOpsEditOfferRequest,
  reply: offerReply,
  errors: [ROLE, 'ops.OFFER_NOT_FOUND', 'ops.OFFER_RETIRED'],
});

/** A draft goes on sale. */
export const opsPublishOfferCall = defineCall({
  path: OPS_PUBLISH_OFFER_PATH,
  auth: 'required',
  target: null,
  request: z.object({ id: ZOfferId }),
  reply: offerReply,
  errors: [ROLE, 'ops.OFFER_NOT_FOUND', 'ops.OFFER_RETIRED', 'ops.OFFER_ALREADY_PUBLISHED'],
});

/** A draft or published offer is no longer sold; orders that hold it keep it. */
export const opsRetireOfferCall = defineCall({
  path: OPS_RETIRE_OFFER_PATH,
  auth: 'required',
  target: null,
  request: z.object({ id: ZOfferId }),
  reply: offerReply,
  errors: [ROLE, 'ops.OFFER_NOT_FOUND', 'ops.OFFER_RETIRED'],
});

// ---------------------------------------------------------------------------------------------------
// Vouchers (ADR 013)

export const VOUCHER_DISCOUNT_KINDS = ['amount', 'percent'] as const;

/** Letters and digits; the server keeps it upper case (customers' codes are matched that way). */
export const ZVoucherCode = z
  .string()
  .trim()
  .min(VOUCHER_CODE_MIN_LENGTH)
  .max(VOUCHER_CODE_MAX_LENGTH)
  .regex(/^[A-Za-z0-9]+$/, 'Use letters and digits only.');

const voucherFields = {
  /** What the price summary names it ("₱800 off your first 30 days"). */
  voucher_name: ZRequiredText,
  discount_kind: z.enum(VOUCHER_DISCOUNT_KINDS),
  /** The amount off, for an amount voucher. */
  discount_centavos: z.number().int().min(1).max(PRICE_MAX_CENTAVOS).nullable(),
  /** The percentage off (1–100), for a percent voucher. */
  discount_percent: z.number().int().min(1).max(100).nullable(),
  /** A percent voucher's cap; null: none. */
  max_discount_centavos: z.number().int().min(1).max(PRICE_MAX_CENTAVOS).nullable(),
  freebie: ZText.nullable(),
  freebie_3pp: ZText.nullable(),
  /** Usable from (inclusive) until (exclusive). */
  valid_from: ZMoment,
  valid_until: ZMoment,
  /** The plans it applies to; empty: every plan. */
  offer_ids: z.array(ZOfferId).max(50),
  /** Uses in all; null: no limit. */
  max_uses: z.number().int().min(1).max(10_000_000).nullable(),
  /** Uses per account: 1 is once per account. */
  per_account_limit: z.number().int().min(1).max(100),
};

type VoucherFields = {
  discount_kind: (typeof VOUCHER_DISCOUNT_KINDS)[number];
  discount_centavos: number | null;
  discount_percent: number | null;
  max_discount_centavos: number | null;
  valid_from: string;
  valid_until: string;
};

function checkVoucher(voucher: VoucherFields, context: z.RefinementCtx): void {
  const issue = (field: string, message: string) =>
    context.addIssue({ code: 'custom', path: [field], message });
  if (voucher.discount_kind === 'amount') {
    if (voucher.discount_centavos === null) issue('discount_centavos', 'Say the amount off.');
    if (voucher.discount_percent !== null) {
      issue('discount_percent', 'An amount voucher has no percentage: leave it empty.');
    }
    if (voucher.max_discount_centavos !== null) {
      issue('max_discount_centavos', 'Only a percent voucher has a cap: leave it empty.');
    }
  } else {
    if (voucher.discount_percent === null) issue('discount_percent', 'Say the percentage off.');
    if (voucher.discount_centavos !== null) {
      issue('discount_centavos', 'A percent voucher has no amount: leave it empty.');
    }
  }
  if (Date.parse(voucher.valid_from) >= Date.parse(voucher.valid_until)) {
    issue('valid_until', 'The end of the validity must come after its start.');
  }
}

export const ZOpsVoucherRequest = z
  .object({ code: ZVoucherCode, ...voucherFields })
  .superRefine(checkVoucher);
export type TOpsVoucherRequest = z.infer<typeof ZOpsVoucherRequest>;

export const ZOpsVoucher = z.object({
  code: z.string(),
  ...voucherFields,
  voucher_name: z.string(),
  freebie: z.string().nullable(),
  freebie_3pp: z.string().nullable(),
  offer_ids: z.array(z.string()),
  /** When marketing retired it; null: in use. */
  retired_at: ZMoment.nullable(),
  /** Its uses: held by unpaid orders, and spent by paid ones (ADR 077). */
  uses: z.object({
    reserved: z.number().int().nonnegative(),
    spent: z.number().int().nonnegative(),
  }),
});
export type TOpsVoucher = z.infer<typeof ZOpsVoucher>;

const voucherReply = envelopeWith({ voucher: ZOpsVoucher });

export const opsVouchersCall = defineCall({
  path: OPS_VOUCHERS_PATH,
  auth: 'required',
  target: null,
  request: z.object({}).nullish(),
  reply: envelopeWith({ vouchers: z.array(ZOpsVoucher) }),
  errors: [ROLE],
});

/** A new voucher, usable from its validity's start; a code that exists is refused. */
export const opsCreateVoucherCall = defineCall({
  path: OPS_CREATE_VOUCHER_PATH,
  auth: 'required',
  target: null,
  request: ZOpsVoucherRequest,
  reply: voucherReply,
  errors: [ROLE, 'ops.VOUCHER_CODE_TAKEN'],
});

/** Changes a voucher (its code stays); uses already made stay made. */
export const opsEditVoucherCall = defineCall({
  path: OPS_EDIT_VOUCHER_PATH,
  auth: 'required',
  target: null,
  request: ZOpsVoucherRequest,
  reply: voucherReply,
  errors: [ROLE, 'ops.VOUCHER_NOT_FOUND', 'ops.VOUCHER_RETIRED'],
});

/** The code is refused from now on; orders that hold it keep their discount. */
export const opsRetireVoucherCall = defineCall({
  path: OPS_RETIRE_VOUCHER_PATH,
  auth: 'required',
  target: null,
  request: z.object({ code: ZVoucherCode }),
  reply: voucherReply,
  errors: [ROLE, 'ops.VOUCHER_NOT_FOUND', 'ops.VOUCHER_RETIRED'],
});

// ---------------------------------------------------------------------------------------------------
// Referral (ADR 014)

export const ZOpsReferralRules = z.object({
  /** Codes customers have (one per account, made on its first request). */
  codes_issued: z.number().int().nonnegative(),
  /** Accounts referred by a paid order, and held by an unpaid one. */
  referrals_spent: z.number().int().nonnegative(),
  referrals_reserved: z.number().int().nonnegative(),
});
export type TOpsReferralRules = z.infer<typeof ZOpsReferralRules>;

/** The referral rules (fixed in code: ADR 014) with their counts. Nothing of them is configurable. */
export const opsReferralRulesCall = defineCall({
  path: OPS_REFERRAL_RULES_PATH,
  auth: 'required',
  target: null,
  request: z.object({}).nullish(),
  reply: envelopeWith({ referral: ZOpsReferralRules }),
  errors: [ROLE],
});
