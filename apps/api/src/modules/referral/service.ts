import { normaliseCode } from '@konek/contract/offer-codes';
import { DomainError } from '../../platform/domain-error';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { requireOperator } from '../../platform/operator';
import { generateReferralCode } from './referral-code';
import type { TOpsReferralRules } from '@konek/contract/ops-offers';
import {
  countReferrals,
  findCode,
  findCodeOfAccount,
  hasBeenReferred,
  insertCode,
  deleteReferralUseOfOrder,
  insertReferralUse,
  spendReferralUseOfOrder,
  type ReferralCodeRow,
} from './store';

// product §8 referral codes; ADR 014. Every account owns one code, created on its first request.

const CODE_ATTEMPTS = 5;

/** The account's referral code, created on first use (the same code on every later call). */
export async function referralCodeOf(
  db: Db,
  clock: Clock,
  accountId: string,
): Promise<ReferralCodeRow> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const existing = await findCodeOfAccount(db, accountId);
    if (existing) return existing;
    await insertCode(db, { code: generateReferralCode(), accountId, createdAt: clock.now() });
  }
  // Five draws that all hit taken codes: ~887 million codes make this practically impossible.
  throw new Error('could not draw a free referral code');
}

/**
 * product §7.1 validate referral: the code must be another account's (INVALID_REFERRAL_CODE 3,
 * SELF_REFERRAL 8), and the account must not have been referred by a paid order (ALREADY_REFERRED 5).
 * Nothing is recorded: an order reserves the referral when it is made (reserveReferral) and spends it
 * when it is paid; the account's own unpaid order does not stop it (ADR 077).
 */
export async function validateReferral(
  db: Db,
  request: {
    typedCode: string;
    accountId: string;
    operatorName: string;
    configuredOperator: string;
  },
): Promise<ReferralCodeRow> {
  requireOperator(request.operatorName, request.configuredOperator);
  const code = normaliseCode(request.typedCode);
  const referral = code === '' ? undefined : await findCode(db, code);
  if (!referral)
    throw new DomainError('referral', 'INVALID_REFERRAL_CODE', { referral_code: code });
  if (referral.accountId === request.accountId) {
    throw new DomainError('referral', 'SELF_REFERRAL', { referral_code: code });
  }
  if (await hasBeenReferred(db, request.accountId)) {
    throw new DomainError('referral', 'ALREADY_REFERRED', { referral_code: code });
  }
  return referral;
}

/**
 * In the order's transaction: reserves the referral for the order, after the same checks as validate.
 * The referred account is the table's key, so two racing orders cannot both reserve a referral; the loser
 * gets ALREADY_REFERRED. The account's older unpaid order gave its reservation back first (it was
 * superseded), or it is this order priced again (its use released just before).
 */
export async function reserveReferral(
  db: Db,
  clock: Clock,
  use: { typedCode: string; accountId: string; orderId: string; configuredOperator: string },
): Promise<void> {
  const referral = await validateReferral(db, {
    typedCode: use.typedCode,
    accountId: use.accountId,
    operatorName: use.configuredOperator,
    configuredOperator: use.configuredOperator,
  });
  const isRecorded = await insertReferralUse(db, {
    accountId: use.accountId,
    code: referral.code,
    orderId: use.orderId,
    at: clock.now(),
  });
  if (!isRecorded) {
    throw new DomainError('referral', 'ALREADY_REFERRED', { referral_code: referral.code });
  }
}

/** The order was paid: its referral counts for good. */
export function spendReferralOfOrder(tx: Db, orderId: string): Promise<void> {
  return spendReferralUseOfOrder(tx, orderId);
}

/** The order ended unpaid, was refunded, or is priced again: its referral goes back. */
export function releaseReferralOfOrder(tx: Db, orderId: string): Promise<void> {
  return deleteReferralUseOfOrder(tx, orderId);
}

/**
 * ADR 091: marketing's view of the referral rules. The rules are the ones above, fixed in code (ADR 014:
 * one code per account, an account referred once, never by its own code, no discount); what changes is
 * how many codes and referrals there are.
 */
export async function referralRules(db: Db): Promise<TOpsReferralRules> {
  const counts = await countReferrals(db);
  return {
    codes_issued: counts.codes,
    referrals_reserved: counts.reserved,
    referrals_spent: counts.spent,
  };
}
