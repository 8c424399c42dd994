import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** product §3 analytics events: page views and tagged clicks, as received. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    source: text('source', { enum: ['client', 'unregistered'] }).notNull(),
    applicationId: text('application_id'),
    targetId: text('target_id'),
    eventType: text('event_type').notNull(),
    day: text('day').notNull(),
    epochMillis: bigint('epoch_millis', { mode: 'number' }).notNull(),
    idType: integer('id_type').notNull(),
    /** null: an anonymous event that named no device (ADR 081: the spec's fields do not carry it). */
    idValue: text('id_value'),
    pageLocation: text('page_location').notNull(),
    device: text('device').notNull(),
    browser: text('browser').notNull(),
    resolution: text('resolution').notNull(),
    tag: text('tag'),
    attribution: jsonb('attribution').$type<Record<string, string>>(),
  },
  (table) => [
    index('analytics_events_event_type_day_idx').on(table.eventType, table.day),
    index('analytics_events_id_value_idx').on(table.idValue),
  ],
);
