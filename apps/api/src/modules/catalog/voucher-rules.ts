import type { ErrorName } from '@konek/contract/errors';
import { windowPosition } from './offer-window';

// ADR 013: when a voucher code can be used. The checks run in this order, so a customer hears the most
// lasting reason first (an expired code stays expired; a code for another plan may work on that plan).

export type VoucherUse = {
  validFrom: Date;
  validUntil: Date;
  perAccountLimit: number;
  /** null: no total limit. */
  totalLimit: number | null;
  redeemedCount: number;
  /** The offers it applies to; empty: every offer. */
  offerIds: readonly string[];
  /** ADR 091: when marketing retired it (refused as expired from then on); null or absent: in use. */
  retiredAt?: Date | null;
};

export type VoucherProblem = Exclude<ErrorName<'vouchers'>, 'VOUCHER_NOT_FOUND'>;

export function appliesToOffer(voucher: Pick<VoucherUse, 'offerIds'>, offerId: string): boolean {
  return voucher.offerIds.length === 0 || voucher.offerIds.includes(offerId);
}

/** Why the account cannot use the voucher on these offers now, or null when it can. */
export function voucherProblem(
  voucher: VoucherUse,
  context: { now: Date; accountRedemptions: number; offerIds: readonly string[] },
): VoucherProblem | null {
  const position = windowPosition(
    { from: voucher.validFrom, until: voucher.validUntil },
    context.now,
  );
  if (position === 'before') return 'VOUCHER_NOT_YET_VALID';
  if (position === 'after' || (voucher.retiredAt ?? null) !== null) return 'VOUCHER_EXPIRED';
  if (voucher.totalLimit !== null && voucher.redeemedCount >= voucher.totalLimit) {
    return 'VOUCHER_USED_UP';
  }
  if (context.accountRedemptions >= voucher.perAccountLimit) return 'VOUCHER_ALREADY_USED';
  if (!context.offerIds.some((offerId) => appliesToOffer(voucher, offerId))) {
    return 'VOUCHER_NOT_APPLICABLE';
  }
  return null;
}
