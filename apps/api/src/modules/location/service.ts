import type { Geocoder } from '../../providers/geocoding/geocoder';
import {
  createLocalGazetteer,
  type GazetteerEntry,
} from '../../providers/geocoding/local-gazetteer';
import {
  BuildingLookupUnavailableError,
  type BuildingLookup,
  type ListedBuilding,
} from '../../providers/building-lookup/building-lookup';
import type { ListedBuildingCatalogue } from '../../providers/building-lookup/local-building-lookup';
import { buildAddressCatalogue, type AddressCatalogue } from './address-catalogue';
import type { FastifyBaseLogger } from 'fastify';
import type { TUnavailabilityReason } from '@konek/contract/serviceability-check';
import type { TBuildingListEntry } from '@konek/contract/get-building-list';
import { DomainError } from '../../platform/domain-error';
import type { Database, Db } from '../../platform/db/database';
import { boxAround, distanceMeters, type LatLng } from '../../platform/geo';
import type { AreaNames, ResolvedArea } from './area-names';
import { openCoverageIndex, type CoverageIndex } from './coverage-index';
import { decideServing, hasFreePort, type ServingSources } from './serviceability';
import {
  allPlantNaps,
  buildingNames,
  lockMapBuilding,
  lockMapNap,
  mapBuildings,
  mapNaps,
  updateMapBuilding,
  updateMapNap,
  type MapBuilding,
  type MapNap,
  type MapNapQuery,
  type MapNapRecord,
  type PlantBox,
  plantNapsOfCodes,
  writePlantNaps,
  type PlantNap,
  type PlantNapWrite,
} from './nap-plant-store';
import {
  listAllBuildings,
  listBuildingsOfBarangay,
  loadGeography,
  lockNapRow,
  returnNapPortsRow,
  takeNapPort,
  type BuildingRow,
} from './store';

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

/** A listed building as the building lookup answers it (the catalogue's row id as its id). */
const listedBuilding = (row: BuildingRow): ListedBuilding => ({ ...row, id: String(row.id) });

/**
 * ADR 081: Konek's own listed-building catalogue, for the local building lookup: a barangay's from
 * PostgreSQL, those near a pin from the coverage index's copy in memory.
 */
export function listedBuildingCatalogue(db: Db, coverage: CoverageIndex): ListedBuildingCatalogue {
  return {
    ofBarangay: async (barangayCode) =>
      (await listBuildingsOfBarangay(db, barangayCode)).map(listedBuilding),
    inBox: async (box) => (await coverage.buildingsIn(box)).map(listedBuilding),
  };
}

/** The building lookup could not answer: the decision cannot be made without it (ADR 081). */
const lookupUnavailable = () =>
  new DomainError(
    'common',
    'SERVICE_UNAVAILABLE',
    {},
    "We can't check listed buildings just now. Please try again in a moment.",
  );

/** What the building lookup answers, its failure as the 503 every caller gives. */
export async function askBuildingLookup<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof BuildingLookupUnavailableError) throw lookupUnavailable();
    throw error;
  }
}

/** product §7.1 building list: the barangay's listed buildings, by name, from the building lookup. */
export async function buildingListOf(
  buildings: BuildingLookup,
  area: ResolvedArea,
): Promise<TBuildingListEntry[]> {
  const listed = await askBuildingLookup(() => buildings.buildingsOf(area));
  return listed
    .map(({ buildingName, streetName, servingFloors, latitude, longitude }) => ({
      buildingName,
      streetName,
      servingFloors,
      latitude,
      longitude,
    }))
    .sort((left, right) => left.buildingName.localeCompare(right.buildingName));
}

/**
 * ADR 081: the area a body names — province, city and barangay as the address lists give them, names or
 * codes, and barangay_code when sent — or the refusal naming the field that is wrong: `prefix` is where
 * the area sits in the body ("parts", "address", or "" for the body itself).
 */
export function resolveArea(
  catalogue: AddressCatalogue,
  names: AreaNames,
  prefix: string,
): ResolvedArea {
  const resolution = catalogue.areas.resolve(names);
  if ('area' in resolution) return resolution.area;
  const field = prefix === '' ? resolution.problem.field : `${prefix}.${resolution.problem.field}`;
  throw new DomainError(
    'addressbook',
    'AREA_NOT_FOUND',
    { field },
    `${field}: ${resolution.problem.message}`,
  );
}

export type { AreaNames, ResolvedArea } from './area-names';

/** The barangay of a PSGC code with its city, or undefined when the geography has no such barangay. */
export function findBarangay(
  catalogue: AddressCatalogue,
  barangayCode: string,
): { code: string; name: string; cityCode: string } | undefined {
  const barangay = catalogue.barangayByCode.get(barangayCode);
  return barangay && { code: barangay.code, name: barangay.name, cityCode: barangay.cityCode };
}

export type { AddressCatalogue } from './address-catalogue';

export type { CoverageIndex } from './coverage-index';

/** ADR 018: the coverage network in memory, shared by the serviceability check and the reservation. */
export function openCoverage(
  database: Database,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<CoverageIndex> {
  return openCoverageIndex(database, log);
}

/**
 * What the coverage decision needs: the plant in memory, the listed buildings' lookup, the area lists
 * and the service radius.
 */
export type CoverageDecider = ServingSources & {
  catalogue: AddressCatalogue;
  serviceRadiusMeters: number;
};

/**
 * What serves a place now (the serviceability check's own rule, ADR 003, 018): a listed building, or
 * the NAPs within the radius that have a free port, nearest first; or why nothing does. `cityCode` is the
 * city the plant serves, which decides the installation's work zone (ADR 035).
 */
export type ServingPlace =
  | { kind: 'building'; buildingId: string; cityCode: string | null }
  | { kind: 'nap'; naps: { id: number; cityCode: string | null }[] }
  | { kind: 'unserved'; reason: TUnavailabilityReason };

export async function servingPlaceOf(
  decider: CoverageDecider,
  point: LatLng,
  floor: string | undefined,
  now: Date,
): Promise<ServingPlace> {
  const decision = await askBuildingLookup(() =>
    decideServing(decider, point, floor, decider.serviceRadiusMeters, now),
  );
  if (decision.building) {
    return {
      kind: 'building',
      buildingId: decision.building.id,
      cityCode: findBarangay(decider.catalogue, decision.building.barangayCode)?.cityCode ?? null,
    };
  }
  if (decision.naps.length > 0) {
    return { kind: 'nap', naps: decision.naps.map(({ id, cityCode }) => ({ id, cityCode })) };
  }
  return { kind: 'unserved', reason: decision.result.unavailability_reason?.code ?? 'no_coverage' };
}

/**
 * ADR 095: what the NAPs near a pin promise it, by the check's NAP rule — whether an active NAP with a
 * free port within the radius serves it now, and the earliest expected date of a planned NAP within the
 * radius (null: none). Read from the coverage index in memory (ADR 018).
 */
export async function napReachOf(
  coverage: CoverageIndex,
  point: LatLng,
  serviceRadiusMeters: number,
  now: Date,
): Promise<{ served: boolean; plannedDate: string | null }> {
  let served = false;
  let plannedDate: string | null = null;
  for (const nap of await coverage.napsIn(boxAround(point, serviceRadiusMeters))) {
    if (distanceMeters(point, nap) > serviceRadiusMeters) continue;
    if (nap.status === 'active') served ||= hasFreePort(nap, now);
    else if (nap.expectedDate && (plannedDate === null || nap.expectedDate < plannedDate)) {
      plannedDate = nap.expectedDate;
    }
  }
  return { served, plannedDate };
}

/** The barangay an area's names (or codes) give, or undefined when the lists have none (ADR 081). */
export function areaOfNames(
  catalogue: AddressCatalogue,
  names: AreaNames,
): (ResolvedArea & { point: LatLng | null }) | undefined {
  const resolution = catalogue.areas.resolve(names);
  if (!('area' in resolution)) return undefined;
  const row = catalogue.barangayByCode.get(resolution.area.barangay.code);
  const point =
    row && row.latitude !== null && row.longitude !== null
      ? { latitude: row.latitude, longitude: row.longitude }
      : null;
  return { ...resolution.area, point };
}

/** ADR 034: one port of the NAP for a hold until `holdExpiresAt`; false when it has none free. */
export function takePort(tx: Db, napId: number, holdExpiresAt: Date): Promise<boolean> {
  return takeNapPort(tx, napId, holdExpiresAt);
}

/** Locks the NAP's row for the transaction; false when the NAP no longer exists. */
export function lockNap(tx: Db, napId: number): Promise<boolean> {
  return lockNapRow(tx, napId);
}

/** Gives `count` ports back and sets the earliest expiry of the holds left (the NAP locked first). */
export function returnPorts(
  tx: Db,
  napId: number,
  count: number,
  firstHoldExpiresAt: Date | null,
): Promise<void> {
  return returnNapPortsRow(tx, napId, count, firstHoldExpiresAt);
}

// ADR 090: the plant as the network planner's NAP file reads and writes it (modules/coverage).
export type { PlantNap, PlantNapWrite } from './nap-plant-store';

/** The NAPs of these codes (a code no NAP has is left out). */
export function plantNapsOf(db: Db, codes: readonly string[]): Promise<PlantNap[]> {
  return plantNapsOfCodes(db, codes);
}

/** Every NAP, by code, with the buildings it feeds. */
export function wholePlant(db: Db): Promise<PlantNap[]> {
  return allPlantNaps(db);
}

/** The listed buildings by id and name, for a file that names them. */
export function listedBuildingNames(db: Db): Promise<{ id: number; name: string }[]> {
  return buildingNames(db);
}

/**
 * Writes the NAPs by code in the caller's transaction; the coverage triggers tell every process's index
 * once it commits (ADR 018).
 */
export function writePlant(tx: Db, writes: readonly PlantNapWrite[]): Promise<void> {
  return writePlantNaps(tx, writes);
}

// ADR 090 (the map and in-place edits): the plant as the network planner's map reads and edits it.
export type { MapBuilding, MapNap, MapNapQuery, MapNapRecord, PlantBox } from './nap-plant-store';

/** The NAPs of the map as compact rows (in a box, or all, or the one of a code), at most `limit`. */
export function networkNaps(
  db: Db,
  query: MapNapQuery,
): Promise<{ naps: MapNap[]; truncated: boolean }> {
  return mapNaps(db, query);
}

/** The listed buildings of the map (in `box`, or all), at most `limit`. */
export function networkBuildings(
  db: Db,
  box: PlantBox | undefined,
  limit: number,
): Promise<{ buildings: MapBuilding[]; truncated: boolean }> {
  return mapBuildings(db, box, limit);
}

/** The NAP of this code, locked in `tx` (undefined: none). */
export function lockNetworkNap(tx: Db, code: string): Promise<MapNapRecord | undefined> {
  return lockMapNap(tx, code);
}

/** Writes one NAP in `tx`; the coverage triggers tell every index once it commits (ADR 018). */
export function updateNetworkNap(tx: Db, nap: MapNapRecord): Promise<MapNapRecord> {
  return updateMapNap(tx, nap);
}

/** The listed building of this id, locked in `tx` (undefined: none). */
export function lockNetworkBuilding(tx: Db, id: number): Promise<MapBuilding | undefined> {
  return lockMapBuilding(tx, id);
}

/** Writes one building's name and floors in `tx`; the coverage triggers tell every index (ADR 018). */
export function updateNetworkBuilding(
  tx: Db,
  id: number,
  change: { buildingName: string; servingFloors: string[] },
): Promise<MapBuilding> {
  return updateMapBuilding(tx, id, change);
}
