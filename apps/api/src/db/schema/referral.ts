import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './identity';

// ADR 014: product §8 referral codes. Each account owns one code; an account can be referred once.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const referralCodes = pgTable('referral_codes', {
  /** "KNK" and 6 characters without look-alikes, upper case. */
  code: text('code').primaryKey(),
  accountId: uuid('account_id')
    .notNull()
    .unique()
    .references(() => accounts.id),
  createdAt: at('created_at').notNull(),
});

/**
 * An account referred by a code. The referred account is the key: ALREADY_REFERRED holds in the
 * database, however many orders race. Written by an order (reserveReferral), never by validate.
 */
export const referralUses = pgTable('referral_uses', {
  referredAccountId: uuid('referred_account_id')
    .primaryKey()
    .references(() => accounts.id),
  referralCode: text('referral_code')
    .notNull()
    .references(() => referralCodes.code),
  orderId: text('order_id'),
  /** ADR 077: reserved by an unpaid order, spent by a paid one; an order that ends unpaid deletes it. */
  state: text('state', { enum: ['reserved', 'spent'] })
    .notNull()
    .default('spent'),
  usedAt: at('used_at').notNull(),
});
