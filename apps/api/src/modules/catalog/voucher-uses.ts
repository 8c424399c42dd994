import { normaliseCode } from '@konek/contract/offer-codes';
import { DomainError } from '../../platform/domain-error';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { voucherProblem } from './voucher-rules';
import {
  countAccountRedemptions,
  deleteRedemptionsOfOrder,
  insertRedemption,
  lockVoucher,
  spendRedemptionsOfOrder,
} from './voucher-store';

// ADR 013, ADR 077: a voucher's use by an order. The order reserves it when it is made (or priced
// again before paying), spends it when it is paid, and gives it back when it ends without being paid
// or is refunded. A reserved use counts against the voucher's limits, so two unpaid orders cannot
// share the last use; the customer's own unpaid order does not stop their own preview (see
// preview-pricing.ts), so "Try again" after a declined payment keeps the voucher.

/**
 * Reserves one use of the voucher for the order, inside the order's transaction. The voucher's row lock
 * makes parallel orders take turns, so neither the total nor the per-account limit can be overrun on any
 * number of replicas. Every rule is checked again (a preview may be minutes old) and a refusal throws the
 * same vouchers-module code as the preview.
 */
export async function reserveVoucher(
  tx: Db,
  clock: Clock,
  use: { typedCode: string; accountId: string; orderId: string; offerIds: readonly string[] },
): Promise<void> {
  const code = normaliseCode(use.typedCode);
  const voucher = await lockVoucher(tx, code);
  if (!voucher) throw new DomainError('vouchers', 'VOUCHER_NOT_FOUND', { voucher_code: code });
  const uses = (await countAccountRedemptions(tx, use.accountId, [code])).get(code);
  const now = clock.now();
  const problem = voucherProblem(voucher, {
    now,
    accountRedemptions: (uses?.spent ?? 0) + (uses?.reserved ?? 0),
    offerIds: use.offerIds,
  });
  if (problem) throw new DomainError('vouchers', problem, { voucher_code: code });
  await insertRedemption(tx, { code, accountId: use.accountId, orderId: use.orderId, at: now });
}

/** The order was paid: its reserved vouchers count as used for good. */
export function spendVouchersOfOrder(tx: Db, orderId: string): Promise<void> {
  return spendRedemptionsOfOrder(tx, orderId);
}

/** The order ended unpaid, was refunded, or is priced again: its vouchers go back. */
export function releaseVouchersOfOrder(tx: Db, orderId: string): Promise<void> {
  return deleteRedemptionsOfOrder(tx, orderId);
}
