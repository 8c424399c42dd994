import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// ADR 015: product §7.2 content page-configs. A page's content is JSON checked against the
// contract's schema for its kind (packages/contract/src/get-page-config.ts) when read.

export const pageConfigs = pgTable('page_configs', {
  /** product §7.2: the home page is 27. */
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  content: jsonb('content').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});
