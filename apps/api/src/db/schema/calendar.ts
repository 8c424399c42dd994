import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { workZones } from './appointments';
import { opsUsers } from './ops';

// ADR 092: installation periods a dispatcher blocked (a typhoon, road works) — a morning, an afternoon or
// a whole day, in one work zone or the whole network. A blocked period's slots are neither offered nor
// booked (db/functions/konek_slot_blocked.sql); unblocking keeps the row, with who and when.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const calendarBlocks = pgTable(
  'calendar_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The Manila day, YYYY-MM-DD. */
    day: date('day', { mode: 'string' }).notNull(),
    /** am or pm; null blocks the whole day (every period). */
    period: text('period', { enum: ['am', 'pm'] }),
    /** The work zone; null blocks the whole network. */
    workZoneCode: text('work_zone_code').references(() => workZones.code),
    reason: text('reason').notNull(),
    blockedBy: uuid('blocked_by')
      .notNull()
      .references(() => opsUsers.id),
    blockedAt: at('blocked_at').notNull(),
    unblockedBy: uuid('unblocked_by').references(() => opsUsers.id),
    unblockedAt: at('unblocked_at'),
  },
  (table) => [
    // One live block per day, period and zone (the whole day and the whole network count as their own).
    uniqueIndex('calendar_blocks_live_once')
      .on(table.day, sql`coalesce(${table.period}, '')`, sql`coalesce(${table.workZoneCode}, '')`)
      .where(sql`${table.unblockedAt} is null`),
    index('calendar_blocks_day_idx').on(table.day),
  ],
);
