import * as z from 'zod';
import { defineCall } from './call';
import { TARGET_TYPE_ACCOUNT } from './constants';
import { envelopeWith } from './envelope';
import { ZAddressEntry } from './get-addresses';
import { ZOffer } from './offer-rules';
import { ZTargetId } from './targets';

// product §7.1 "get offers" in its three forms, §3 "Offer" (held as offer_by_id and category_by_id), §1 the
// three kinds of offers. ADR 012: addressbook_id is the city's address_code from the address lists;
// prices are integer centavos as in ZOffer.

export const GET_OFFERS_PATH = '/api/v3/catalog/get_offers';

export const OFFER_IDS_MAX = 50;

export const ZOfferId = z.string().min(1).max(64);
export const ZOperatorName = z.string().min(1).max(64);

/** Anonymous: the offers with these ids (the default offer, an offer kept in the journey). */
export const ZGetOffersByIdsRequest = z.object({
  ids: z.array(ZOfferId).min(1).max(OFFER_IDS_MAX),
  operator_name: ZOperatorName,
});

/** Anonymous: the offers of a city (product §4.2: choosing a city loads its offers). */
export const ZGetOffersByAddressRequest = z.object({
  /** The city's 10-digit address_code from get_addresses (PSGC). */
  addressbook_id: z.string().regex(/^\d{10}$/, 'must be the 10-digit address_code of a city'),
  operator_name: ZOperatorName,
});

/** Signed in: the offers of the account's city, with the ones it already bought marked. */
export const ZGetOffersForAccountRequest = z.object({
  target_id: ZTargetId,
  target_type: z.literal(TARGET_TYPE_ACCOUNT),
  operator_name: ZOperatorName.optional(),
});

export const ZGetOffersRequest = z.union(
  [ZGetOffersForAccountRequest, ZGetOffersByIdsRequest, ZGetOffersByAddressRequest],
  {
    error:
      'send ids or addressbook_id with operator_name, or target_id with target_type 2 (signed in)',
  },
);
export type TGetOffersRequest = z.infer<typeof ZGetOffersRequest>;

/** product §3 offer, plus whether the signed-in account already bought it (product §4.6). */
export const ZCatalogOffer = ZOffer.extend({ purchased: z.boolean() });
export type TCatalogOffer = z.infer<typeof ZCatalogOffer>;

/** product §1: the default offer, city-specific special offers, voucher-code offers. */
export const OFFER_CATEGORY_KINDS = ['default', 'special', 'voucher'] as const;
export type TOfferCategoryKind = (typeof OFFER_CATEGORY_KINDS)[number];

export const ZOfferCategory = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(OFFER_CATEGORY_KINDS),
  /** PSGC codes of the cities a special-offer category is for; empty: every served city. */
  city_codes: z.array(z.string()),
  /** The reply's offers in this category, in display order. */
  offer_ids: z.array(z.string()),
});
export type TOfferCategory = z.infer<typeof ZOfferCategory>;

export const ZOffers = z.object({
  offer_by_id: z.record(z.string(), ZCatalogOffer),
  category_by_id: z.record(z.string(), ZOfferCategory),
  /** Display order: special offers first, highest sort_priority first (product §4.6), then the others. */
  offer_ids: z.array(z.string()),
});
export type TOffers = z.infer<typeof ZOffers>;

export const ZGetOffersResponse = envelopeWith({
  offers: ZOffers,
  /** The city the offers are for; null for the ids form and for an account with no known city. */
  city: ZAddressEntry.nullable(),
});
export type TGetOffersResponse = z.infer<typeof ZGetOffersResponse>;

/** The call's one description (ADR 024). */
export const getOffersCall = defineCall({
  path: GET_OFFERS_PATH,
  auth: 'optional',
  target: TARGET_TYPE_ACCOUNT,
  request: ZGetOffersRequest,
  reply: ZGetOffersResponse,
  // An addressbook_id that is no city of the address lists.
  errors: ['catalog.ADDRESS_NOT_FOUND'],
});
