import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// ADR 096: the funnel's daily rollup. One row per Manila day, step and the four filters (city, offer,
// UTM source, sales agent; '' where the row has none), filled for each finished day by the rollup job;
// the days not rolled up yet (today) are counted live from the same queries. Only these totals outlive
// the raw events' retention.

export const funnelDaily = pgTable(
  'funnel_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    step: text('step').notNull(),
    cityCode: text('city_code').notNull(),
    offerId: text('offer_id').notNull(),
    utmSource: text('utm_source').notNull(),
    agent: text('agent').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.day, table.step, table.cityCode, table.offerId, table.utmSource, table.agent],
    }),
    index('funnel_daily_step_day_idx').on(table.step, table.day),
  ],
);

/** The days rolled up into funnel_daily: their raw events may be deleted once retention allows. */
export const funnelRolledDays = pgTable('funnel_rolled_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  rolledAt: timestamp('rolled_at', { withTimezone: true, mode: 'date' }).notNull(),
});
