import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
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

/** NAPs inside a lon/lat box, answered by the GiST index on `location`. */
export async function findNapsInBox(
  db: Db,
  box: { south: number; west: number; north: number; east: number },
): Promise<NapRow[]> {
  const rows = await db
    .select({
      location: naps.location,
      portCount: naps.portCount,
      usedPorts: naps.usedPorts,
      status: naps.status,
      expectedDate: naps.expectedDate,
    })
    .from(naps)
    .where(
      sql`${naps.location} <@ box(point(${box.west}, ${box.south}), point(${box.east}, ${box.north}))`,
    );
  return rows.map((row) => ({
    latitude: row.location.y,
    longitude: row.location.x,
    portCount: row.portCount,
    usedPorts: row.usedPorts,
    status: row.status,
    expectedDate: row.expectedDate,
  }));
}

export async function findBuildingsInBox(
  db: Db,
  box: { south: number; west: number; north: number; east: number },
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
    .where(
      sql`${buildings.latitude} between ${box.south} and ${box.north} and ${buildings.longitude} between ${box.west} and ${box.east}`,
    );
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
