import { and, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { isUuid } from '../../platform/auth/is-uuid';
import { oneTimeCodes } from '../../db/schema/identity';

export type CodePurpose = 'signup' | 'reset';
export type StoredCode = typeof oneTimeCodes.$inferSelect;

/**
 * Serialises code requests for one number across every replica until the transaction ends, so two
 * requests at once cannot both pass the resend and hourly checks.
 */
export async function lockNumber(tx: Db, msisdn: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`otp:${msisdn}`}, 0))`);
}

/** When codes were sent to the number after `since`, newest first. */
export async function codeTimesSince(tx: Db, msisdn: string, since: Date): Promise<Date[]> {
  const rows = await tx
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.msisdn, msisdn), gt(oneTimeCodes.createdAt, since)))
    .orderBy(desc(oneTimeCodes.createdAt));
  return rows.map((row) => row.createdAt);
}

/** Retires the number's open codes of a purpose: only the newest code works. */
export async function supersedeOpenCodes(
  tx: Db,
  msisdn: string,
  purpose: CodePurpose,
  at: Date,
): Promise<void> {
  await tx
    .update(oneTimeCodes)
    .set({ supersededAt: at })
    .where(
      and(
        eq(oneTimeCodes.msisdn, msisdn),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.verifiedAt),
        isNull(oneTimeCodes.supersededAt),
      ),
    );
}

export async function insertCode(
  tx: Db,
  code: Pick<StoredCode, 'id' | 'msisdn' | 'purpose' | 'codeHash' | 'createdAt' | 'expiresAt'>,
): Promise<void> {
  await tx.insert(oneTimeCodes).values(code);
}

export async function deleteCode(db: Db, id: string): Promise<void> {
  await db.delete(oneTimeCodes).where(eq(oneTimeCodes.id, id));
}

/** The code, locked for this transaction, or undefined. */
export async function findCodeForUpdate(tx: Db, id: string): Promise<StoredCode | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, id)).for('update');
  return row;
}

/** Counts a wrong try and answers how many there are now. */
export async function recordWrongAttempt(tx: Db, id: string): Promise<number> {
  const [row] = await tx
    .update(oneTimeCodes)
    .set({ failedAttempts: sql`${oneTimeCodes.failedAttempts} + 1` })
    .where(eq(oneTimeCodes.id, id))
    .returning({ failedAttempts: oneTimeCodes.failedAttempts });
  return row?.failedAttempts ?? Number.POSITIVE_INFINITY;
}

export async function markVerified(tx: Db, id: string, at: Date): Promise<void> {
  await tx.update(oneTimeCodes).set({ verifiedAt: at }).where(eq(oneTimeCodes.id, id));
}

/**
 * Spends the number's newest sign-up verification made since `since` that is not spent yet; true when
 * there was one.
 */
export async function redeemSignupVerification(
  tx: Db,
  msisdn: string,
  since: Date,
  at: Date,
): Promise<boolean> {
  const [candidate] = await tx
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.msisdn, msisdn),
        eq(oneTimeCodes.purpose, 'signup'),
        gte(oneTimeCodes.verifiedAt, since),
        isNull(oneTimeCodes.redeemedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.verifiedAt))
    .limit(1)
    .for('update');
  if (!candidate) return false;
  await tx.update(oneTimeCodes).set({ redeemedAt: at }).where(eq(oneTimeCodes.id, candidate.id));
  return true;
}

/** True when `id` names a code for the number that was verified since `since`. */
export async function isCodeVerifiedSince(
  db: Db,
  id: string,
  msisdn: string,
  since: Date,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.id, id),
        eq(oneTimeCodes.msisdn, msisdn),
        gte(oneTimeCodes.verifiedAt, since),
      ),
    );
  return row !== undefined;
}
