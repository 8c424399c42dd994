import {
  isOfferPurchased,
  isSpecialOffer,
  sortSpecialOffers,
  type TOrderProducts,
} from '@konek/contract/offer-rules';
import type { TCatalogOffer, TOfferCategory, TOffers } from '@konek/contract/get-offers';
import type { CategoryRow, OfferRow } from './offer-store';
import { windowPosition } from './offer-window';

/**
 * An offer is on sale once published (ADR 091) and within its active window (ADR 012); a draft, a retired
 * offer and one outside its window are listed by no form of get_offers and priced by no order.
 */
export function isOnSale(offer: OfferRow, now: Date): boolean {
  return (
    offer.status === 'published' &&
    windowPosition({ from: offer.activeFrom, until: offer.activeUntil }, now) === 'within'
  );
}

function toCatalogOffer(row: OfferRow, orders: readonly TOrderProducts[]): TCatalogOffer {
  return {
    id: row.id,
    data: {
      name: row.name,
      less: row.less,
      inclusions: row.inclusions,
      freebies: row.freebies,
      actual_offer_price: row.actualPriceCentavos,
      sort_priority: row.sortPriority,
      categories: row.categoryIds,
    },
    amount_breakdown: { final: row.finalPriceCentavos },
    // product §4.6: bought when an order holding it is in a state that counts.
    purchased: isOfferPurchased(row.id, orders),
  };
}

/**
 * product §3: offers as the client holds them, offer_by_id and category_by_id, with the display order.
 * product §4.6: special offers first, by sort_priority, highest first; the other offers follow in the
 * same priority order (the spec gives them none; one order rule keeps the list predictable).
 */
export function buildOffers(
  rows: readonly OfferRow[],
  categories: readonly CategoryRow[],
  orders: readonly TOrderProducts[],
): TOffers {
  const catalogOffers = rows.map((row) => toCatalogOffer(row, orders));
  const specials = sortSpecialOffers(catalogOffers.filter((offer) => isSpecialOffer(offer)));
  const others = sortSpecialOffers(catalogOffers.filter((offer) => !isSpecialOffer(offer)));
  const ordered = [...specials, ...others];
  const offerIds = ordered.map((offer) => offer.id);

  const categoryById: Record<string, TOfferCategory> = {};
  for (const category of categories) {
    const held = offerIds.filter((id) =>
      rows.some((row) => row.id === id && row.categoryIds.includes(category.id)),
    );
    if (held.length === 0) continue;
    categoryById[category.id] = {
      id: category.id,
      name: category.name,
      kind: category.kind,
      city_codes: category.cityCodes,
      offer_ids: held,
    };
  }
  return {
    offer_by_id: Object.fromEntries(ordered.map((offer) => [offer.id, offer])),
    category_by_id: categoryById,
    offer_ids: offerIds,
  };
}
