import { asc, eq } from 'drizzle-orm';
import pg, { type Pool } from 'pg';
import type { Db } from '../../platform/db/database';
import type { Box } from '../../platform/geo';
import { barangays, cities, provinces } from '../../db/schema/geography';
import { buildings, pilotBarangays } from '../../db/schema/coverage';

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
  portCount: number;
  usedPorts: number;
  status: 'active' | 'planned';
  expectedDate: string | null;
};
export type BuildingRow = {
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

export type CoverageCandidates = { naps: NapRow[]; buildings: BuildingRow[] };

// One round trip, parsed once per connection (a named prepared statement): the serviceability check is
// the hottest query of the journey. The NAP box is answered by the GiST index on naps.location.
const CANDIDATES_QUERY = {
  name: 'coverage-candidates',
  text: `select 'nap' as kind, id, (location)[1] as latitude, (location)[0] as longitude, port_count, used_ports,
                status, to_char(expected_date, 'YYYY-MM-DD') as expected_date,
                null::text as building_name, null::text as street_name, null::text[] as serving_floors,
                null::text as barangay_code
           from naps
          where location <@ box(point($1, $2), point($3, $4))
         union all
         select 'building', id, latitude, longitude, null, null, null, null, building_name, street_name,
                serving_floors, barangay_code
           from buildings
          where latitude between $5 and $6 and longitude between $7 and $8`,
};

type CandidateRow = {
  kind: 'nap' | 'building';
  id: number;
  latitude: number;
  longitude: number;
  port_count: number | null;
  used_ports: number | null;
  status: 'active' | 'planned' | null;
  expected_date: string | null;
  building_name: string | null;
  street_name: string | null;
  serving_floors: string[] | null;
  barangay_code: string | null;
};

/** NAPs inside `napBox` and listed buildings inside `buildingBox`, asked of PostgreSQL. */
export async function findCoverageCandidates(
  pool: Pool,
  napBox: Box,
  buildingBox: Box,
): Promise<CoverageCandidates> {
  const { rows } = await pool.query<CandidateRow>({
    ...CANDIDATES_QUERY,
    values: [
      napBox.west,
      napBox.south,
      napBox.east,
      napBox.north,
      buildingBox.south,
      buildingBox.north,
      buildingBox.west,
      buildingBox.east,
    ],
  });
  const candidates: CoverageCandidates = { naps: [], buildings: [] };
  for (const row of rows) {
    if (row.kind === 'nap') {
      candidates.naps.push({
        id: row.id,
        latitude: row.latitude,
        longitude: row.longitude,
        portCount: row.port_count ?? 0,
        usedPorts: row.used_ports ?? 0,
        status: row.status ?? 'active',
        expectedDate: row.expected_date,
      });
    } else {
      candidates.buildings.push({
        buildingName: row.building_name ?? '',
        streetName: row.street_name ?? '',
        servingFloors: row.serving_floors ?? [],
        latitude: row.latitude,
        longitude: row.longitude,
        barangayCode: row.barangay_code ?? '',
      });
    }
  }
  return candidates;
}

export async function listBuildingsOfBarangay(
  db: Db,
  barangayCode: string,
): Promise<BuildingRow[]> {
  return db
    .select({
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
      buildingName: buildings.buildingName,
      streetName: buildings.streetName,
      servingFloors: buildings.servingFloors,
      latitude: buildings.latitude,
      longitude: buildings.longitude,
      barangayCode: buildings.barangayCode,
    })
    .from(buildings);
}

const NAP_COLUMNS = `id, (location)[1] as latitude, (location)[0] as longitude, port_count as "portCount",
  used_ports as "usedPorts", status, to_char(expected_date, 'YYYY-MM-DD') as "expectedDate"`;

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
