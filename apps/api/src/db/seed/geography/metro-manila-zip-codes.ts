import type { HierarchyBarangay, HierarchyCity } from './build-hierarchy';
import { matchPlaceName, prepareCandidates } from './match-place-name';
import type { PreparedCandidate } from './match-place-name';
import { MANILA_CITY_CODE } from './province-groups';
import type { PostalRow } from './read-postal-codes';
import { POSTAL_NAME_ALIASES } from './zip-code-aliases';

// docs/geodata.md: in Metro Manila PhilPost gives zips per area of a city ("Las Piñas CPO" 1740,
// "Almanza" 1750, "Talon, Moonwalk" 1747); a barangay takes its area's zip, else the city's.

type CityAreas = { defaultZip: string; areas: PreparedCandidate<string>[] };

/** "Talon, Moonwalk" and "Bayanan/Putatan" are two areas sharing one zip. */
function areaNames(area: string): string[] {
  return area
    .replace(/\([^)]*\)/g, ' ')
    .split(/,|\/|&| - | and /)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function smallestZip(zips: readonly string[]): string | undefined {
  return [...zips].sort()[0];
}

/**
 * The city's general zip: its central post office (CPO) row, else the row named like the city
 * (Navotas), else its lowest zip (Taguig 1630, Pateros 1620).
 */
function defaultZip(cityName: string, rows: readonly PostalRow[]): string | undefined {
  const centralOffice = rows.find((row) => /\bCPO\b/.test(row.area));
  if (centralOffice) return centralOffice.zipCode;
  const namedLikeCity = matchPlaceName([cityName], prepareCandidates(toCandidates(rows)));
  return smallestZip(namedLikeCity) ?? smallestZip(rows.map((row) => row.zipCode));
}

function toCandidates(rows: readonly PostalRow[]): { names: string[]; value: string }[] {
  return rows.map((row) => ({ names: areaNames(row.area), value: row.zipCode }));
}

function groupRowsByCity(
  rows: readonly PostalRow[],
  cities: readonly HierarchyCity[],
): Map<string, PostalRow[]> {
  const cityCandidates = prepareCandidates(
    cities.map((city) => ({ names: [city.psgcName], value: city.code })),
  );
  const rowsByCity = new Map<string, PostalRow[]>();
  for (const row of rows) {
    // "Caloocan City (North)" and "Caloocan area (North)" are both Caloocan.
    const [cityCode, ...others] = matchPlaceName([row.location], cityCandidates);
    if (cityCode === undefined || others.length > 0) {
      throw new Error(`use-postal-ph: NCR location "${row.location}" matches no single city`);
    }
    rowsByCity.set(cityCode, [...(rowsByCity.get(cityCode) ?? []), row]);
  }
  return rowsByCity;
}

export function assignMetroManilaZipCodes(
  ncrRows: readonly PostalRow[],
  ncrCities: readonly HierarchyCity[],
  ncrBarangays: readonly HierarchyBarangay[],
): { cityZips: Map<string, string | null>; barangayZips: Map<string, string | null> } {
  const cities = ncrCities.filter((city) => !city.isManilaDistrict);
  const areasByCity = new Map<string, CityAreas>();
  for (const [cityCode, rows] of groupRowsByCity(ncrRows, cities)) {
    const city = cities.find((entry) => entry.code === cityCode);
    const zip = city === undefined ? undefined : defaultZip(city.psgcName, rows);
    if (zip !== undefined) {
      areasByCity.set(cityCode, { defaultZip: zip, areas: prepareCandidates(toCandidates(rows)) });
    }
  }

  const cityZips = new Map<string, string | null>();
  const manila = areasByCity.get(MANILA_CITY_CODE);
  for (const city of ncrCities) {
    if (city.isManilaDistrict) {
      // A district's zip is its Manila area (Binondo 1006); Sampaloc, Santa Cruz and Tondo have
      // two areas each and take the lower zip.
      const names = [city.psgcName, POSTAL_NAME_ALIASES.get(city.code) ?? ''];
      const zips = manila === undefined ? [] : matchPlaceName(names, manila.areas);
      cityZips.set(city.code, smallestZip(zips) ?? manila?.defaultZip ?? null);
    } else {
      cityZips.set(city.code, areasByCity.get(city.code)?.defaultZip ?? null);
    }
  }

  const barangayZips = new Map<string, string | null>();
  for (const barangay of ncrBarangays) {
    const cityZip = cityZips.get(barangay.cityCode) ?? null;
    // Manila's barangays are numbered ("Barangay 105"); they take their district's zip.
    const areas = areasByCity.get(barangay.cityCode)?.areas ?? [];
    const areaZip = smallestZip(matchPlaceName([barangay.name], areas));
    barangayZips.set(barangay.code, areaZip ?? cityZip);
  }
  return { cityZips, barangayZips };
}
