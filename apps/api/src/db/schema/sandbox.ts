import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The local email provider's outbox (ADR 093), shown at /sandbox/outbox beside the SMS outbox: what
 * Konek would have sent, to whom, as it was handed over. Read only for one named address (ADR 019).
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The From the message would carry (EMAIL_FROM, or the outbox's own). */
    sender: text('sender').notNull(),
    /** The address as it was given; looked up in any case. */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    /** Extra headers by name, e.g. List-Unsubscribe. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('email_outbox_recipient_idx').on(sql`lower(${table.recipient})`, table.id)],
);
