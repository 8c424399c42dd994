import type { Hierarchy, HierarchyProvince } from './build-hierarchy';
import { matchPlaceName, prepareCandidates } from './match-place-name';
import type { PreparedCandidate } from './match-place-name';
import { assignMetroManilaZipCodes } from './metro-manila-zip-codes';
import { bracketedNames, normalizePlaceName } from './normalize-place-name';
import { METRO_MANILA } from './province-groups';
import type { PostalRow } from './read-postal-codes';
import { POSTAL_NAME_ALIASES, POSTAL_PROVINCE_ALIASES } from './zip-code-aliases';

export type ZipCodes = {
  cityZips: ReadonlyMap<string, string | null>;
  barangayZips: ReadonlyMap<string, string | null>;
};

const NCR_POSTAL_REGION = 'NCR';

/** PhilPost rows per province code; a location naming no PSGC province fails the build. */
function groupRowsByProvince(
  rows: readonly PostalRow[],
  provinces: readonly HierarchyProvince[],
): Map<string, PostalRow[]> {
  const provinceCodes = new Map(
    provinces.map((province) => [normalizePlaceName(province.name), province.code]),
  );
  const rowsByProvince = new Map<string, PostalRow[]>();
  for (const row of rows) {
    const provinceNames = POSTAL_PROVINCE_ALIASES.get(row.location) ?? [row.location];
    for (const provinceName of provinceNames) {
      // normalizePlaceName drops brackets: "Davao de Oro (Compostela Valley)" → "davao de oro".
      const provinceCode = provinceCodes.get(normalizePlaceName(provinceName));
      if (provinceCode === undefined) {
        throw new Error(`use-postal-ph: location "${row.location}" names no PSGC province`);
      }
      rowsByProvince.set(provinceCode, [...(rowsByProvince.get(provinceCode) ?? []), row]);
    }
  }
  return rowsByProvince;
}

function toCandidates(rows: readonly PostalRow[]): PreparedCandidate<string>[] {
  // "Montalban (Rodriguez)": the bracket often holds the town's PSGC name or its old one.
  return prepareCandidates(
    rows.map((row) => ({ names: [row.area, ...bracketedNames(row.area)], value: row.zipCode })),
  );
}

/**
 * Outside Metro Manila a zip belongs to a whole town. docs/geodata.md: match only within the city's
 * own province; a nationwide match gave wrong zips (Isabela City → 6128, President Roxas → 5803).
 */
export function assignZipCodes(hierarchy: Hierarchy, postalRows: readonly PostalRow[]): ZipCodes {
  const ncrRows = postalRows.filter((row) => row.region === NCR_POSTAL_REGION);
  const provinceRows = groupRowsByProvince(
    postalRows.filter((row) => row.region !== NCR_POSTAL_REGION),
    hierarchy.provinces,
  );
  const isInMetroManila = (city: { provinceCode: string }): boolean =>
    city.provinceCode === METRO_MANILA.code;

  const ncrCities = hierarchy.cities.filter(isInMetroManila);
  const ncrCityCodes = new Set(ncrCities.map((city) => city.code));
  const metroManila = assignMetroManilaZipCodes(
    ncrRows,
    ncrCities,
    hierarchy.barangays.filter((barangay) => ncrCityCodes.has(barangay.cityCode)),
  );

  const candidatesByProvince = new Map(
    [...provinceRows].map(([provinceCode, rows]) => [provinceCode, toCandidates(rows)]),
  );
  const cityZips = new Map(metroManila.cityZips);
  for (const city of hierarchy.cities) {
    if (isInMetroManila(city)) continue;
    const candidates = candidatesByProvince.get(city.provinceCode) ?? [];
    const names = [city.psgcName, POSTAL_NAME_ALIASES.get(city.code) ?? ''];
    // Two rows can tie (a town and its district office); the lower zip is the town's main one.
    const [zip] = matchPlaceName(names, candidates).sort();
    cityZips.set(city.code, zip ?? null);
  }

  const barangayZips = new Map(metroManila.barangayZips);
  for (const barangay of hierarchy.barangays) {
    if (!barangayZips.has(barangay.code)) {
      barangayZips.set(barangay.code, cityZips.get(barangay.cityCode) ?? null);
    }
  }
  return { cityZips, barangayZips };
}
