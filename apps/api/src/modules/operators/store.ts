import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { opsUsers } from '../../db/schema/ops';
import type { Db } from '../../platform/db/database';

export type StoredOpsUser = typeof opsUsers.$inferSelect;
export type LockRule = { limit: number; firstLockSeconds: number; longestLockSeconds: number };

/** The new operator, or undefined when the username is taken. */
export async function insertOpsUser(
  db: Db,
  values: Pick<StoredOpsUser, 'username' | 'role' | 'firstName' | 'passwordHash' | 'createdAt'>,
): Promise<StoredOpsUser | undefined> {
  const [row] = await db.insert(opsUsers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findOpsUserByUsername(
  db: Db,
  username: string,
): Promise<StoredOpsUser | undefined> {
  const [row] = await db.select().from(opsUsers).where(eq(opsUsers.username, username));
  return row;
}

export async function findOpsUserById(db: Db, id: string): Promise<StoredOpsUser | undefined> {
  const [row] = await db.select().from(opsUsers).where(eq(opsUsers.id, id));
  return row;
}

/** The technicians who can sign in (a disabled one is assigned nothing). */
export async function listTechnicianRows(db: Db): Promise<StoredOpsUser[]> {
  return db
    .select()
    .from(opsUsers)
    .where(and(eq(opsUsers.role, 'technician'), isNull(opsUsers.disabledAt)))
    .orderBy(asc(opsUsers.firstName));
}

/** Every operator: those who can sign in first, then by username. */
export async function listOpsUserRows(db: Db): Promise<StoredOpsUser[]> {
  return db
    .select()
    .from(opsUsers)
    .orderBy(sql`${opsUsers.disabledAt} is not null`, asc(opsUsers.username));
}

export async function findOpsUsersByIds(db: Db, ids: string[]): Promise<StoredOpsUser[]> {
  if (ids.length === 0) return [];
  return db.select().from(opsUsers).where(inArray(opsUsers.id, ids));
}

/** The operator row, locked for the change about to be made on `tx`. */
export async function lockOpsUser(tx: Db, id: string): Promise<StoredOpsUser | undefined> {
  const [row] = await tx.select().from(opsUsers).where(eq(opsUsers.id, id)).for('update');
  return row;
}

export async function updateOpsUserRole(
  tx: Db,
  id: string,
  role: StoredOpsUser['role'],
): Promise<StoredOpsUser | undefined> {
  const [row] = await tx.update(opsUsers).set({ role }).where(eq(opsUsers.id, id)).returning();
  return row;
}

/**
 * Disables the operator at `at` (kept when disabled already) and moves their revocation cutoff there, so
 * every token they hold is refused from now on.
 */
export async function disableOpsUser(
  tx: Db,
  id: string,
  at: Date,
): Promise<StoredOpsUser | undefined> {
  const [row] = await tx
    .update(opsUsers)
    .set({
      disabledAt: sql`coalesce(${opsUsers.disabledAt}, ${at.toISOString()}::timestamptz)`,
      tokensRevokedUpTo: sql`greatest(${at.toISOString()}::timestamptz, ${opsUsers.tokensRevokedUpTo} + interval '1 millisecond')`,
    })
    .where(eq(opsUsers.id, id))
    .returning();
  return row;
}

/** The enabled operators among `usernames`, locked for disabling. */
export async function lockEnabledOpsUsersNamed(
  tx: Db,
  usernames: readonly string[],
): Promise<StoredOpsUser[]> {
  return tx
    .select()
    .from(opsUsers)
    .where(and(inArray(opsUsers.username, [...usernames]), isNull(opsUsers.disabledAt)))
    .for('update');
}

/**
 * ADR 023's lockout on an operator (identity's takePinAttempt, on ops_users): counts the try before the
 * password is checked, in one statement, so parallel guesses on any replica are all counted. Undefined
 * when the account is locked.
 */
export async function takeLoginAttempt(
  db: Db,
  id: string,
  now: Date,
  rule: LockRule,
): Promise<{ attempt: number; lockedUntil: Date | null } | undefined> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const hasLockRunOut = sql`(${opsUsers.lockedUntil} is not null and ${opsUsers.lockedUntil} <= ${at})`;
  const locksNow = sql`${opsUsers.failedAttempts} + 1 >= ${rule.limit}`;
  const lockSeconds = sql`least(${rule.firstLockSeconds} * power(2, least(${opsUsers.lockCount}, 30)), ${rule.longestLockSeconds})`;
  const [row] = await db
    .update(opsUsers)
    .set({
      failedAttempts: sql`case when ${hasLockRunOut} then 1 else ${opsUsers.failedAttempts} + 1 end`,
      lockCount: sql`case when not ${hasLockRunOut} and ${locksNow} then ${opsUsers.lockCount} + 1 else ${opsUsers.lockCount} end`,
      lockedUntil: sql`case when ${hasLockRunOut} then null when ${locksNow} then ${at} + ${lockSeconds} * interval '1 second' else ${opsUsers.lockedUntil} end`,
      lockedAt: sql`case when ${hasLockRunOut} then null when ${locksNow} then ${at} else ${opsUsers.lockedAt} end`,
    })
    .where(
      and(
        eq(opsUsers.id, id),
        or(lt(opsUsers.failedAttempts, rule.limit), lte(opsUsers.lockedUntil, now)),
      ),
    )
    .returning({ attempt: opsUsers.failedAttempts, lockedUntil: opsUsers.lockedUntil });
  return row;
}

export async function clearLoginAttempts(db: Db, id: string): Promise<void> {
  await db
    .update(opsUsers)
    .set({ failedAttempts: 0, lockedAt: null, lockedUntil: null, lockCount: 0 })
    .where(eq(opsUsers.id, id));
}

export async function revokeOpsTokens(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(opsUsers)
    .set({
      tokensRevokedUpTo: sql`greatest(${at.toISOString()}::timestamptz, ${opsUsers.tokensRevokedUpTo} + interval '1 millisecond')`,
    })
    .where(eq(opsUsers.id, id));
}
