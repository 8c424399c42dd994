import { centavosToPesos } from '@konek/contract/money';
import {
  isSpecialOffer,
  parseFreeDays,
  parseSpeedMbps,
  specialOfferPrices,
  type TOffer,
} from '@konek/contract/offer-rules';

/** What an offer card shows, read from the server's offer (product §3, §9). Prices stay the server's. */
export type OfferView = {
  id: string;
  name: string;
  speedMbps: number;
  freeDays: number;
  /** The marketing text under the price (product §3 "less"). */
  less: string | null;
  inclusions: readonly string[];
  freebies: readonly string[];
  isSpecial: boolean;
  /** The price to pay, in pesos; null when the server sent none for a plain offer. */
  finalPesos: number | null;
  /** The struck-through price, shown only when it is above the final price. */
  originalPesos: number | null;
};

export function offerView(offer: TOffer): OfferView {
  const { name, less, inclusions = [], freebies = [] } = offer.data;
  // product §9: speed and free days come from the offer's texts; "less" carries both in the seed.
  const texts = [less ?? '', name, ...inclusions, ...freebies];
  const isSpecial = isSpecialOffer(offer);
  let finalPesos: number | null;
  let originalPesos: number | null;
  if (isSpecial) {
    // product §9: a special offer lacking a price falls back to 1499 / 699.
    const prices = specialOfferPrices(offer);
    finalPesos = prices.finalPesos;
    originalPesos = prices.originalPesos;
  } else {
    const final = offer.amount_breakdown?.final;
    const original = offer.data.actual_offer_price;
    finalPesos = final === undefined ? null : centavosToPesos(final);
    originalPesos = original === undefined ? null : centavosToPesos(original);
  }
  return {
    id: offer.id,
    name,
    speedMbps: parseSpeedMbps(texts),
    freeDays: parseFreeDays(texts),
    less: less ?? null,
    inclusions,
    freebies,
    isSpecial,
    finalPesos,
    originalPesos:
      originalPesos !== null && finalPesos !== null && originalPesos > finalPesos
        ? originalPesos
        : null,
  };
}
