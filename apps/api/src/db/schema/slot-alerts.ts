import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './identity';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * ADR 044: "tell me when a slot opens" — one request per account, for the city its network reservation
 * is in (the city's work zone is looked up when places are checked, so a city added to a zone later
 * counts). `notifiedAt` is set when the SMS went out; asking again after that starts a new request.
 */
export const slotAlerts = pgTable(
  'slot_alerts',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id),
    /** The number the SMS goes to: the account owner's, from the token that asked. */
    msisdn: text('msisdn').notNull(),
    cityCode: text('city_code'),
    requestedAt: at('requested_at').notNull(),
    notifiedAt: at('notified_at'),
  },
  (table) => [
    index('slot_alerts_pending')
      .on(table.cityCode)
      .where(sql`${table.notifiedAt} is null`),
  ],
);
