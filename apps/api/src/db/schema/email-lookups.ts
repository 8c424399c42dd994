import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * ADR 097: the email validator's last answer per address (lower-case), shared by every replica, so one
 * address costs one paid lookup until its answer expires: a definite answer after 30 days, "unknown" or
 * no answer at all (the service down, `status` null) soon. Expired rows are deleted as new ones come.
 */
export const emailLookups = pgTable(
  'email_lookups',
  {
    email: text('email').primaryKey(),
    /** The validator's status and sub-status; null when it could not answer. */
    status: text('status'),
    subStatus: text('sub_status'),
    lookedUpAt: at('looked_up_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [index('email_lookups_expires_at_idx').on(table.expiresAt)],
);
