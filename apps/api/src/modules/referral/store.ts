import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { isUuid } from '../../platform/auth/is-uuid';
import { referralCodes, referralUses } from '../../db/schema/referral';

export type ReferralCodeRow = typeof referralCodes.$inferSelect;

export async function findCodeOfAccount(
  db: Db,
  accountId: string,
): Promise<ReferralCodeRow | undefined> {
  if (!isUuid(accountId)) return undefined;
  const [row] = await db.select().from(referralCodes).where(eq(referralCodes.accountId, accountId));
  return row;
}

export async function findCode(db: Db, code: string): Promise<ReferralCodeRow | undefined> {
  const [row] = await db.select().from(referralCodes).where(eq(referralCodes.code, code));
  return row;
}

/**
 * Gives the account `code` unless it already has one. Answers false when the code belongs to another
 * account (the caller draws another) or the account got its code meanwhile (the caller reads it).
 */
export async function insertCode(
  db: Db,
  row: { code: string; accountId: string; createdAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(referralCodes)
    .values(row)
    .onConflictDoNothing()
    .returning({ code: referralCodes.code });
  return inserted.length > 0;
}

/** Whether a paid order of the account was referred (a reservation by an unpaid one does not count). */
export async function hasBeenReferred(db: Db, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ code: referralUses.referralCode })
    .from(referralUses)
    .where(and(eq(referralUses.referredAccountId, accountId), eq(referralUses.state, 'spent')));
  return row !== undefined;
}

/** Reserves the referral for an order; false when the account's key is taken (referred already). */
export async function insertReferralUse(
  db: Db,
  use: { accountId: string; code: string; orderId: string; at: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(referralUses)
    .values({
      referredAccountId: use.accountId,
      referralCode: use.code,
      orderId: use.orderId,
      state: 'reserved',
      usedAt: use.at,
    })
    .onConflictDoNothing()
    .returning({ code: referralUses.referralCode });
  return inserted.length > 0;
}

export async function spendReferralUseOfOrder(db: Db, orderId: string): Promise<void> {
  await db.update(referralUses).set({ state: 'spent' }).where(eq(referralUses.orderId, orderId));
}

export async function deleteReferralUseOfOrder(db: Db, orderId: string): Promise<void> {
  await db.delete(referralUses).where(eq(referralUses.orderId, orderId));
}

/** ADR 091: the codes customers hold, and the referrals held by unpaid orders and spent by paid ones. */
export async function countReferrals(
  db: Db,
): Promise<{ codes: number; reserved: number; spent: number }> {
  const [codes] = await db.select({ count: count() }).from(referralCodes);
  const [uses] = await db
    .select({
      reserved: sql<number>`(count(*) filter (where ${referralUses.state} = 'reserved'))::int`,
      spent: sql<number>`(count(*) filter (where ${referralUses.state} = 'spent'))::int`,
    })
    .from(referralUses);
  return { codes: codes?.count ?? 0, reserved: uses?.reserved ?? 0, spent: uses?.spent ?? 0 };
}
