import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { buildings, napBuildings, naps } from '../../db/schema/coverage';

// ADR 090: the network planner's NAP file, read from and written to the plant. Rows go to PostgreSQL as
// one JSON parameter per statement (jsonb_to_recordset), so a chunk of thousands of NAPs is one round
// trip and never meets the protocol's limit of 65,535 parameters. Every write to `naps` fires the
// coverage triggers (migration 0004): each process's coverage index re-reads what changed (ADR 018).

/** A NAP as the file describes it (its code, not its id). */
export type PlantNap = {
  code: string;
  latitude: number;
  longitude: number;
  portCount: number;
  usedPorts: number;
  status: 'active' | 'planned';
  expectedDate: string | null;
  cityCode: string | null;
  /** Sorted. */
  buildingIds: number[];
};

/** A NAP to write: `cityCode` undefined keeps the NAP's city, `buildingIds` undefined its buildings. */
export type PlantNapWrite = Omit<PlantNap, 'cityCode' | 'buildingIds'> & {
  cityCode: string | undefined;
  buildingIds: number[] | undefined;
};

const WRITE_CHUNK = 5000;

type PlantNapRow = {
  code: string;
  latitude: number;
  longitude: number;
  port_count: number;
  used_ports: number;
  status: 'active' | 'planned';
  expected_date: string | null;
  city_code: string | null;
  building_ids: number[];
};

const plantNapOf = (row: PlantNapRow): PlantNap => ({
  code: row.code,
  latitude: row.latitude,
  longitude: row.longitude,
  portCount: row.port_count,
  usedPorts: row.used_ports,
  status: row.status,
  expectedDate: row.expected_date,
  cityCode: row.city_code,
  buildingIds: row.building_ids,
});

// The buildings of every NAP that has any, grouped once and joined by hash: a subquery per NAP costs a
// hundred thousand index scans for a national plant.
const PLANT_NAPS = sql`select n.code, (n.location)[1] as latitude, (n.location)[0] as longitude,
    n.port_count, n.used_ports, n.status, to_char(n.expected_date, 'YYYY-MM-DD') as expected_date,
    n.city_code, coalesce(l.building_ids, '{}') as building_ids
  from ${naps} n
  left join (select nap_id, array_agg(building_id order by building_id) as building_ids
               from ${napBuildings} group by nap_id) l on l.nap_id = n.id`;

/** The NAPs of these codes, as the file would write them (a code no NAP has is left out). */
export async function plantNapsOfCodes(db: Db, codes: readonly string[]): Promise<PlantNap[]> {
  if (codes.length === 0) return [];
  const { rows } = await db.execute<PlantNapRow>(sql`${PLANT_NAPS}
     where n.code in (select jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))`);
  return rows.map(plantNapOf);
}

/** Every NAP, by code. */
export async function allPlantNaps(db: Db): Promise<PlantNap[]> {
  const { rows } = await db.execute<PlantNapRow>(sql`${PLANT_NAPS} order by n.code`);
  return rows.map(plantNapOf);
}

/** The listed buildings a file may name, by id and name. */
export async function buildingNames(db: Db): Promise<{ id: number; name: string }[]> {
  return db.select({ id: buildings.id, name: buildings.buildingName }).from(buildings);
}

/**
 * Inserts the new NAPs and updates the existing ones (by code), then sets the buildings of those that
 * name theirs. Run inside the caller's transaction. Ports held for unpaid orders keep their expiry.
 */
export async function writePlantNaps(tx: Db, writes: readonly PlantNapWrite[]): Promise<void> {
  for (let at = 0; at < writes.length; at += WRITE_CHUNK) {
    const chunk = writes.slice(at, at + WRITE_CHUNK);
    const json = JSON.stringify(
      chunk.map((nap) => ({
        code: nap.code,
        latitude: nap.latitude,
        longitude: nap.longitude,
        port_count: nap.portCount,
        used_ports: nap.usedPorts,
        status: nap.status,
        expected_date: nap.expectedDate,
        city_code: nap.cityCode ?? null,
      })),
    );
    const { rows } = await tx.execute<{ id: number; code: string }>(sql`
      insert into ${naps} (code, location, port_count, used_ports, status, expected_date, city_code)
      select r.code, point(r.longitude, r.latitude), r.port_count, r.used_ports, r.status,
             r.expected_date, r.city_code
        from jsonb_to_recordset(${json}::jsonb) as r(code text, latitude float8, longitude float8,
             port_count int, used_ports int, status text, expected_date date, city_code text)
      on conflict (code) do update set
        location = excluded.location,
        port_count = excluded.port_count,
        used_ports = excluded.used_ports,
        status = excluded.status,
        expected_date = excluded.expected_date,
        city_code = coalesce(excluded.city_code, ${naps}.city_code)
      returning id, code`);
    const idOf = new Map(rows.map((row) => [row.code, row.id]));
    const links = chunk.flatMap((nap) =>
      nap.buildingIds === undefined ? [] : [{ napId: idOf.get(nap.code)!, ids: nap.buildingIds }],
    );
    if (links.length === 0) continue;
    const napIds = JSON.stringify(links.map((link) => link.napId));
    await tx.execute(sql`
      delete from ${napBuildings}
       where nap_id in (select (jsonb_array_elements_text(${napIds}::jsonb))::int)`);
    const pairs = links.flatMap((link) =>
      link.ids.map((buildingId) => ({ nap_id: link.napId, building_id: buildingId })),
    );
    if (pairs.length === 0) continue;
    await tx.execute(sql`
      insert into ${napBuildings} (nap_id, building_id)
      select r.nap_id, r.building_id
        from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as r(nap_id int, building_id int)`);
  }
}

// ADR 090 (the map and in-place edits): the network planner's map reads the plant as compact rows, and
// one NAP or one listed building is changed in place. Writes to `naps` and `buildings` fire the coverage
// triggers (migration 0004), so each process's coverage index re-reads the row once the change commits.

/** A bounding box in degrees (south ≤ north, west ≤ east). */
export type PlantBox = { south: number; west: number; north: number; east: number };

/** [code, latitude, longitude, ports_total, ports_used, status, expected_date]. */
export type MapNap = [string, number, number, number, number, 'active' | 'planned', string | null];

type MapNapRow = {
  code: string;
  latitude: number;
  longitude: number;
  port_count: number;
  used_ports: number;
  status: 'active' | 'planned';
  expected_date: string | null;
};

const inBox = (box: PlantBox | undefined) =>
  box === undefined
    ? sql`true`
    : sql`n.location <@ box(point(${box.west}, ${box.south}), point(${box.east}, ${box.north}))`;

/** Which NAPs the map asks for: those in a box (or all), or the one of a code. */
export type MapNapQuery = { box?: PlantBox; code?: string; limit: number };

/**
 * The NAPs of the map, by code: at most `limit` (`truncated` when there were more). The box is the GiST
 * index's (`naps_location_gist`, `<@`); without an order the scan stops at `limit` + 1 rows, so a box of
 * the whole country costs no more than a full answer. Which rows a cut keeps is the index's order.
 */
export async function mapNaps(
  db: Db,
  query: MapNapQuery,
): Promise<{ naps: MapNap[]; truncated: boolean }> {
  const where = query.code === undefined ? inBox(query.box) : sql`n.code = ${query.code}`;
  const { rows } = await db.execute<MapNapRow>(sql`
    select n.code, (n.location)[1] as latitude, (n.location)[0] as longitude, n.port_count,
           n.used_ports, n.status, to_char(n.expected_date, 'YYYY-MM-DD') as expected_date
      from ${naps} n where ${where} limit ${query.limit + 1}`);
  const count = Math.min(rows.length, query.limit);
  const result: MapNap[] = new Array(count);
  for (let at = 0; at < count; at += 1) {
    const row = rows[at]!;
    result[at] = [
      row.code,
      row.latitude,
      row.longitude,
      row.port_count,
      row.used_ports,
      row.status,
      row.expected_date,
    ];
  }
  result.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { naps: result, truncated: rows.length > query.limit };
}

/** One NAP as the map shows it. */
export type MapNapRecord = {
  code: string;
  latitude: number;
  longitude: number;
  portsTotal: number;
  portsUsed: number;
  status: 'active' | 'planned';
  expectedDate: string | null;
};

const mapNapRecordOf = (row: MapNapRow): MapNapRecord => ({
  code: row.code,
  latitude: row.latitude,
  longitude: row.longitude,
  portsTotal: row.port_count,
  portsUsed: row.used_ports,
  status: row.status,
  expectedDate: row.expected_date,
});

/** The NAP of this code, its row locked until the transaction ends (undefined: no such NAP). */
export async function lockMapNap(tx: Db, code: string): Promise<MapNapRecord | undefined> {
  const { rows } = await tx.execute<MapNapRow>(sql`
    select n.code, (n.location)[1] as latitude, (n.location)[0] as longitude, n.port_count,
           n.used_ports, n.status, to_char(n.expected_date, 'YYYY-MM-DD') as expected_date
      from ${naps} n where n.code = ${code} for update`);
  return rows[0] && mapNapRecordOf(rows[0]);
}

/** Writes the NAP's position, ports, status and date; ports held for unpaid orders keep their expiry. */
export async function updateMapNap(tx: Db, nap: MapNapRecord): Promise<MapNapRecord> {
  const { rows } = await tx.execute<MapNapRow>(sql`
    update ${naps} n set location = point(${nap.longitude}, ${nap.latitude}),
           port_count = ${nap.portsTotal}, used_ports = ${nap.portsUsed}, status = ${nap.status},
           expected_date = ${nap.expectedDate}::date
     where n.code = ${nap.code}
     returning n.code, (n.location)[1] as latitude, (n.location)[0] as longitude, n.port_count,
           n.used_ports, n.status, to_char(n.expected_date, 'YYYY-MM-DD') as expected_date`);
  return mapNapRecordOf(rows[0]!);
}

/** A listed building as the map shows it. */
export type MapBuilding = {
  id: number;
  buildingName: string;
  streetName: string;
  latitude: number;
  longitude: number;
  servingFloors: string[];
};

const BUILDING_COLUMNS = {
  id: buildings.id,
  buildingName: buildings.buildingName,
  streetName: buildings.streetName,
  latitude: buildings.latitude,
  longitude: buildings.longitude,
  servingFloors: buildings.servingFloors,
};

/** The listed buildings of the map (in `box`, or all), by id: at most `limit` (`truncated`: more). */
export async function mapBuildings(
  db: Db,
  box: PlantBox | undefined,
  limit: number,
): Promise<{ buildings: MapBuilding[]; truncated: boolean }> {
  const where =
    box === undefined
      ? undefined
      : sql`${buildings.latitude} between ${box.south} and ${box.north}
            and ${buildings.longitude} between ${box.west} and ${box.east}`;
  const rows = await db
    .select(BUILDING_COLUMNS)
    .from(buildings)
    .where(where)
    .orderBy(buildings.id)
    .limit(limit + 1);
  return { buildings: rows.slice(0, limit), truncated: rows.length > limit };
}

/** The building of this id, its row locked until the transaction ends (undefined: none). */
export async function lockMapBuilding(tx: Db, id: number): Promise<MapBuilding | undefined> {
  const rows = await tx
    .select(BUILDING_COLUMNS)
    .from(buildings)
    .where(sql`${buildings.id} = ${id}`)
    .for('update');
  return rows[0];
}

/** Writes the building's name and floors served. */
export async function updateMapBuilding(
  tx: Db,
  id: number,
  change: { buildingName: string; servingFloors: string[] },
): Promise<MapBuilding> {
  const rows = await tx
    .update(buildings)
    .set({ buildingName: change.buildingName, servingFloors: change.servingFloors })
    .where(sql`${buildings.id} = ${id}`)
    .returning(BUILDING_COLUMNS);
  return rows[0]!;
}
