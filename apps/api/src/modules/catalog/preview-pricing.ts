import { centavosToPesos } from '@konek/contract/money';
import { normaliseCode } from '@konek/contract/offer-codes';
import type { TTotalPrice } from '@konek/contract/preview-pricing';
import { DomainError } from '../../platform/domain-error';
import type { Db } from '../../platform/db/database';
import type { CatalogDependencies } from './catalog-dependencies';
import { isOnSale } from './offer-replies';
import { listOffersByIds } from './offer-store';
import { priceOrder, type PriceLine } from './price-order';
import { requireOperator } from '../../platform/operator';
import { voucherProblem } from './voucher-rules';
import { voucherDiscount, voucherMiscParams } from './voucher-terms';
import { countAccountRedemptions, findVouchers, type VoucherRow } from './voucher-store';

/** The offers' price lines, or OFFER_NOT_FOUND for an id that is not on sale now. */
export async function priceLines(
  db: Db,
  offerIds: readonly string[],
  now: Date,
): Promise<PriceLine[]> {
  const rows = (await listOffersByIds(db, offerIds)).filter((row) => isOnSale(row, now));
  return offerIds.map((offerId) => {
    const row = rows.find((candidate) => candidate.id === offerId);
    if (!row) throw new DomainError('catalog', 'OFFER_NOT_FOUND', { offer_id: offerId });
    return {
      offerId,
      actualCentavos: row.actualPriceCentavos,
      finalCentavos: row.finalPriceCentavos,
    };
  });
}

/**
 * The vouchers the account may use on these offers now, in the order given (each code once). Any code
 * that cannot be used stops the preview with its vouchers-module code (ADR 013). A use the account's own
 * unpaid order reserved does not count against it (ADR 077): that order is the one being paid, or the
 * one a new order replaces, and either way the customer keeps the voucher.
 */
export async function usableVouchers(
  db: Db,
  request: { accountId: string; typedCodes: readonly string[]; offerIds: readonly string[] },
  now: Date,
): Promise<VoucherRow[]> {
  const codes = [...new Set(request.typedCodes.map(normaliseCode))];
  const found = await findVouchers(db, codes);
  const redemptions = await countAccountRedemptions(db, request.accountId, codes);
  return codes.map((code) => {
    const voucher = found.find((candidate) => candidate.code === code);
    if (!voucher) throw new DomainError('vouchers', 'VOUCHER_NOT_FOUND', { voucher_code: code });
    const uses = redemptions.get(code);
    const problem = voucherProblem(
      { ...voucher, redeemedCount: voucher.redeemedCount - (uses?.reserved ?? 0) },
      { now, accountRedemptions: uses?.spent ?? 0, offerIds: request.offerIds },
    );
    if (problem) throw new DomainError('vouchers', problem, { voucher_code: code });
    return voucher;
  });
}

/**
 * product §7.1 preview pricing → total_price (product §3). Nothing is reserved: an order reserves its
 * vouchers when it is made and spends them when it is paid (voucher-uses.ts).
 */
export async function previewPricing(
  deps: Pick<CatalogDependencies, 'db' | 'clock' | 'operatorName'>,
  request: {
    accountId: string;
    operatorName: string;
    voucherCodes: readonly string[];
    offerIds: readonly string[];
  },
): Promise<TTotalPrice> {
  requireOperator(request.operatorName, deps.operatorName);
  const now = deps.clock.now();
  const lines = await priceLines(deps.db, request.offerIds, now);
  const vouchers = await usableVouchers(
    deps.db,
    {
      accountId: request.accountId,
      typedCodes: request.voucherCodes,
      offerIds: request.offerIds,
    },
    now,
  );
  const price = priceOrder(
    lines,
    vouchers.map((voucher) => ({
      code: voucher.code,
      offerIds: voucher.offerIds,
      discount: voucherDiscount(voucher),
    })),
  );
  return {
    currency: 'PHP',
    sub_total: centavosToPesos(price.subTotalCentavos),
    sub_total_centavos: price.subTotalCentavos,
    original_amount: centavosToPesos(price.originalCentavos),
    original_amount_centavos: price.originalCentavos,
    discount: vouchers.map((voucher, index) => {
      const centavos = price.discounts[index]!.centavos;
      return {
        amount: centavosToPesos(centavos),
        amount_centavos: centavos,
        voucher_code: voucher.code,
        discount_info: {
          voucher_name: voucher.voucherName,
          voucher_misc_params: voucherMiscParams(voucher),
        },
      };
    }),
  };
}
