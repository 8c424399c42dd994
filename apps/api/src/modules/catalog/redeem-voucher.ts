import { DomainError } from '../../platform/domain-error';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { voucherProblem } from './voucher-rules';
import { countAccountRedemptions, insertRedemption, lockVoucher } from './voucher-store';
import { normaliseCode } from '@konek/contract/offer-codes';

/**
 * ADR 013: spends one use of a voucher for an account's order. Order creation (a later issue) calls it
 * inside its own transaction; the voucher's row lock makes parallel orders take turns, so neither the
 * total nor the per-account limit can be overrun on any number of replicas. Every rule is checked again
 * (a preview may be minutes old) and a refusal throws the same vouchers-module code as the preview.
 */
export async function redeemVoucher(
  db: Db,
  clock: Clock,
  redemption: {
    typedCode: string;
    accountId: string;
    orderId: string;
    offerIds: readonly string[];
  },
): Promise<void> {
  const code = normaliseCode(redemption.typedCode);
  await db.transaction(async (transaction) => {
    const voucher = await lockVoucher(transaction, code);
    if (!voucher) throw new DomainError('vouchers', 'VOUCHER_NOT_FOUND', { voucher_code: code });
    const uses = await countAccountRedemptions(transaction, redemption.accountId, [code]);
    const now = clock.now();
    const problem = voucherProblem(voucher, {
      now,
      accountRedemptions: uses.get(code) ?? 0,
      offerIds: redemption.offerIds,
    });
    if (problem) throw new DomainError('vouchers', problem, { voucher_code: code });
    await insertRedemption(transaction, {
      code,
      accountId: redemption.accountId,
      orderId: redemption.orderId,
      at: now,
    });
  });
}
