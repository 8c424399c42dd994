import type { TAddressEntry, TBarangayDetail } from '@konek/contract/get-addresses';
import { SUCCESS_CODE } from '@konek/contract/envelope';
import type { BarangayRow, CityRow, ProvinceRow } from './store';
import { buildAreaNameIndex, type AreaNameIndex } from './area-names';

import { prepareJson, type PreparedReply } from '../../platform/prepared-reply';

// The lists never change while the process runs: each reply is prepared once (ADR 004).

export type AddressCatalogue = {
  provinces: () => PreparedReply;
  citiesOf: (provinceCode: string) => PreparedReply | undefined;
  barangaysOf: (cityCode: string) => PreparedReply | undefined;
  barangayDetail: (barangayCode: string) => PreparedReply | undefined;
  /** Entries for the local gazetteer (place search and reverse geocoding). */
  cities: readonly CityRow[];
  barangays: readonly BarangayRow[];
  cityByCode: ReadonlyMap<string, CityRow>;
  provinceByCode: ReadonlyMap<string, ProvinceRow>;
  barangayByCode: ReadonlyMap<string, BarangayRow>;
  /** The lists by name, for bodies that name the area as a person reads it (ADR 081). */
  areas: AreaNameIndex;
};

const MODULE = 'location';
const collator = new Intl.Collator('en', { sensitivity: 'base' });

function prepare(result: unknown): PreparedReply {
  return prepareJson({ code: SUCCESS_CODE, module: MODULE, message: 'OK', result });
}

const entry = (row: { name: string; code: string }): TAddressEntry => ({
  address_name: row.name,
  address_code: row.code,
});

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

const byName = (left: { name: string }, right: { name: string }) =>
  collator.compare(left.name, right.name);

/**
 * product §7.1 "get address info": the lists never change between imports, so every list reply is built
 * once, in memory, with its ETag. A city-level entry with no barangays (PSGC's "Manila City", whose
 * barangays sit under its districts) is left out of the cascade: choosing it would lead nowhere.
 */
export function buildAddressCatalogue(data: {
  provinces: readonly ProvinceRow[];
  cities: readonly CityRow[];
  barangays: readonly BarangayRow[];
  pilotBarangayCodes: ReadonlySet<string>;
}): AddressCatalogue {
  const barangaysByCity = groupBy(data.barangays, (row) => row.cityCode);
  const selectableCities = data.cities.filter((city) => barangaysByCity.has(city.code));
  const citiesByProvince = groupBy(selectableCities, (row) => row.provinceCode);
  const cityByCode = new Map(data.cities.map((city) => [city.code, city]));
  const provinceByCode = new Map(data.provinces.map((province) => [province.code, province]));
  const barangayByCode = new Map(data.barangays.map((barangay) => [barangay.code, barangay]));
  const regionNames = new Map(
    data.provinces.map((province) => [province.regionCode, province.regionName]),
  );

  const provinceList = prepare([...data.provinces].sort(byName).map(entry));
  const cityLists = new Map(
    [...citiesByProvince].map(([code, rows]) => [code, prepare([...rows].sort(byName).map(entry))]),
  );
  const barangayLists = new Map(
    [...barangaysByCity].map(([code, rows]) => [code, prepare([...rows].sort(byName).map(entry))]),
  );
  const details = new Map<string, PreparedReply>();

  return {
    provinces: () => provinceList,
    citiesOf: (provinceCode) => cityLists.get(provinceCode),
    barangaysOf: (cityCode) => barangayLists.get(cityCode),
    barangayDetail: (barangayCode) => {
      const cached = details.get(barangayCode);
      if (cached) return cached;
      const barangay = barangayByCode.get(barangayCode);
      const city = barangay ? cityByCode.get(barangay.cityCode) : undefined;
      if (!barangay || !city) return undefined;
      const detail: TBarangayDetail = {
        ...entry(barangay),
        zip_code: barangay.zipCode ?? city.zipCode ?? '',
        region_description: regionNames.get(city.regionCode) ?? '',
        latitude: barangay.latitude ?? city.latitude,
        longitude: barangay.longitude ?? city.longitude,
        point_source: barangay.latitude === null ? 'city' : 'barangay',
        properties: { gfiber_pilot: data.pilotBarangayCodes.has(barangay.code) },
      };
      const prepared = prepare(detail);
      details.set(barangayCode, prepared);
      return prepared;
    },
    cities: data.cities,
    barangays: data.barangays,
    cityByCode,
    provinceByCode,
    barangayByCode,
    areas: buildAreaNameIndex(data),
  };
}
