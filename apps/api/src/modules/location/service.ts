import type { Geocoder } from '../../providers/geocoding/geocoder';
import {
  createLocalGazetteer,
  type GazetteerEntry,
} from '../../providers/geocoding/local-gazetteer';
import { buildAddressCatalogue, type AddressCatalogue } from './address-catalogue';
import type { FastifyBaseLogger } from 'fastify';
import type { TUnavailabilityReason } from '@konek/contract/serviceability-check';
import type { Database, Db } from '../../platform/db/database';
import type { LatLng } from '../../platform/geo';
import { openCoverageIndex, type CoverageIndex } from './coverage-index';
import { decideServing } from './serviceability';
import {
  listAllBuildings,
  listBuildingsOfBarangay,
  loadGeography,
  lockNapRow,
  returnNapPortsRow,
  takeNapPort,
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

export type { CoverageIndex } from './coverage-index';

/** ADR 018: the coverage network in memory, shared by the serviceability check and the reservation. */
export function openCoverage(
  database: Database,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<CoverageIndex> {
  return openCoverageIndex(database, log);
}

/** What the coverage decision needs: the plant in memory, the area lists and the service radius. */
export type CoverageDecider = {
  coverage: CoverageIndex;
  catalogue: AddressCatalogue;
  serviceRadiusMeters: number;
};

/**
 * What serves a place now (the serviceability check's own rule, ADR 003, 018): a listed building, or
 * the NAPs within the radius that have a free port, nearest first; or why nothing does. `cityCode` is the
 * city the plant serves, which decides the installation's work zone (ADR 035).
 */
export type ServingPlace =
  | { kind: 'building'; buildingId: number; cityCode: string | null }
  | { kind: 'nap'; naps: { id: number; cityCode: string | null }[] }
  | { kind: 'unserved'; reason: TUnavailabilityReason };

export async function servingPlaceOf(
  decider: CoverageDecider,
  point: LatLng,
  floor: string | undefined,
  now: Date,
): Promise<ServingPlace> {
  const decision = await decideServing(
    decider.coverage,
    point,
    floor,
    decider.serviceRadiusMeters,
    now,
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
