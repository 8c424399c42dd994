import { beforeAll, describe, expect, it } from 'vitest';
import { buildGeography } from './build-geography';
import type { GeoBarangay, GeoCity, Geography } from './build-geography';

// One build for the whole file: it reads ~25 MB of package data.
let geography: Geography;
beforeAll(() => {
  geography = buildGeography();
});

const METRO_MANILA_CODE = '1300000000';
const SPECIAL_GEOGRAPHIC_AREA_CODE = '1999900000';

function city(code: string): GeoCity {
  const found = geography.cities.find((entry) => entry.code === code);
  if (found === undefined) throw new Error(`no city ${code}`);
  return found;
}

function barangaysOf(cityCode: string): GeoBarangay[] {
  return geography.barangays.filter((barangay) => barangay.cityCode === cityCode);
}

function provinceName(code: string): string | undefined {
  return geography.provinces.find((province) => province.code === code)?.name;
}

describe('hierarchy', () => {
  it('lists the 82 provinces, Metro Manila and the Special Geographic Area', () => {
    const groups = [METRO_MANILA_CODE, SPECIAL_GEOGRAPHIC_AREA_CODE];
    const realProvinces = geography.provinces.filter(({ code }) => !groups.includes(code));
    expect(realProvinces).toHaveLength(82);
    expect(geography.provinces).toContainEqual({
      code: METRO_MANILA_CODE,
      name: 'Metro Manila',
      regionCode: '1300000000',
      regionName: 'National Capital Region (NCR)',
    });
    expect(geography.provinces).toContainEqual({
      code: SPECIAL_GEOGRAPHIC_AREA_CODE,
      name: 'Special Geographic Area (BARMM)',
      regionCode: '1900000000',
      regionName: 'Bangsamoro Autonomous Region in Muslim Mindanao (BARMM)',
    });
  });

  it('describes regions by number and name', () => {
    const regionOf = (name: string): string | undefined =>
      geography.provinces.find((province) => province.name === name)?.regionName;
    expect(regionOf('Cebu')).toBe('Region VII (Central Visayas)');
    expect(regionOf('Cavite')).toBe('Region IV-A (CALABARZON)');
    expect(regionOf('Palawan')).toBe('MIMAROPA Region');
    expect(regionOf('Negros Occidental')).toBe('Negros Island Region (NIR)');
    expect(regionOf('Benguet')).toBe('Cordillera Administrative Region (CAR)');
  });

  it('has all 1,656 cities and municipalities and all 42,011 barangays', () => {
    expect(geography.cities).toHaveLength(1656);
    expect(geography.barangays).toHaveLength(42011);
  });

  it('links every barangay to a city and every city to a province', () => {
    const cityCodes = new Set(geography.cities.map(({ code }) => code));
    const provinceCodes = new Set(geography.provinces.map(({ code }) => code));
    expect(geography.barangays.filter(({ cityCode }) => !cityCodes.has(cityCode))).toEqual([]);
    expect(geography.cities.filter(({ provinceCode }) => !provinceCodes.has(provinceCode))).toEqual(
      [],
    );
  });

  it('uses 10-digit PSGC codes that are unique per level', () => {
    for (const level of [geography.provinces, geography.cities, geography.barangays]) {
      expect(level.every(({ code }) => /^\d{10}$/.test(code))).toBe(true);
      expect(new Set(level.map(({ code }) => code)).size).toBe(level.length);
    }
  });

  it('matches the spot checks: Las Piñas 20, Makati 23, Taguig 38, Quezon City 142', () => {
    expect(barangaysOf('1380200000')).toHaveLength(20);
    expect(barangaysOf('1380300000')).toHaveLength(23);
    expect(barangaysOf('1381500000')).toHaveLength(38);
    expect(barangaysOf('1381300000')).toHaveLength(142);
    expect(barangaysOf('1380200000').map(({ name }) => name)).toEqual(
      expect.arrayContaining(['Almanza Uno', 'Zapote']),
    );
  });

  it('attaches highly urbanised cities to their geographic province', () => {
    expect(provinceName(city('0730600000').provinceCode)).toBe('Cebu');
    expect(barangaysOf('0730600000')).toHaveLength(80);
    expect(provinceName(city('1130700000').provinceCode)).toBe('Davao del Sur');
    expect(barangaysOf('1130700000')).toHaveLength(182);
    // Isabela City keeps its own region (IX) while listed under Basilan (BARMM).
    expect(city('0990101000')).toMatchObject({
      provinceCode: '1900700000',
      regionCode: '0900000000',
    });
  });

  it("lists Manila's 14 districts under Metro Manila with their 897 barangays", () => {
    const districts = geography.cities.filter(({ name }) => name.endsWith(', Manila'));
    expect(districts).toHaveLength(14);
    expect(districts.every(({ provinceCode }) => provinceCode === METRO_MANILA_CODE)).toBe(true);
    expect(districts.map(({ name }) => name)).toContain('Binondo, Manila');
    const districtCodes = new Set(districts.map(({ code }) => code));
    expect(geography.barangays.filter(({ cityCode }) => districtCodes.has(cityCode))).toHaveLength(
      897,
    );
    // PSGC's city-level "Manila City" entry stays (the 1,656), but its barangays are the districts'.
    expect(city('1380600000').name).toBe('Manila City');
    expect(barangaysOf('1380600000')).toEqual([]);
  });

  it('groups the 8 new BARMM municipalities under the Special Geographic Area', () => {
    const group = geography.cities.filter(
      ({ provinceCode }) => provinceCode === SPECIAL_GEOGRAPHIC_AREA_CODE,
    );
    expect(group).toHaveLength(8);
  });

  it('keeps ñ in names', () => {
    expect(geography.barangays.filter(({ name }) => name.includes('ñ')).length).toBe(438);
    expect(city('1380200000').name).toBe('Las Piñas City');
  });

  it('sorts cities by name within their province', () => {
    const metroManila = geography.cities
      .filter(({ provinceCode }) => provinceCode === METRO_MANILA_CODE)
      .map(({ name }) => name);
    const sorted = [...metroManila].sort((left, right) =>
      left.localeCompare(right, 'en', { sensitivity: 'base' }),
    );
    expect(metroManila).toEqual(sorted);
  });
});
