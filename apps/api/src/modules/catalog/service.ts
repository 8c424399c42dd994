import { isSpecialOffer } from '@konek/contract/offer-rules';
import { listOffersByIds } from './offer-store';

// The catalog module's public face (ADR 026) for the orders work (ADR 039): the server's own price of an
// order (preview_pricing's rules, ADR 013), the offers' names as ordered, and a voucher's use by an order (reserved, spent, given back).

export { previewPricing } from './preview-pricing';
export { releaseVouchersOfOrder, reserveVoucher, spendVouchersOfOrder } from './voucher-uses';
export type { OrdersOfAccount } from './catalog-dependencies';

export type OfferAsOrdered = {
  id: string;
  name: string;
  actualCentavos: number;
  finalCentavos: number;
  specialOffer: boolean;
};

/** The offers' names, prices and special-offer mark, in the order asked (unknown ids left out). */
export async function offersAsOrdered(
  db: Parameters<typeof listOffersByIds>[0],
  ids: readonly string[],
): Promise<OfferAsOrdered[]> {
  const rows = await listOffersByIds(db, ids);
  return ids.flatMap((id) => {
    const row = rows.find((candidate) => candidate.id === id);
    return row
      ? [
          {
            id: row.id,
            name: row.name,
            actualCentavos: row.actualPriceCentavos,
            finalCentavos: row.finalPriceCentavos,
            specialOffer: isSpecialOffer({ data: { name: row.name, less: row.less } }),
          },
        ]
      : [];
  });
}
