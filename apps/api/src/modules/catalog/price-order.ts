import { appliesToOffer } from './voucher-rules';

// product §3 pricing preview, §9 amounts; ADR 013. Every sum is in integer centavos, so no amount drifts.

export type PriceLine = { offerId: string; actualCentavos: number; finalCentavos: number };

export type VoucherDiscount =
  | { kind: 'amount'; centavos: number }
  | { kind: 'percent'; percent: number; maxCentavos: number | null };

export type PricedVoucher = {
  code: string;
  offerIds: readonly string[];
  discount: VoucherDiscount;
};

export type OrderPrice = {
  originalCentavos: number;
  subTotalCentavos: number;
  discounts: { code: string; centavos: number }[];
};

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** percent of centavos, to the nearest centavo, halves up (10% of ₱699.05 is ₱69.91). */
export function percentOf(centavos: number, percent: number): number {
  return Math.floor((centavos * percent + 50) / 100);
}

/**
 * The order's price: original = the offers' prices before discount; each voucher, in the order given,
 * takes its discount from the final prices of the offers it applies to, never more than those prices
 * nor more than what is left to pay, so the sub-total never goes below zero.
 */
export function priceOrder(
  lines: readonly PriceLine[],
  vouchers: readonly PricedVoucher[],
): OrderPrice {
  let remaining = sum(lines.map((line) => line.finalCentavos));
  const discounts = vouchers.map((voucher) => {
    const base = sum(
      lines
        .filter((line) => appliesToOffer(voucher, line.offerId))
        .map((line) => line.finalCentavos),
    );
    const { discount } = voucher;
    const wanted =
      discount.kind === 'amount'
        ? discount.centavos
        : Math.min(
            percentOf(base, discount.percent),
            discount.maxCentavos ?? Number.POSITIVE_INFINITY,
          );
    const centavos = Math.min(wanted, base, remaining);
    remaining -= centavos;
    return { code: voucher.code, centavos };
  });
  return {
    originalCentavos: sum(lines.map((line) => line.actualCentavos)),
    subTotalCentavos: remaining,
    discounts,
  };
}
