import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { operatorSubscribers } from '../../db/schema/identity';

export type StoredSubscriber = typeof operatorSubscribers.$inferSelect;

export async function findSubscriber(
  db: Db,
  msisdn: string,
): Promise<StoredSubscriber | undefined> {
  const [row] = await db
    .select()
    .from(operatorSubscribers)
    .where(eq(operatorSubscribers.msisdn, msisdn));
  return row;
}
