import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { notifyRequests } from './coverage';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const COVERAGE_ALERT_CHANNELS = ['sms', 'email'] as const;
/**
 * queued: waiting for its turn (and the budget); sending: handed to the provider, not yet confirmed;
 * sent; failed: the provider refused it every time, or the process stopped while it was being handed
 * over (it may have arrived, so it is never sent again by itself); skipped: the household unsubscribed
 * or has ordered since.
 */
export const COVERAGE_ALERT_STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;

/**
 * ADR 094: "fibre has reached your address" — one row per waiting household's request and channel. The
 * household is its email and barangay (`household_key`); it is told once for each time it waits: a
 * request made after its last alert waits again.
 */
export const coverageAlerts = pgTable(
  'coverage_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notifyRequestId: integer('notify_request_id')
      .notNull()
      .references(() => notifyRequests.id),
    householdKey: text('household_key').notNull(),
    channel: text('channel', { enum: COVERAGE_ALERT_CHANNELS }).notNull(),
    status: text('status', { enum: COVERAGE_ALERT_STATUSES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The provider's last refusal, or why the alert was skipped; never the message or the address. */
    lastError: text('last_error'),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
  },
  (table) => [
    unique('coverage_alerts_request_channel').on(table.notifyRequestId, table.channel),
    index('coverage_alerts_household_idx').on(table.householdKey, table.createdAt),
    index('coverage_alerts_open_idx')
      .on(table.status)
      .where(sql`${table.status} in ('queued', 'sending', 'failed')`),
  ],
);

/** Emails (lower case) that asked to hear nothing more from the waitlist; honoured at the next send. */
export const waitlistUnsubscribes = pgTable('waitlist_unsubscribes', {
  email: text('email').primaryKey(),
  at: at('at').notNull(),
});
