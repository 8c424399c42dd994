import type { Db } from '../../platform/db/database';
import type { Geocoder } from '../../providers/geocoding/geocoder';
import {
  createLocalGazetteer,
  type GazetteerEntry,
} from '../../providers/geocoding/local-gazetteer';
import { buildAddressCatalogue, type AddressCatalogue } from './address-catalogue';
import { listAllBuildings, listBuildingsOfBarangay, loadGeography } from './store';

export async function loadAddressCatalogue(db: Db): Promise<AddressCatalogue> {
  return buildAddressCatalogue(await loadGeography(db));
}

/** The local gazetteer: every city and barangay (at its own point or its city's) and every listed building. */
export async function createGazetteer(db: Db, catalogue: AddressCatalogue): Promise<Geocoder> {
  const provinceName = (code: string) => catalogue.provinceByCode.get(code)?.name ?? '';
  const entries: GazetteerEntry[] = catalogue.cities.map((city) => ({
    name: city.name,
    label: `${city.name}, ${provinceName(city.provinceCode)}`,
    kind: 'city',
    latitude: city.latitude,
    longitude: city.longitude,
    hasOwnPoint: true,
  }));
  const barangayLabels = new Map<string, string>();
  for (const barangay of catalogue.barangays) {
    const city = catalogue.cityByCode.get(barangay.cityCode);
    if (!city) continue;
    const label = `${barangay.name}, ${city.name}, ${provinceName(city.provinceCode)}`;
    barangayLabels.set(barangay.code, label);
    entries.push({
      name: barangay.name,
      label,
      kind: 'barangay',
      latitude: barangay.latitude ?? city.latitude,
      longitude: barangay.longitude ?? city.longitude,
      hasOwnPoint: barangay.latitude !== null,
    });
  }
  for (const building of await listAllBuildings(db)) {
    entries.push({
      name: building.buildingName,
      label: `${building.buildingName}, ${building.streetName}, ${barangayLabels.get(building.barangayCode) ?? ''}`,
      kind: 'building',
      latitude: building.latitude,
      longitude: building.longitude,
      hasOwnPoint: true,
    });
  }
  return createLocalGazetteer(entries);
}

export async function buildingListOf(db: Db, barangayCode: string) {
  const rows = await listBuildingsOfBarangay(db, barangayCode);
  return rows.map(({ buildingName, streetName, servingFloors, latitude, longitude }) => ({
    buildingName,
    streetName,
    servingFloors,
    latitude,
    longitude,
  }));
}

/** The barangay of a PSGC code with its city, or undefined when the geography has no such barangay. */
export function findBarangay(
  catalogue: AddressCatalogue,
  barangayCode: string,
): { code: string; name: string; cityCode: string } | undefined {
  const barangay = catalogue.barangayByCode.get(barangayCode);
  return barangay && { code: barangay.code, name: barangay.name, cityCode: barangay.cityCode };
}

export type { AddressCatalogue } from './address-catalogue';
