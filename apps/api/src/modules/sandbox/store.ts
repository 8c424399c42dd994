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

/** One number's messages, newest first. There is no list of every number's messages (ADR 019). */
export async function listOutbox(db: Db, msisdn: string, limit: number): Promise<OutboxEntry[]> {
  return db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.msisdn, msisdn))
    .orderBy(desc(smsOutbox.id))
    .limit(limit);
}
