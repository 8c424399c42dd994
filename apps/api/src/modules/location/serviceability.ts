import type {
  TServiceabilityResult,
  TUnavailabilityReason,
} from '@konek/contract/serviceability-check';
import { boxAround, distanceMeters, type LatLng } from '../../platform/geo';
import type { CoverageIndex } from './coverage-index';

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
 * docs/architecture.md: a listed building decides for a pin on it (its serving floors must include
 * the floor); otherwise the nearest active NAP with a free port within the service radius serves. When
 * none does, say why: NAPs are there but full, a planned NAP brings an expected date, or no coverage.
 */
export async function checkServiceability(
  coverage: CoverageIndex,
  point: LatLng,
  floor: string | undefined,
  serviceRadiusMeters: number,
): Promise<TServiceabilityResult> {
  const candidates = await coverage.candidatesIn(
    boxAround(point, serviceRadiusMeters),
    boxAround(point, BUILDING_MATCH_METERS),
  );
  const nearbyBuildings = candidates.buildings
    .map((building) => ({ building, distance: distanceMeters(point, building) }))
    .filter(({ distance }) => distance <= BUILDING_MATCH_METERS)
    .sort((left, right) => left.distance - right.distance);
  const building = nearbyBuildings[0];
  if (building) {
    const servesFloor =
      floor === undefined || building.building.servingFloors.includes(floor.toUpperCase());
    return servesFloor
      ? qualified('building', building.distance)
      : unqualified('floor_not_served', Math.round(building.distance));
  }

  const naps = candidates.naps
    .map((nap) => ({ nap, distance: distanceMeters(point, nap) }))
    .filter(({ distance }) => distance <= serviceRadiusMeters)
    .sort((left, right) => left.distance - right.distance);
  const active = naps.filter(({ nap }) => nap.status === 'active');
  const withFreePort = active.find(({ nap }) => nap.usedPorts < nap.portCount);
  if (withFreePort) return qualified('nap', withFreePort.distance);
  if (active.length > 0) return unqualified('no_free_port', Math.round(active[0]!.distance));
  const planned = naps
    .filter(({ nap }) => nap.status === 'planned' && nap.expectedDate)
    .sort((left, right) =>
      (left.nap.expectedDate ?? '').localeCompare(right.nap.expectedDate ?? ''),
    )[0];
  if (planned)
    return unqualified('planned', Math.round(planned.distance), planned.nap.expectedDate);
  return unqualified('no_coverage', null);
}
