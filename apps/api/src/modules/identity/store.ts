import { and, eq, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { isUuid } from '../../platform/auth/is-uuid';
import { notificationIdentifiers, refreshedTokens, users } from '../../db/schema/identity';

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

export type PinLockRule = { limit: number; firstLockSeconds: number; longestLockSeconds: number };
export type PinAttempt = { attempt: number; lockedUntil: Date | null };

/**
 * Takes one PIN try before checking it, in one atomic UPDATE, so parallel tries on any number of
 * replicas never get more than `limit` per lock (ADR 006, ADR 023). A lock that has run out starts a
 * new count at this try. The try that reaches `limit` locks at once, for the first lock's length
 * doubled per earlier lock in a row (at most the longest); a right PIN lifts it again (clearPinAttempts).
 * Answers the count including this try and the lock it set, or undefined while the account is locked.
 */
export async function takePinAttempt(
  db: Db,
  userId: string,
  now: Date,
  rule: PinLockRule,
): Promise<PinAttempt | undefined> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const hasLockRunOut = sql`(${users.lockedUntil} is not null and ${users.lockedUntil} <= ${at})`;
  const locksNow = sql`${users.failedPinAttempts} + 1 >= ${rule.limit}`;
  // The exponent is capped so 2^n stays a small number; the length is capped by the longest lock.
  const lockSeconds = sql`least(${rule.firstLockSeconds} * power(2, least(${users.pinLockCount}, 30)), ${rule.longestLockSeconds})`;
  const [row] = await db
    .update(users)
    .set({
      failedPinAttempts: sql`case when ${hasLockRunOut} then 1 else ${users.failedPinAttempts} + 1 end`,
      pinLockCount: sql`case when not ${hasLockRunOut} and ${locksNow} then ${users.pinLockCount} + 1 else ${users.pinLockCount} end`,
      lockedUntil: sql`case when ${hasLockRunOut} then null when ${locksNow} then ${at} + ${lockSeconds} * interval '1 second' else ${users.lockedUntil} end`,
      lockedAt: sql`case when ${hasLockRunOut} then null when ${locksNow} then ${at} else ${users.lockedAt} end`,
    })
    .where(
      and(
        eq(users.id, userId),
        or(lt(users.failedPinAttempts, rule.limit), lte(users.lockedUntil, now)),
      ),
    )
    .returning({ attempt: users.failedPinAttempts, lockedUntil: users.lockedUntil });
  return row;
}

/** When the account's lock runs out: null when it is not locked (or the lock has no end). */
export async function findLockedUntil(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: users.lockedUntil })
    .from(users)
    .where(eq(users.id, userId));
  return row?.lockedUntil ?? null;
}

/** A right PIN: the count, the lock and the run of locks start again. */
export async function clearPinAttempts(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ failedPinAttempts: 0, lockedAt: null, lockedUntil: null, pinLockCount: 0 })
    .where(eq(users.id, userId));
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
      lockedUntil: null,
      pinLockCount: 0,
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

/** product §7.1 update info: the name the header greets (users.first_name, last_name). */
export async function renameUser(
  db: Db,
  userId: string,
  firstName: string,
  lastName: string,
): Promise<void> {
  await db.update(users).set({ firstName, lastName }).where(eq(users.id, userId));
}

/** product §7.1 update notification info: one identifier per type and user, replaced on each call. */
export async function upsertNotificationIdentifier(
  db: Db,
  entry: {
    userId: string;
    identifierType: string;
    identifier: string;
    verification: string;
    at: Date;
  },
): Promise<void> {
  await db
    .insert(notificationIdentifiers)
    .values({
      userId: entry.userId,
      identifierType: entry.identifierType,
      identifier: entry.identifier,
      verification: entry.verification,
      updatedAt: entry.at,
    })
    .onConflictDoUpdate({
      target: [notificationIdentifiers.userId, notificationIdentifiers.identifierType],
      set: {
        identifier: entry.identifier,
        verification: entry.verification,
        updatedAt: entry.at,
      },
    });
}

/**
 * ADR 097: spends a token for a refresh. Answers undefined when this call spent it (the row's insert is
 * the exchange: of concurrent refreshes on any replica only one inserts it), or when it was spent before.
 * Drops a few rows of tokens that have expired anyway.
 */
export async function spendRefreshedToken(
  db: Db,
  token: { jti: string; family: string; userId: string; expiresAt: Date },
  now: Date,
): Promise<Date | undefined> {
  const inserted = await db
    .insert(refreshedTokens)
    .values({ ...token, usedAt: now })
    .onConflictDoNothing()
    .returning({ jti: refreshedTokens.jti });
  if (inserted.length > 0) {
    await db.execute(sql`
      delete from refreshed_tokens where jti in (
        select jti from refreshed_tokens where expires_at < ${now}
        limit 100 for update skip locked)`);
    return undefined;
  }
  const [spent] = await db
    .select({ usedAt: refreshedTokens.usedAt })
    .from(refreshedTokens)
    .where(eq(refreshedTokens.jti, token.jti));
  return spent?.usedAt ?? now;
}
