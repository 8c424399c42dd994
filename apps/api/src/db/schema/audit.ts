import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TAuditAction } from '@konek/contract/ops-history';
import { opsUsers } from './ops';

// ADR 089: every change an operator makes, written in the change's own transaction: who, when, which
// record (entity and its id), what was done, and the record before and after (null where there was none).

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The operator who made the change; null when nobody signed in did (`npm run ops`, a start). */
    operatorId: uuid('operator_id').references(() => opsUsers.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The contract's AUDIT_ENTITIES: 'ops_user', 'nap', 'building', 'offer', 'voucher', 'closed_day', … */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').$type<TAuditAction>().notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('audit_log_entity_at_idx').on(table.entity, table.entityId, sql`${table.at} desc`),
  ],
);
