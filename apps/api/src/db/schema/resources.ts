import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './identity';
import { accountAddresses } from './address-book';

// ADR 034: the network reservation ("resource", product §7.1 reserve / get resource): one port of the
// NAP or listed building that serves the account's installation address, held until a paid order commits
// it or the hold expires. An expired hold stops counting when its expiry passes (compared with now); its
// port is taken back by the next reservation that needs it, never by a background job.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const RESERVATION_STATUSES = ['held', 'committed', 'released', 'expired'] as const;

export const resourceReservations = pgTable(
  'resource_reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    addressId: uuid('address_id')
      .notNull()
      .references(() => accountAddresses.id),
    /** Where it was reserved for: the saved address's position, building and floor then. */
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    building: text('building'),
    floor: text('floor'),
    servedBy: text('served_by', { enum: ['nap', 'building'] }).notNull(),
    /** The NAP whose port is held (no foreign key: the demo network is re-imported as a whole). */
    napId: integer('nap_id'),
    /** The building lookup's id of the listed building (ADR 081: the facility service's, text). */
    buildingId: text('building_id'),
    /** The city the plant serves: the installation's work zone (ADR 035). */
    cityCode: text('city_code'),
    /** product §3 resource booking: the external order's ids, opaque and unguessable. */
    externalOrderId: text('external_order_id').notNull().unique(),
    externalOrderActionId: text('external_order_action_id').notNull().unique(),
    /** The booked installation's appointment id (set by the appointments module). */
    externalAppointmentId: text('external_appointment_id'),
    /** When that appointment's hold expires (null once confirmed): an expired one is not answered. */
    appointmentExpiresAt: at('appointment_expires_at'),
    /** The name the external order carries (product §7.1 reserve resource customer). */
    customerFirstName: text('customer_first_name').notNull(),
    customerLastName: text('customer_last_name').notNull(),
    status: text('status', { enum: RESERVATION_STATUSES }).notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull(),
    committedAt: at('committed_at'),
    endedAt: at('ended_at'),
  },
  (table) => [
    // One reservation that holds a port per account: a second can only follow the end of the first.
    uniqueIndex('resource_reservations_one_live_per_account')
      .on(table.accountId)
      .where(sql`${table.status} in ('held', 'committed')`),
    index('resource_reservations_held_by_nap')
      .on(table.napId, table.expiresAt)
      .where(sql`${table.status} = 'held'`),
  ],
);
