import usePostalPH from 'use-postal-ph';
import * as z from 'zod';

export const POSTAL_PACKAGE = 'use-postal-ph';

/**
 * One PhilPost row: a zip for a town (location = province) or, in Metro Manila (region 'NCR'),
 * for an area of a city (location = city).
 */
export type PostalRow = { region: string; location: string; area: string; zipCode: string };

// The package types every field as optional and post_code as string | number; rows are checked
// here so a malformed row fails the build instead of importing an empty zip.
const postalRowSchema = z.object({
  location: z.string().min(1),
  municipality: z.string().min(1),
  post_code: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,4}$/)]),
  region: z.string(),
});

// Not places: PhilPost's box numbers for companies and institutions (ADB, embassies, banks).
const NON_PLACE_LOCATIONS = new Set(['Companies/Institutions']);

export function readPostalRows(): PostalRow[] {
  const { data } = usePostalPH().fetchDataLists({ limit: Number.MAX_SAFE_INTEGER });
  return z
    .array(postalRowSchema)
    .parse(data)
    .filter((row) => !NON_PLACE_LOCATIONS.has(row.location))
    .map((row) => ({
      region: row.region,
      location: row.location,
      area: row.municipality,
      // PhilPost zips are four digits; the package stores them as numbers (1000 → 1e3, 400 → 400).
      zipCode: String(row.post_code).padStart(4, '0'),
    }));
}
