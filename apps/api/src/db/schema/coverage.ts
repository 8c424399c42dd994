import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  point,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { barangays, cities } from './geography';

// docs/architecture.md: serviceability is decided by the fibre plant. A NAP (distribution point) serves homes
// within the service radius while it has a free port; a planned NAP carries its expected date.

export const naps = pgTable(
  'naps',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    /** (x, y) = (longitude, latitude), so the GiST index answers bounding-box and nearest queries. */
    location: point('location', { mode: 'xy' }).notNull(),
    cityCode: text('city_code').references(() => cities.code),
    portCount: integer('port_count').notNull(),
    /** Ports in use: installed lines and ports held for unpaid orders (ADR 034). */
    usedPorts: integer('used_ports').notNull().default(0),
    /**
     * ADR 034: the earliest expiry among the ports held for unpaid orders (null: none held). Once it has
     * passed, a port counts as free even while used_ports = port_count; the next reservation takes it back.
     */
    firstHoldExpiresAt: timestamp('first_hold_expires_at', { withTimezone: true, mode: 'date' }),
    status: text('status', { enum: ['active', 'planned'] }).notNull(),
    expectedDate: date('expected_date'),
  },
  (table) => [
    index('naps_location_gist').using('gist', table.location),
    check(
      'naps_ports_check',
      sql`${table.usedPorts} >= 0 and ${table.usedPorts} <= ${table.portCount}`,
    ),
  ],
);

/** product §3 building list entry: buildings wired inside, with the floors they serve. */
export const buildings = pgTable(
  'buildings',
  {
    id: serial('id').primaryKey(),
    buildingName: text('building_name').notNull(),
    streetName: text('street_name').notNull(),
    servingFloors: text('serving_floors').array().notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    barangayCode: text('barangay_code')
      .notNull()
      .references(() => barangays.code),
  },
  (table) => [index('buildings_barangay_code_idx').on(table.barangayCode)],
);

/**
 * ADR 090: the listed buildings a NAP feeds (the network planner's file names them). Which NAP feeds a
 * building is the plant's record only: whether a building is served is still its listing (ADR 081).
 */
export const napBuildings = pgTable(
  'nap_buildings',
  {
    napId: integer('nap_id')
      .notNull()
      .references(() => naps.id, { onDelete: 'cascade' }),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.napId, table.buildingId] }),
    index('nap_buildings_building_id_idx').on(table.buildingId),
  ],
);

/** Barangays in the fibre pilot (product §3: barangay detail properties.gfiber_pilot). */
export const pilotBarangays = pgTable('pilot_barangays', {
  barangayCode: text('barangay_code')
    .primaryKey()
    .references(() => barangays.code),
});

/** product §7.1 "unregistered (notify-me)": a visitor asks to be told when fibre reaches their address. */
export const notifyRequests = pgTable(
  'notify_requests',
  {
    id: serial('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    applicationId: text('application_id').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    suffix: text('suffix'),
    msisdn: text('msisdn'),
    addressType: text('address_type').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    barangay: text('barangay').notNull(),
    houseNumber: text('house_number'),
    street: text('street'),
    village: text('village'),
    floor: text('floor'),
    unitNumber: text('unit_number'),
    buildingName: text('building_name'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    pageLocation: text('page_location'),
    epochMillis: text('epoch_millis').notNull(),
    day: text('day').notNull(),
  },
  (table) => [index('notify_requests_area_idx').on(table.province, table.city, table.barangay)],
);
