import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Units spent against a budget in its current fixed window (ADR 022): one row per key, e.g. the SMS
 * sent from one client address this hour. A new window resets the row, so it never grows per window;
 * rows whose window has ended are deleted as new windows start.
 */
export const usageCounters = pgTable(
  'usage_counters',
  {
    key: text('key').primaryKey(),
    windowStart: at('window_start').notNull(),
    windowEndsAt: at('window_ends_at').notNull(),
    used: integer('used').notNull(),
  },
  (table) => [index('usage_counters_window_ends_at_idx').on(table.windowEndsAt)],
);
