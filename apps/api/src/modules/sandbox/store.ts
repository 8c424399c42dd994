import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { smsOutbox } from '../../db/schema/identity';
import { emailOutbox } from '../../db/schema/sandbox';

export type OutboxEntry = typeof smsOutbox.$inferSelect;
export type EmailOutboxEntry = typeof emailOutbox.$inferSelect;

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

export async function insertOutboxEmail(
  db: Db,
  email: Omit<EmailOutboxEntry, 'id'>,
): Promise<void> {
  await db.insert(emailOutbox).values(email);
}

/**
 * One address's emails (in any case), newest first. There is no list of every address's emails
 * (ADR 019, 093).
 */
export async function listOutboxEmails(
  db: Db,
  address: string,
  limit: number,
): Promise<EmailOutboxEntry[]> {
  return db
    .select()
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.recipient}) = lower(${address})`)
    .orderBy(desc(emailOutbox.id))
    .limit(limit);
}
