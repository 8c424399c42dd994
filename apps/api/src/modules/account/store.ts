import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { isUuid } from '../../platform/auth/is-uuid';
import { accounts } from '../../db/schema/identity';

export type StoredAccount = typeof accounts.$inferSelect;

/** The user's account with the operator, created when missing (unique per user and operator). */
export async function upsertAccount(
  db: Db,
  userId: string,
  providerId: string,
  at: Date,
): Promise<string> {
  await db.insert(accounts).values({ userId, providerId, createdAt: at }).onConflictDoNothing();
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, providerId)));
  return row!.id;
}

export async function accountIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
  return rows.map((row) => row.id);
}

export async function findAccount(db: Db, accountId: string): Promise<StoredAccount | undefined> {
  if (!isUuid(accountId)) return undefined;
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return row;
}

export async function findAccountOwner(db: Db, accountId: string): Promise<string | null> {
  if (!isUuid(accountId)) return null;
  const [row] = await db
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.userId ?? null;
}
