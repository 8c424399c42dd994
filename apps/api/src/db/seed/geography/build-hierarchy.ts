import type { PsgcData, PsgcRegion } from './read-psgc';
import {
  INDEPENDENT_CITY_PROVINCES,
  MANILA_CITY_CODE,
  METRO_MANILA,
  SPECIAL_GEOGRAPHIC_AREA,
} from './province-groups';

export type HierarchyProvince = {
  code: string;
  name: string;
  regionCode: string;
  regionName: string;
};
export type HierarchyCity = {
  code: string;
  /** The name shown in the form; differs from psgcName only for Manila's districts. */
  name: string;
  psgcName: string;
  provinceCode: string;
  regionCode: string;
  isManilaDistrict: boolean;
};
export type HierarchyBarangay = { code: string; name: string; cityCode: string };
export type Hierarchy = {
  provinces: HierarchyProvince[];
  cities: HierarchyCity[];
  barangays: HierarchyBarangay[];
};

function regionCodeOf(code: string): string {
  return `${code.slice(0, 2)}00000000`;
}

/**
 * "Region VII" + "Central Visayas" → "Region VII (Central Visayas)"; the data capitalises "In" in
 * BARMM's name, which reads as a typo on screen. MIMAROPA's designation is empty.
 */
function describeRegion(region: PsgcRegion): string {
  const name = region.name.replace(/ (In|Of|And) /g, (word) => word.toLowerCase());
  return region.designation === '' ? name : `${name} (${region.designation})`;
}

function buildProvinces(psgc: PsgcData): HierarchyProvince[] {
  const regionNames = new Map(
    psgc.regions.map((region) => [region.psgcCode, describeRegion(region)]),
  );
  const regionNameOf = (regionCode: string): string => {
    const regionName = regionNames.get(regionCode);
    if (regionName === undefined) throw new Error(`PSGC: no region ${regionCode}`);
    return regionName;
  };
  const province = (code: string, name: string): HierarchyProvince => {
    const regionCode = regionCodeOf(code);
    return { code, name, regionCode, regionName: regionNameOf(regionCode) };
  };
  return [
    ...psgc.provinces.map((entry) => province(entry.psgcCode, entry.name)),
    province(METRO_MANILA.code, METRO_MANILA.name),
    province(SPECIAL_GEOGRAPHIC_AREA.code, SPECIAL_GEOGRAPHIC_AREA.name),
  ];
}

function provinceCodesByName(provinces: readonly HierarchyProvince[]): Map<string, string> {
  return new Map(provinces.map((province) => [province.name, province.code]));
}

/** The province-level entry a city is listed under in the form (see province-groups.ts). */
function cityProvinceCode(
  city: PsgcData['municipalities'][number],
  provinceCodes: ReadonlyMap<string, string>,
  realProvinceCodes: ReadonlySet<string>,
): string {
  const parent = city.provinceCode;
  if (realProvinceCodes.has(parent)) return parent;
  if (parent === METRO_MANILA.code || parent === MANILA_CITY_CODE) return METRO_MANILA.code;
  if (parent === SPECIAL_GEOGRAPHIC_AREA.code) return SPECIAL_GEOGRAPHIC_AREA.code;
  const provinceName = INDEPENDENT_CITY_PROVINCES.get(city.psgcCode);
  const provinceCode = provinceName === undefined ? undefined : provinceCodes.get(provinceName);
  if (provinceCode === undefined) {
    throw new Error(`PSGC: no province for ${city.name} (${city.psgcCode}, parent ${parent})`);
  }
  return provinceCode;
}

export function buildHierarchy(psgc: PsgcData): Hierarchy {
  const provinces = buildProvinces(psgc);
  const provinceCodes = provinceCodesByName(provinces);
  const realProvinceCodes = new Set(psgc.provinces.map((province) => province.psgcCode));

  const cities = psgc.municipalities.map((city): HierarchyCity => {
    const isManilaDistrict = city.provinceCode === MANILA_CITY_CODE;
    return {
      code: city.psgcCode,
      // Decision: the districts are listed beside NCR's cities as "Binondo, Manila", the way a
      // Manila address is written; "Tondo I/II" keeps PSGC's name for its two districts.
      name: isManilaDistrict ? `${city.name}, Manila` : city.name,
      psgcName: city.name,
      provinceCode: cityProvinceCode(city, provinceCodes, realProvinceCodes),
      // The city's own region, even where its province-level group lies in another
      // (Isabela City is in Region IX; Basilan, its geographic province, is in BARMM).
      regionCode: regionCodeOf(city.psgcCode),
      isManilaDistrict,
    };
  });

  const cityCodes = new Set(cities.map((city) => city.code));
  const barangays = psgc.barangays.map((barangay): HierarchyBarangay => {
    // PSGC: a barangay's city is its code with the last three digits zeroed; for Manila that is
    // the district, for highly urbanised cities the city itself.
    const cityCode = `${barangay.psgcCode.slice(0, 7)}000`;
    if (!cityCodes.has(cityCode)) {
      throw new Error(`PSGC: barangay ${barangay.name} (${barangay.psgcCode}) has no city`);
    }
    return { code: barangay.psgcCode, name: barangay.name, cityCode };
  });

  return { provinces, cities, barangays };
}
