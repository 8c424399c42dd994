import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { barangays, cities, provinces } from '../schema/geography';
import type { Geography } from './geography/build-geography';
import { chunk } from './seed-runs';

const ROWS_PER_INSERT = 4000;

/** Writes the geography, replacing rows of an earlier import (upsert by PSGC code). */
export async function importGeography(db: Db, geography: Geography): Promise<void> {
  for (const rows of chunk(geography.provinces, ROWS_PER_INSERT)) {
    await db
      .insert(provinces)
      .values(rows.map((province) => ({ ...province })))
      .onConflictDoUpdate({
        target: provinces.code,
        set: {
          name: sql`excluded.name`,
          regionCode: sql`excluded.region_code`,
          regionName: sql`excluded.region_name`,
        },
      });
  }
  for (const rows of chunk(geography.cities, ROWS_PER_INSERT)) {
    await db
      .insert(cities)
      .values(
        rows.map((city) => ({
          code: city.code,
          name: city.name,
          provinceCode: city.provinceCode,
          regionCode: city.regionCode,
          zipCode: city.zipCode,
          latitude: city.lat,
          longitude: city.lng,
          pointSource: city.pointSource,
        })),
      )
      .onConflictDoUpdate({
        target: cities.code,
        set: {
          name: sql`excluded.name`,
          provinceCode: sql`excluded.province_code`,
          regionCode: sql`excluded.region_code`,
          zipCode: sql`excluded.zip_code`,
          latitude: sql`excluded.latitude`,
          longitude: sql`excluded.longitude`,
          pointSource: sql`excluded.point_source`,
        },
      });
  }
  for (const rows of chunk(geography.barangays, ROWS_PER_INSERT)) {
    await db
      .insert(barangays)
      .values(
        rows.map((barangay) => ({
          code: barangay.code,
          name: barangay.name,
          cityCode: barangay.cityCode,
          zipCode: barangay.zipCode,
          latitude: barangay.lat,
          longitude: barangay.lng,
        })),
      )
      .onConflictDoUpdate({
        target: barangays.code,
        set: {
          name: sql`excluded.name`,
          cityCode: sql`excluded.city_code`,
          zipCode: sql`excluded.zip_code`,
          latitude: sql`excluded.latitude`,
          longitude: sql`excluded.longitude`,
        },
      });
  }
}
