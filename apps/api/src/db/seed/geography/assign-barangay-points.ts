import type { Hierarchy, HierarchyBarangay, HierarchyCity } from './build-hierarchy';
import { distanceKm } from './geo-math';
import type { LatLng } from './geo-math';
import { normalizePlaceName, tokenSetKey } from './normalize-place-name';
import { pointSearchProvinces } from './place-points';
import type { PlacePoint } from './place-points';

/**
 * GeoNames places in the barangay's province named exactly like it (same words), except places
 * filed under another town: "San Isidro" is a barangay name in dozens of towns.
 */
export function barangayPointCandidates(
  barangay: HierarchyBarangay,
  city: HierarchyCity,
  pointsByName: ReadonlyMap<string, PlacePoint[]>,
  hierarchy: Hierarchy,
): PlacePoint[] {
  const normalized = normalizePlaceName(barangay.name);
  if (normalized === '') return [];
  const keys = [normalized, tokenSetKey(normalized)];
  const found = new Set<PlacePoint>();
  for (const provinceCode of pointSearchProvinces(city.provinceCode, hierarchy)) {
    for (const key of keys) {
      for (const point of pointsByName.get(`${provinceCode}|${key}`) ?? []) {
        if (point.cityCode === null || point.cityCode === city.code) found.add(point);
      }
    }
  }
  return [...found];
}

/** The candidate nearest the city's point, if it lies within `radiusKm` (docs/geodata.md: 20 km). */
export function nearestWithin(
  candidates: readonly PlacePoint[],
  cityPoint: LatLng,
  radiusKm: number,
): PlacePoint | undefined {
  return candidates
    .map((candidate) => ({ candidate, distance: distanceKm(cityPoint, candidate) }))
    .filter(({ distance }) => distance <= radiusKm)
    .sort(
      (left, right) =>
        left.distance - right.distance ||
        (left.candidate.sortKey < right.candidate.sortKey ? -1 : 1),
    )[0]?.candidate;
}
