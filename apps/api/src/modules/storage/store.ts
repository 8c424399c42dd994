import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { clientStorage, users } from '../../db/schema/identity';

export type StoredContext = { context: string; value: Record<string, unknown>; updatedAt: Date };

export async function findContext(
  db: Db,
  userId: string,
  context: string,
): Promise<StoredContext | undefined> {
  const [row] = await db
    .select({
      context: clientStorage.context,
      value: clientStorage.value,
      updatedAt: clientStorage.updatedAt,
    })
    .from(clientStorage)
    .where(and(eq(clientStorage.userId, userId), eq(clientStorage.context, context)));
  return row;
}

/** Replaces the user's context (or creates it). */
export async function saveContext(
  db: Db,
  userId: string,
  context: string,
  value: Record<string, unknown>,
  at: Date,
): Promise<StoredContext> {
  const [row] = await db
    .insert(clientStorage)
    .values({ userId, context, value, updatedAt: at })
    .onConflictDoUpdate({
      target: [clientStorage.userId, clientStorage.context],
      set: { value, updatedAt: at },
    })
    .returning({
      context: clientStorage.context,
      value: clientStorage.value,
      updatedAt: clientStorage.updatedAt,
    });
  return row!;
}

/**
 * Saves the context like saveContext, unless it is a new name and the user already keeps `limit`
 * contexts: then undefined. The user's row is locked first, so parallel saves of new names cannot pass
 * the limit together.
 */
export async function saveContextWithinLimit(
  db: Db,
  userId: string,
  context: string,
  value: Record<string, unknown>,
  at: Date,
  limit: number,
): Promise<StoredContext | undefined> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!(await findContext(tx, userId, context))) {
      const [row] = await tx
        .select({ stored: count() })
        .from(clientStorage)
        .where(eq(clientStorage.userId, userId));
      if ((row?.stored ?? 0) >= limit) return undefined;
    }
    return saveContext(tx, userId, context, value, at);
  });
}
