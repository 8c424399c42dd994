import { bigserial, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';

// product §7.1 update info and §2.4 consent checks: what the details page saves per user. The name also
// lives on users (the header's "Hi, <first name>"); the suffix and the representative live here.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** product §3 personal info and alternate contact (the authorized representative). */
export const userProfiles = pgTable('user_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  /** One of SUFFIX_OPTIONS, or null when none was sent. */
  suffix: text('suffix'),
  /** The representative; all three null when the customer will be present. */
  alternateFirstName: text('alternate_first_name'),
  alternateLastName: text('alternate_last_name'),
  /** "639" + 9 digits. */
  alternatePhone: text('alternate_phone'),
  updatedAt: at('updated_at').notNull(),
});

/**
 * ADR 033: every consent decision is a row, never updated or deleted (RA 10173; NPC Circular 2023-04):
 * what was agreed or withdrawn, under which versions of the terms and the privacy notice, and when. The
 * latest row of a kind is the current state.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['prepaid_terms', 'information_sharing'] }).notNull(),
    granted: boolean('granted').notNull(),
    termsVersion: text('terms_version').notNull(),
    privacyNoticeVersion: text('privacy_notice_version').notNull(),
    recordedAt: at('recorded_at').notNull(),
  },
  (table) => [index('consent_records_user_idx').on(table.userId, table.id)],
);
