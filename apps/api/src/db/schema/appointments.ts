import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cities } from './geography';
import { accounts } from './identity';
import { opsUsers } from './ops';
import { resourceReservations } from './resources';

// ADR 035: installation capacity as an operator plans it — work zones (service areas) covering cities,
// crew plans (places per weekday and period), and the concrete slots made from them, each counting the
// places taken. Appointments hold a place until paid or until the hold expires (compared with now).
// Tables an operator console can edit later: a zone's cities, its crews' places, a slot's capacity.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const SLOT_PERIODS = ['am', 'pm'] as const;

export const workZones = pgTable('work_zones', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  /** Seeded for the demo: some periods of its calendar are made full (booked through other channels). */
  isDemo: boolean('is_demo').notNull().default(false),
});

/** A city belongs to one work zone: the installation of an address is the zone of its plant's city. */
export const workZoneCities = pgTable('work_zone_cities', {
  cityCode: text('city_code')
    .primaryKey()
    .references(() => cities.code),
  workZoneCode: text('work_zone_code')
    .notNull()
    .references(() => workZones.code),
});

/** The crews' places per weekday (0 Sunday … 6 Saturday, Manila) and period. */
export const crewPlans = pgTable(
  'crew_plans',
  {
    workZoneCode: text('work_zone_code')
      .notNull()
      .references(() => workZones.code),
    weekday: integer('weekday').notNull(),
    period: text('period', { enum: SLOT_PERIODS }).notNull(),
    places: integer('places').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.workZoneCode, table.weekday, table.period] }),
    check('crew_plans_weekday_check', sql`${table.weekday} between 0 and 6`),
    check('crew_plans_places_check', sql`${table.places} >= 0`),
  ],
);

/**
 * A bookable period of one zone on one day (UTC instants; am 09:00–12:00, pm 14:00–17:00 Manila). `taken`
 * counts the places held or booked — by Konek's appointments, and by other channels for the demo's full
 * periods; a place is taken only by `taken < capacity` in the updating statement.
 */
export const installationSlots = pgTable(
  'installation_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workZoneCode: text('work_zone_code')
      .notNull()
      .references(() => workZones.code),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    period: text('period', { enum: SLOT_PERIODS }).notNull(),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
    /**
     * ADR 092: the places a dispatcher set for this one day by hand; null follows the crews' weekly
     * plan. A slot set by hand keeps its places when the plan changes later.
     */
    dayPlaces: integer('day_places'),
  },
  (table) => [
    unique('installation_slots_zone_start_unique').on(table.workZoneCode, table.startsAt),
    check('installation_slots_taken_check', sql`${table.taken} >= 0`),
  ],
);

export const APPOINTMENT_ROW_STATUSES = ['held', 'confirmed', 'expired', 'cancelled'] as const;

/**
 * product §3 appointment: one installation booking of an account. `reservationId` names the current
 * hold of its place (a new one whenever the place changes). A held appointment stops counting when
 * `expiresAt` passes; its place is taken back by the next booking that needs it.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reservationId: uuid('reservation_id').notNull().unique(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    resourceReservationId: uuid('resource_reservation_id')
      .notNull()
      .references(() => resourceReservations.id),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => installationSlots.id),
    activityType: text('activity_type').notNull(),
    status: text('status', { enum: APPOINTMENT_ROW_STATUSES }).notNull(),
    /** Null once an order confirmed it. */
    expiresAt: at('expires_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('appointments_one_current_per_account')
      .on(table.accountId)
      .where(sql`${table.status} in ('held', 'confirmed')`),
    index('appointments_held_by_slot')
      .on(table.slotId, table.expiresAt)
      .where(sql`${table.status} = 'held'`),
    index('appointments_account_idx').on(table.accountId, table.createdAt),
  ],
);

/**
 * ADR 083: a day a dispatcher closed to installations (a typhoon, a local holiday, a day the law closes
 * that the holiday rules do not know), with why, who and when. The days Philippine law closes every year
 * come from the date-holidays package (calendar.ts); this table holds only the operators' own.
 */
export const closedDays = pgTable('closed_days', {
  /** The Manila day, YYYY-MM-DD. */
  day: date('day', { mode: 'string' }).primaryKey(),
  reason: text('reason').notNull(),
  addedBy: uuid('added_by')
    .notNull()
    .references(() => opsUsers.id),
  addedAt: at('added_at').notNull(),
});
