import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { clientStorage } from '../../db/schema/identity';

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
