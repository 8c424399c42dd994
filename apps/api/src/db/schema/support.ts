import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './identity';
import { opsUsers } from './ops';
import { orders } from './orders';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * ADR 079: what customers write on the help page's contact form, and how a dispatcher answered it. A
 * signed-in customer's request carries their account and the order it is about, both taken from the
 * token's account on the server; an anonymous one carries only what was typed. The client address is
 * not kept: the budgets that bound it are counted in usage_counters (ADR 022).
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The customer's reference (HELP-00000012). */
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    /** The contract's SUPPORT_TOPICS. */
    topic: text('topic').notNull(),
    name: text('name').notNull(),
    /** Where the answer is texted: 63 + 10 digits. */
    msisdn: text('msisdn').notNull(),
    message: text('message').notNull(),
    accountId: uuid('account_id').references(() => accounts.id),
    orderId: uuid('order_id').references(() => orders.id),
    status: text('status', { enum: ['open', 'closed'] }).notNull(),
    createdAt: at('created_at').notNull(),
    answer: text('answer'),
    closedBy: uuid('closed_by').references(() => opsUsers.id),
    closedAt: at('closed_at'),
    /** When the answer's SMS was handed to the provider (once). */
    answerSentAt: at('answer_sent_at'),
  },
  (table) => [
    index('support_requests_open')
      .on(table.createdAt)
      .where(sql`${table.status} = 'open'`),
    index('support_requests_closed_at').on(table.closedAt),
  ],
);
