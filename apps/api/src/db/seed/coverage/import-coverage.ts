import { inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database';
import { barangays, cities } from '../../schema/geography';
import { buildings, naps, pilotBarangays } from '../../schema/coverage';
import { chunk } from '../seed-runs';
import { BUILDINGS, PILOT_BARANGAYS, PLANNED_CITIES, SERVED_CITIES } from './demo-network-plan';
import { buildDemoNetwork } from './build-demo-network';

/** Replaces the demo network (NAPs, buildings, pilot barangays) with the one of demo-network-plan.ts. */
export async function importDemoNetwork(db: Db): Promise<{ naps: number; buildings: number }> {
  const cityCodes = [
    ...new Set([
      ...SERVED_CITIES.map((city) => city.code),
      ...PLANNED_CITIES.map((city) => city.code),
      ...BUILDINGS.map((building) => building.cityCode),
      ...PILOT_BARANGAYS.map((pilot) => pilot.cityCode),
    ]),
  ];
  const cityRows = await db
    .select({ code: cities.code, latitude: cities.latitude, longitude: cities.longitude })
    .from(cities)
    .where(inArray(cities.code, cityCodes));
  const barangayRows = await db
    .select({
      code: barangays.code,
      name: barangays.name,
      cityCode: barangays.cityCode,
      latitude: barangays.latitude,
      longitude: barangays.longitude,
    })
    .from(barangays)
    .where(inArray(barangays.cityCode, cityCodes));
  const network = buildDemoNetwork(new Map(cityRows.map((row) => [row.code, row])), barangayRows);

  await db.delete(naps);
  await db.delete(buildings);
  await db.delete(pilotBarangays);
  for (const rows of chunk(network.naps, 2000)) await db.insert(naps).values(rows);
  if (network.buildings.length > 0) await db.insert(buildings).values(network.buildings);
  if (network.pilotBarangayCodes.length > 0) {
    await db
      .insert(pilotBarangays)
      .values(network.pilotBarangayCodes.map((barangayCode) => ({ barangayCode })));
  }
  return { naps: network.naps.length, buildings: network.buildings.length };
}
