import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { isUuid } from '../../platform/auth/is-uuid';
import { notificationIdentifiers, users } from '../../db/schema/identity';

export type StoredUser = typeof users.$inferSelect;
export type NewUser = Pick<
  StoredUser,
  'msisdn' | 'firstName' | 'lastName' | 'applicationId' | 'pinHash' | 'pinChangedAt' | 'createdAt'
>;

export async function findUserByMsisdn(db: Db, msisdn: string): Promise<StoredUser | undefined> {
  const [row] = await db.select().from(users).where(eq(users.msisdn, msisdn));
  return row;
}

export async function findUserById(db: Db, userId: string): Promise<StoredUser | undefined> {
  if (!isUuid(userId)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** The new user's id, or undefined when the number registered meanwhile. */
export async function insertUser(db: Db, user: NewUser): Promise<string | undefined> {
  const [row] = await db
    .insert(users)
    .values(user)
    .onConflictDoNothing({ target: users.msisdn })
    .returning({ id: users.id });
  return row?.id;
}

/**
 * Takes one PIN try before checking it: counts it unless the user already has `limit` wrong tries in a
 * row. One atomic UPDATE, so parallel tries on any number of replicas never get more than `limit`.
 * Answers the count including this try, or undefined when the account is locked.
 */
export async function takePinAttempt(
  db: Db,
  userId: string,
  limit: number,
): Promise<number | undefined> {
  const [row] = await db
    .update(users)
    .set({ failedPinAttempts: sql`${users.failedPinAttempts} + 1` })
    .where(and(eq(users.id, userId), lt(users.failedPinAttempts, limit)))
    .returning({ failedPinAttempts: users.failedPinAttempts });
  return row?.failedPinAttempts;
}

export async function clearPinAttempts(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ failedPinAttempts: 0 }).where(eq(users.id, userId));
}

export async function markLocked(db: Db, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ lockedAt: at }).where(eq(users.id, userId));
}

/**
 * ADR 008: moves the revocation cutoff to `at`, or just past the previous cutoff when that is later
 * (a token issued right after an earlier cutoff starts 1 ms after it).
 */
const revokedUpTo = (at: Date) =>
  sql`greatest(${at.toISOString()}::timestamptz, ${users.tokensRevokedUpTo} + interval '1 millisecond')`;

export async function revokeTokens(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ tokensRevokedUpTo: revokedUpTo(at) })
    .where(eq(users.id, userId));
}

/** A new PIN unlocks the account and revokes every earlier token, in one statement. */
export async function replacePin(db: Db, userId: string, pinHash: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({
      pinHash,
      failedPinAttempts: 0,
      lockedAt: null,
      pinChangedAt: at,
      tokensRevokedUpTo: revokedUpTo(at),
    })
    .where(eq(users.id, userId));
}

/** The revocation cutoff: null when none, undefined when there is no such user. */
export async function findTokensRevokedUpTo(
  db: Db,
  userId: string,
): Promise<Date | null | undefined> {
  if (!isUuid(userId)) return undefined;
  const [row] = await db
    .select({ revokedUpTo: users.tokensRevokedUpTo })
    .from(users)
    .where(eq(users.id, userId));
  return row ? row.revokedUpTo : undefined;
}

export async function notificationIdentifiersOf(
  db: Db,
  userId: string,
): Promise<{ identifierType: string; identifier: string }[]> {
  return db
    .select({
      identifierType: notificationIdentifiers.identifierType,
      identifier: notificationIdentifiers.identifier,
    })
    .from(notificationIdentifiers)
    .where(eq(notificationIdentifiers.userId, userId))
    .orderBy(notificationIdentifiers.identifierType);
}
