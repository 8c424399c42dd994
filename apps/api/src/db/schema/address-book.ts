import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { TAddressParts } from '@konek/contract/address-book';
import { accounts } from './identity';
import { barangays } from './geography';

// ADR 031: the installation address of an account (product §7.1 add / update / get address, type 4).
// An account keeps one address of each type: add_address on an account that has one updates it.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const accountAddresses = pgTable(
  'account_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** product §3: address type 4, the installation address. */
    type: integer('type').notNull(),
    /** The barangay's PSGC code, checked against the geography tables. */
    barangayCode: text('barangay_code')
      .notNull()
      .references(() => barangays.code),
    /** The parts as sent (ampersands as &amp;, empty village "none": product §5). */
    parts: jsonb('parts').$type<TAddressParts>().notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    unique('account_addresses_account_type_unique').on(table.accountId, table.type),
    index('account_addresses_barangay_idx').on(table.barangayCode),
  ],
);
