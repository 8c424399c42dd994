import * as z from 'zod';
import {
  DEFAULT_FREE_DAYS,
  DEFAULT_SPEED_MBPS,
  SPECIAL_OFFER_FALLBACK_FINAL_PRICE,
  SPECIAL_OFFER_FALLBACK_ORIGINAL_PRICE,
} from './constants';
import { centavosToPesos } from './money';

// product §3 offer, §4.6 offer rules, §9 fallbacks. Prices travel as integer centavos (see money.ts).

const ZCentavos = z.number().int().nonnegative();

export const ZOffer = z.object({
  id: z.string().min(1),
  data: z.object({
    name: z.string(),
    /** Marketing text under the price; "Special Offer" in it marks a special offer. */
    less: z.string().optional(),
    inclusions: z.array(z.string()).optional(),
    freebies: z.array(z.string()).optional(),
    /** The price before discount, in centavos. */
    actual_offer_price: ZCentavos.optional(),
    sort_priority: z.number().optional(),
    categories: z.array(z.string()).optional(),
  }),
  amount_breakdown: z
    .object({
      /** The price the customer pays, in centavos. */
      final: ZCentavos.optional(),
    })
    .optional(),
});
export type TOffer = z.infer<typeof ZOffer>;

/** product §4.6: orders in these states do not count as a purchase of their products. */
export const NOT_PURCHASED_ORDER_STATES: readonly number[] = [3, 101, 102, 103, 200, 500, 600];

/** product §3 order: the fields the purchase rule reads. entities.product is keyed by product id. */
export type TOrderProducts = { state: number; entities: { product: Record<string, unknown> } };

/** product §4.6: an offer is already purchased when an order holding it is in a state that counts. */
export function isOfferPurchased(productId: string, orders: readonly TOrderProducts[]): boolean {
  return orders.some(
    (order) =>
      Object.hasOwn(order.entities.product, productId) &&
      !NOT_PURCHASED_ORDER_STATES.includes(order.state),
  );
}

const SPECIAL_OFFER_MARKER = 'Special Offer';

/** product §4.6: special offers are those whose "less" text includes "Special Offer" (as written). */
export function isSpecialOffer(offer: Pick<TOffer, 'data'>): boolean {
  return offer.data.less?.includes(SPECIAL_OFFER_MARKER) ?? false;
}

/** product §4.6: highest sort_priority first; equal priorities keep their order; no priority goes last. */
export function sortSpecialOffers<T extends Pick<TOffer, 'data'>>(offers: readonly T[]): T[] {
  const priorityOf = (offer: T) => offer.data.sort_priority ?? Number.NEGATIVE_INFINITY;
  return [...offers].sort((left, right) => {
    const difference = priorityOf(right) - priorityOf(left);
    // Two offers without a priority (-Infinity - -Infinity) keep their order.
    return Number.isNaN(difference) ? 0 : difference;
  });
}

/**
 * product §9: a special offer's original and final price in pesos, falling back to 1499 and 699 when the
 * offer lacks one. A price of 0 is a real price, not a missing one.
 */
export function specialOfferPrices(offer: Pick<TOffer, 'data' | 'amount_breakdown'>): {
  originalPesos: number;
  finalPesos: number;
} {
  const original = offer.data.actual_offer_price;
  const final = offer.amount_breakdown?.final;
  return {
    originalPesos:
      original === undefined ? SPECIAL_OFFER_FALLBACK_ORIGINAL_PRICE : centavosToPesos(original),
    finalPesos: final === undefined ? SPECIAL_OFFER_FALLBACK_FINAL_PRICE : centavosToPesos(final),
  };
}

type OfferText = string | readonly string[] | null | undefined;

/** The first number `pattern` captures in the text (or in the first list item that has one). */
function firstNumber(text: OfferText, pattern: RegExp): number | undefined {
  const texts = typeof text === 'string' ? [text] : (text ?? []);
  for (const item of texts) {
    const digits = pattern.exec(item)?.[1];
    if (digits !== undefined) return Number(digits.replaceAll(',', ''));
  }
  return undefined;
}

/** product §9: the speed from "up to N Mbps" (any case, e.g. "Up to 1,000 Mbps"), else 50. */
export function parseSpeedMbps(text: OfferText): number {
  return firstNumber(text, /up to\s+(\d[\d,]*)\s*mbps/i) ?? DEFAULT_SPEED_MBPS;
}

/** product §9: the free days from "Free N Days" (any case, "Free 1 Day" too), else 7. */
export function parseFreeDays(text: OfferText): number {
  return firstNumber(text, /free\s+(\d[\d,]*)\s+days?\b/i) ?? DEFAULT_FREE_DAYS;
}
