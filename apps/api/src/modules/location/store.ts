import { and, asc, eq, lt, sql } from 'drizzle-orm';
import pg, { type Pool } from 'pg';
import type { Db } from '../../platform/db/database';
import type { Box } from '../../platform/geo';
import { barangays, cities, provinces } from '../../db/schema/geography';
import { buildings, naps, pilotBarangays } from '../../db/schema/coverage';

export type ProvinceRow = { code: string; name: string; regionCode: string; regionName: string };
export type CityRow = {
  code: string;
  name: string;
  provinceCode: string;
  regionCode: string;
  zipCode: string | null;
  latitude: number;
  longitude: number;
};
export type BarangayRow = {
  code: string;
  name: string;
  cityCode: string;
  zipCode: string | null;
  latitude: number | null;
  longitude: number | null;
};
export type NapRow = {
  id: number;
  latitude: number;
  longitude: number;
  /** The city it serves (the installation's work zone, ADR 035); null for NAPs laid without one. */
  cityCode: string | null;
  portCount: number;
  usedPorts: number;
  /** ADR 034: after this time a held port of an unpaid order can be taken back. */
  firstHoldExpiresAt: Date | null;
  status: 'active' | 'planned';
  expectedDate: string | null;
};
export type BuildingRow = {
  id: number;
  buildingName: string;
  streetName: string;
  servingFloors: string[];
  latitude: number;
  longitude: number;
  barangayCode: string;
};

export async function loadGeography(db: Db) {
  const [provinceRows, cityRows, barangayRows, pilotRows] = await Promise.all([
    db.select().from(provinces).orderBy(asc(provinces.name)),
    db
      .select({
        code: cities.code,
        name: cities.name,
        provinceCode: cities.provinceCode,
        regionCode: cities.regionCode,
        zipCode: cities.zipCode,
        latitude: cities.latitude,
        longitude: cities.longitude,
      })
      .from(cities),
    db.select().from(barangays),
    db.select().from(pilotBarangays),
  ]);
  return {
    provinces: provinceRows satisfies ProvinceRow[],
    cities: cityRows satisfies CityRow[],
    barangays: barangayRows satisfies BarangayRow[],
    pilotBarangayCodes: new Set(pilotRows.map((row) => row.barangayCode)),
  };
}

// One round trip each, parsed once per connection (named prepared statements): the serviceability check
// is the hottest query of the journey. The NAP box is answered by the GiST index on naps.location.
const NAPS_IN_BOX = {
  name: 'coverage-naps',
  text: `select id, (location)[1] as latitude, (location)[0] as longitude, port_count, used_ports, status,
                to_char(expected_date, 'YYYY-MM-DD') as expected_date, city_code, first_hold_expires_at
           from naps
          where location <@ box(point($1, $2), point($3, $4))`,
};

const BUILDINGS_IN_BOX = {
  name: 'coverage-buildings',
  text: `select id, latitude, longitude, building_name, street_name, serving_floors, barangay_code
           from buildings
          where latitude between $1 and $2 and longitude between $3 and $4`,
};

type NapCandidateRow = {
  id: number;
  latitude: number;
  longitude: number;
  port_count: number;
  used_ports: number;
  status: 'active' | 'planned';
  expected_date: string | null;
  city_code: string | null;
  first_hold_expires_at: Date | null;
};

type BuildingCandidateRow = {
  id: number;
  latitude: number;
  longitude: number;
  building_name: string;
  street_name: string;
  serving_floors: string[];
  barangay_code: string;
};

/** The NAPs inside `box`, asked of PostgreSQL. */
export async function findNapsIn(pool: Pool, box: Box): Promise<NapRow[]> {
  const { rows } = await pool.query<NapCandidateRow>({
    ...NAPS_IN_BOX,
    values: [box.west, box.south, box.east, box.north],
  });
  return rows.map((row) => ({
    id: row.id,
    latitude: row.latitude,
    longitude: row.longitude,
    cityCode: row.city_code,
    portCount: row.port_count,
    usedPorts: row.used_ports,
    firstHoldExpiresAt: row.first_hold_expires_at,
    status: row.status,
    expectedDate: row.expected_date,
  }));
}

/** The listed buildings inside `box`, asked of PostgreSQL. */
export async function findBuildingsIn(pool: Pool, box: Box): Promise<BuildingRow[]> {
  const { rows } = await pool.query<BuildingCandidateRow>({
    ...BUILDINGS_IN_BOX,
    values: [box.south, box.north, box.west, box.east],
  });
  return rows.map((row) => ({
    id: row.id,
    buildingName: row.building_name,
    streetName: row.street_name,
    servingFloors: row.serving_floors,
    latitude: row.latitude,
    longitude: row.longitude,
    barangayCode: row.barangay_code,
  }));
}

export async function listBuildingsOfBarangay(
  db: Db,
  barangayCode: string,
): Promise<BuildingRow[]> {
  return db
    .select({
      id: buildings.id,
      buildingName: buildings.buildingName,
      streetName: buildings.streetName,
      servingFloors: buildings.servingFloors,
      latitude: buildings.latitude,
      longitude: buildings.longitude,
      barangayCode: buildings.barangayCode,
    })
    .from(buildings)
    .where(eq(buildings.barangayCode, barangayCode))
    .orderBy(asc(buildings.buildingName));
}

export async function listAllBuildings(db: Db): Promise<BuildingRow[]> {
  return db
    .select({
      id: buildings.id,
      buildingName: buildings.buildingName,
      streetName: buildings.streetName,
      servingFloors: buildings.servingFloors,
      latitude: buildings.latitude,
      longitude: buildings.longitude,
      barangayCode: buildings.barangayCode,
    })
    .from(buildings);
}

const NAP_COLUMNS = `id, (location)[1] as latitude, (location)[0] as longitude, city_code as "cityCode",
  port_count as "portCount", used_ports as "usedPorts", first_hold_expires_at as "firstHoldExpiresAt",
  status, to_char(expected_date, 'YYYY-MM-DD') as "expectedDate"`;

/** Every NAP, or those of `ids` (a missing id was deleted). */
export async function loadNaps(pool: Pool, ids?: number[]): Promise<NapRow[]> {
  const { rows } = ids
    ? await pool.query<NapRow>(`select ${NAP_COLUMNS} from naps where id = any($1::int[])`, [ids])
    : await pool.query<NapRow>(`select ${NAP_COLUMNS} from naps`);
  return rows;
}

/** The channel the coverage triggers notify (migration 0004) and the coverage index listens on. */
const COVERAGE_CHANNEL = 'coverage_changed';

export type CoverageListener = { end: () => Promise<void> };
export type CoverageListenerEvents = {
  onNotification: (payload: string) => void;
  onError: (error: unknown) => void;
  onEnd: () => void;
};

/** A connection of its own that LISTENs for coverage changes (ADR 018); the pool's are shared. */
export async function listenForCoverageChanges(
  pool: Pool,
  events: CoverageListenerEvents,
): Promise<CoverageListener> {
  const client = new pg.Client(pool.options);
  client.on('error', events.onError);
  client.on('end', events.onEnd);
  client.on('notification', (message) => events.onNotification(message.payload ?? ''));
  try {
    await client.connect();
    await client.query(`listen ${COVERAGE_CHANNEL}`);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return { end: () => client.end() };
}

/** A notification on the coverage channel, delivered after every change committed before it. */
export async function notifyCoverageListeners(pool: Pool, payload: string): Promise<void> {
  await pool.query('select pg_notify($1, $2)', [COVERAGE_CHANNEL, payload]);
}

// ADR 034: the ports of a NAP, taken and given back inside the reserving module's transaction. Each
// statement changes the row, so the coverage triggers (migration 0004) tell every process's index.

/**
 * One port of an active NAP, taken with a conditional update: of two transactions racing for the last
 * port, the second re-reads the row after the first commits and finds no free port. The new hold's
 * expiry joins the earliest one.
 */
export async function takeNapPort(db: Db, napId: number, holdExpiresAt: Date): Promise<boolean> {
  const taken = await db
    .update(naps)
    .set({
      usedPorts: sql`${naps.usedPorts} + 1`,
      firstHoldExpiresAt: sql`least(${naps.firstHoldExpiresAt}, ${holdExpiresAt.toISOString()}::timestamptz)`,
    })
    .where(and(eq(naps.id, napId), eq(naps.status, 'active'), lt(naps.usedPorts, naps.portCount)))
    .returning({ id: naps.id });
  return taken.length === 1;
}

/** The NAP's row, locked until the transaction ends: its holds change one transaction at a time. */
export async function lockNapRow(db: Db, napId: number): Promise<boolean> {
  const rows = await db.select({ id: naps.id }).from(naps).where(eq(naps.id, napId)).for('update');
  return rows.length === 1;
}

/** `count` ports back to the NAP, and the earliest expiry of the holds still on it. */
export async function returnNapPortsRow(
  db: Db,
  napId: number,
  count: number,
  firstHoldExpiresAt: Date | null,
): Promise<void> {
  await db
    .update(naps)
    .set({ usedPorts: sql`greatest(${naps.usedPorts} - ${count}, 0)`, firstHoldExpiresAt })
    .where(eq(naps.id, napId));
}
