import { isSpecialOffer, sortSpecialOffers } from '@konek/contract/offer-rules';
import type { TCatalogOffer } from '@konek/contract/get-offers';

/** product §4.6: the city's special offers sorted by sort_priority, highest first; the first is shown. */
export function topSpecialOffer(offers: readonly TCatalogOffer[]): TCatalogOffer | null {
  return sortSpecialOffers(offers.filter(isSpecialOffer))[0] ?? null;
}
