import { getOffersCall, type TCatalogOffer, type TOffers } from '@konek/contract/get-offers';
import { call, mapReply, type CallBody, type CallResult } from '../../../lib/call';

// product §7.1 "get offers" (three forms), §3 offers held as offer_by_id and category_by_id.

/** The reply's offers in the server's display order (special offers first, product §4.6). */
export function orderedOffers(offers: TOffers): TCatalogOffer[] {
  return offers.offer_ids.flatMap((id) => {
    const offer = offers.offer_by_id[id];
    return offer ? [offer] : [];
  });
}

export async function fetchOffers(
  request: CallBody<typeof getOffersCall>,
  options: { signedIn?: boolean; signal?: AbortSignal } = {},
): Promise<CallResult<TCatalogOffer[]>> {
  const result = await call(getOffersCall, request, options);
  return mapReply(result, (reply) => orderedOffers(reply.offers));
}

/**
 * The ids of the offers the signed-in account already bought. The server applies product §4.6's order
 * states (isOfferPurchased) to the account's orders, which the browser does not hold.
 */
export async function fetchPurchasedOfferIds(
  accountId: string,
  signal?: AbortSignal,
): Promise<Set<string>> {
  const result = await fetchOffers({ target_id: accountId }, { signedIn: true, signal });
  // A failure reads as nothing bought: the server refuses a second order of a bought plan anyway.
  if (!result.ok) return new Set();
  return new Set(result.reply.filter((offer) => offer.purchased).map((offer) => offer.id));
}
