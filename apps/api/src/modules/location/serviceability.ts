import type {
  TServiceabilityResult,
  TUnavailabilityReason,
} from '@konek/contract/serviceability-check';
import { boxAround, distanceMeters, type LatLng } from '../../platform/geo';
import type {
  BuildingLookup,
  ListedBuilding,
} from '../../providers/building-lookup/building-lookup';
import type { CoverageIndex } from './coverage-index';
import type { NapRow } from './store';

/** A pin within this distance of a listed building is that building (its coordinates come from the list). */
export const BUILDING_MATCH_METERS = 30;

const LABELS: Record<TUnavailabilityReason, string> = {
  no_coverage: 'Our fibre network does not reach this address yet.',
  no_free_port: 'The fibre network near this address is full right now.',
  floor_not_served: 'Fibre does not reach this floor of the building yet.',
  planned: 'Fibre is coming to this area.',
};

function unqualified(
  code: TUnavailabilityReason,
  distance: number | null,
  expectedDate: string | null = null,
): TServiceabilityResult {
  return {
    serviceable: false,
    qualification_result: 'unqualified',
    served_by: null,
    unavailability_reason: { code, label: LABELS[code] },
    alternate_proposal: expectedDate ? { expected_available_date: expectedDate } : null,
    distance_meters: distance,
  };
}

function qualified(servedBy: 'nap' | 'building', distance: number): TServiceabilityResult {
  return {
    serviceable: true,
    qualification_result: 'qualified',
    served_by: servedBy,
    unavailability_reason: null,
    alternate_proposal: null,
    distance_meters: Math.round(distance),
  };
}

/**
 * ADR 034: a NAP has a free port while fewer ports are used than it has, or once the earliest hold of an
 * unpaid order on it has expired (that port is taken back by the next reservation; no background job).
 */
export function hasFreePort(
  nap: Pick<NapRow, 'usedPorts' | 'portCount' | 'firstHoldExpiresAt'>,
  now: Date,
): boolean {
  return (
    nap.usedPorts < nap.portCount ||
    (nap.firstHoldExpiresAt !== null && nap.firstHoldExpiresAt.getTime() <= now.getTime())
  );
}

/** The decision and what would serve: the listed building, or the NAPs with a free port, nearest first. */
export type ServingDecision = {
  result: TServiceabilityResult;
  building: ListedBuilding | null;
  naps: NapRow[];
};

/** Where the decision reads the plant: the NAPs in memory, the listed buildings from the lookup. */
export type ServingSources = { coverage: CoverageIndex; buildings: BuildingLookup };

/**
 * docs/architecture.md: a listed building decides for a pin on it (its serving floors must include
 * the floor); otherwise the nearest active NAP with a free port within the service radius serves. When
 * none does, say why: NAPs are there but full, a planned NAP brings an expected date, or no coverage.
 * The listed buildings are the facility service's (product §7.2, ADR 081), asked beside the NAPs.
 */
export async function decideServing(
  sources: ServingSources,
  point: LatLng,
  floor: string | undefined,
  serviceRadiusMeters: number,
  now: Date,
): Promise<ServingDecision> {
  const [napsInBox, listedNearby] = await Promise.all([
    sources.coverage.napsIn(boxAround(point, serviceRadiusMeters)),
    sources.buildings.buildingsNear(point, BUILDING_MATCH_METERS),
  ]);
  const nearbyBuildings = listedNearby
    .map((building) => ({ building, distance: distanceMeters(point, building) }))
    .filter(({ distance }) => distance <= BUILDING_MATCH_METERS)
    .sort((left, right) => left.distance - right.distance);
  const building = nearbyBuildings[0];
  if (building) {
    const servesFloor =
      floor === undefined || building.building.servingFloors.includes(floor.toUpperCase());
    return servesFloor
      ? { result: qualified('building', building.distance), building: building.building, naps: [] }
      : {
          result: unqualified('floor_not_served', Math.round(building.distance)),
          building: null,
          naps: [],
        };
  }

  const naps = napsInBox
    .map((nap) => ({ nap, distance: distanceMeters(point, nap) }))
    .filter(({ distance }) => distance <= serviceRadiusMeters)
    .sort((left, right) => left.distance - right.distance);
  const active = naps.filter(({ nap }) => nap.status === 'active');
  const withFreePort = active.filter(({ nap }) => hasFreePort(nap, now));
  const nearest = withFreePort[0];
  if (nearest) {
    return {
      result: qualified('nap', nearest.distance),
      building: null,
      naps: withFreePort.map(({ nap }) => nap),
    };
  }
  const unserved = (result: TServiceabilityResult) => ({ result, building: null, naps: [] });
  if (active.length > 0) {
    return unserved(unqualified('no_free_port', Math.round(active[0]!.distance)));
  }
  const planned = naps
    .filter(({ nap }) => nap.status === 'planned' && nap.expectedDate)
    .sort((left, right) =>
      (left.nap.expectedDate ?? '').localeCompare(right.nap.expectedDate ?? ''),
    )[0];
  if (planned) {
    return unserved(unqualified('planned', Math.round(planned.distance), planned.nap.expectedDate));
  }
  return unserved(unqualified('no_coverage', null));
}

/** product §7.1 serviceability check: the decision alone. */
export async function checkServiceability(
  sources: ServingSources,
  point: LatLng,
  floor: string | undefined,
  serviceRadiusMeters: number,
  now: Date,
): Promise<TServiceabilityResult> {
  return (await decideServing(sources, point, floor, serviceRadiusMeters, now)).result;
}
