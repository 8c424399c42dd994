import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { smsOutbox } from '../../db/schema/identity';

export type OutboxEntry = typeof smsOutbox.$inferSelect;

export async function insertOutboxMessage(
  db: Db,
  message: { msisdn: string; body: string; createdAt: Date },
): Promise<void> {
  await db.insert(smsOutbox).values(message);
}

/** Newest first; only the number's messages when `msisdn` is given. */
export async function listOutbox(
  db: Db,
  msisdn: string | undefined,
  limit: number,
): Promise<OutboxEntry[]> {
  return db
    .select()
    .from(smsOutbox)
    .where(msisdn === undefined ? undefined : eq(smsOutbox.msisdn, msisdn))
    .orderBy(desc(smsOutbox.id))
    .limit(limit);
}
