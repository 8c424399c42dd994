import type { Hierarchy } from './build-hierarchy';
import { foldPlaceName, normalizePlaceName, tokenSetKey } from './normalize-place-name';
import { METRO_MANILA, SPECIAL_GEOGRAPHIC_AREA } from './province-groups';
import type { CodedPoint, ProvincePoint } from './read-geonames-points';

/** A GeoNames place placed in Konek's hierarchy: always a province, a city when the code says. */
export type PlacePoint = {
  name: string;
  lat: number;
  lng: number;
  provinceCode: string;
  cityCode: string | null;
  isSeat: boolean;
  population: number;
  /** Ties between equally good points break on this, so the output never depends on input order. */
  sortKey: string;
};

// docs/geodata.md: old codes are RR PP MM BBB; today's are RR 0PP MM BBB. Provinces that moved region
// (Negros to NIR 18, Sulu to IX 09, the rest of ARMM to BARMM 19) keep their PP MM.
const MOVED_REGION_CODES = ['19', '18', '09'];
const OLD_NCR_REGION = '13';

function convertedCodes(oldCode: string, tail: string, length: number): string[] {
  const regions = [oldCode.slice(0, 2), ...MOVED_REGION_CODES];
  return regions.map((region) => `${region}0${oldCode.slice(2, length)}${tail}`);
}

/** Where GeoNames puts a place of the SGA's barangays: they were Cotabato's until 2024. */
export function pointSearchProvinces(provinceCode: string, hierarchy: Hierarchy): string[] {
  if (provinceCode !== SPECIAL_GEOGRAPHIC_AREA.code) return [provinceCode];
  const cotabato = hierarchy.provinces.find((province) => province.name === 'Cotabato');
  return cotabato === undefined ? [provinceCode] : [provinceCode, cotabato.code];
}

export function placePoints(
  hierarchy: Hierarchy,
  codedPoints: readonly CodedPoint[],
  provincePoints: readonly ProvincePoint[],
): PlacePoint[] {
  const cityProvince = new Map(hierarchy.cities.map((city) => [city.code, city.provinceCode]));
  const provinceCodes = new Set(hierarchy.provinces.map((province) => province.code));
  const locateAdmin2 = admin2Locator(hierarchy);

  const fromCodes = codedPoints.flatMap((point): PlacePoint[] => {
    const oldCode = point.oldMunicipalityCode;
    if (oldCode === null) return [];
    const cityCode = convertedCodes(oldCode, '000', 6).find((code) => cityProvince.has(code));
    // NCR's old city codes do not convert; its places are matched by name across Metro Manila.
    const provinceCode =
      (cityCode === undefined ? undefined : cityProvince.get(cityCode)) ??
      (oldCode.startsWith(OLD_NCR_REGION) ? METRO_MANILA.code : undefined) ??
      convertedCodes(oldCode, '00000', 4).find((code) => provinceCodes.has(code));
    if (provinceCode === undefined) return [];
    return [
      {
        name: point.name,
        lat: point.lat,
        lng: point.lng,
        provinceCode,
        cityCode: cityCode ?? null,
        isSeat: point.isSeat,
        population: point.population,
        sortKey: `a${String(point.geonameId).padStart(10, '0')}`,
      },
    ];
  });

  const fromProvinces = provincePoints.flatMap((point, index): PlacePoint[] => {
    const location =
      point.admin1 === 'NCR'
        ? { provinceCode: METRO_MANILA.code, cityCode: null }
        : locateAdmin2(point.admin2Name);
    if (location === undefined) return [];
    return [
      {
        name: point.name,
        lat: point.lat,
        lng: point.lng,
        ...location,
        isSeat: false,
        population: 0,
        sortKey: `b${String(index).padStart(10, '0')}`,
      },
    ];
  });

  return [...fromCodes, ...fromProvinces];
}

type PointLocation = { provinceCode: string; cityCode: string | null };

/**
 * GeoNames' admin2 is a province ("Province of Cebu", "Davao de Oro") or, for a few, a city that
 * PSGC files under no province ("Cotabato City"). Names compare as written: normalising would
 * turn "Cotabato City" into the province "Cotabato".
 */
function admin2Locator(
  hierarchy: Hierarchy,
): (admin2Name: string | null) => PointLocation | undefined {
  const locations = new Map<string, PointLocation>();
  const cityNameCounts = new Map<string, number>();
  for (const city of hierarchy.cities) {
    const name = foldPlaceName(city.psgcName);
    cityNameCounts.set(name, (cityNameCounts.get(name) ?? 0) + 1);
  }
  // Only names that identify one city: "Alcala" is a town in two provinces.
  for (const city of hierarchy.cities) {
    const name = foldPlaceName(city.psgcName);
    if (cityNameCounts.get(name) === 1) {
      locations.set(name, { provinceCode: city.provinceCode, cityCode: city.code });
    }
  }
  for (const province of hierarchy.provinces) {
    locations.set(foldPlaceName(province.name), { provinceCode: province.code, cityCode: null });
  }
  return (admin2Name) =>
    admin2Name === null
      ? undefined
      : locations.get(foldPlaceName(admin2Name.replace(/^Province of /, '')));
}

/** Points by province and by normalised name or word set, for the barangay lookups. */
export function indexPointsByName(points: readonly PlacePoint[]): Map<string, PlacePoint[]> {
  const index = new Map<string, PlacePoint[]>();
  const add = (key: string, point: PlacePoint): void => {
    const existing = index.get(key);
    if (existing === undefined) index.set(key, [point]);
    else if (!existing.includes(point)) existing.push(point);
  };
  for (const point of points) {
    const normalized = normalizePlaceName(point.name);
    add(`${point.provinceCode}|${normalized}`, point);
    add(`${point.provinceCode}|${tokenSetKey(normalized)}`, point);
  }
  return index;
}
