import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Drizzle schema, one file per area under db/schema/. SQL migrations are generated from them
// (`npm run db:generate`) and applied on start.

/** Which seed data set has been imported, so a restart skips work already done. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  version: text('version').notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
});
