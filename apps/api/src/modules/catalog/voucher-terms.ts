import { centavosToPesos } from '@konek/contract/money';
import type { TVoucherMiscParams } from '@konek/contract/preview-pricing';
import type { VoucherDiscount } from './price-order';
import type { VoucherRow } from './voucher-store';

// ADR 013: a voucher row as the pricing rules and the reply read it.

/** The table's check keeps the kind's own column set, so the fallbacks below never apply. */
export function voucherDiscount(voucher: VoucherRow): VoucherDiscount {
  if (voucher.discountKind === 'percent') {
    return {
      kind: 'percent',
      percent: voucher.discountPercent ?? 0,
      maxCentavos: voucher.maxDiscountCentavos,
    };
  }
  return { kind: 'amount', centavos: voucher.discountCentavos ?? 0 };
}

/** product §3 voucher_misc_params: LESS is the discount as configured, "800" (pesos) or "10%". */
export function voucherMiscParams(voucher: VoucherRow): TVoucherMiscParams {
  const discount = voucherDiscount(voucher);
  return {
    LESS:
      discount.kind === 'percent'
        ? `${discount.percent}%`
        : String(centavosToPesos(discount.centavos)),
    Freebie: voucher.freebie,
    Freebie_3pp: voucher.freebie3pp,
  };
}
