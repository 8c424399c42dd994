import { inflateSync } from 'node:zlib';
import * as z from 'zod';
import { parseCsv } from './parse-csv';
import { readPackageFile, readPackageVersion } from './package-files';

// The package's public functions miss 17 of the 1,656 cities (they start from provinces), so this
// reads the CSV tables embedded in dist/index.js. Those internals can change in any release, hence
// the exact pin: a different version fails loudly here instead of importing wrong data.
export const PSGC_PACKAGE = '@aivangogh/ph-address';
export const PSGC_PACKAGE_VERSION = '2025.4.4';

const psgcCode = z.string().regex(/^\d{10}$/);
const regionSchema = z.object({ name: z.string().min(1), psgcCode, designation: z.string() });
const provinceSchema = z.object({ name: z.string().min(1), psgcCode });
const municipalitySchema = z.object({ name: z.string().min(1), psgcCode, provinceCode: psgcCode });
const barangaySchema = z.object({ name: z.string().min(1), psgcCode });

export type PsgcRegion = z.infer<typeof regionSchema>;
export type PsgcProvince = z.infer<typeof provinceSchema>;
/** provinceCode is the PSGC parent: a province, a region (NCR), a city (HUCs, Manila's districts). */
export type PsgcMunicipality = z.infer<typeof municipalitySchema>;
export type PsgcBarangay = z.infer<typeof barangaySchema>;

export type PsgcData = {
  regions: PsgcRegion[];
  provinces: PsgcProvince[];
  municipalities: PsgcMunicipality[];
  barangays: PsgcBarangay[];
};

function readEmbeddedTable(source: string, variableName: string): Record<string, string>[] {
  const match = new RegExp(`var ${variableName} = "([A-Za-z0-9+/=]+)"`).exec(source);
  if (!match?.[1]) {
    throw new Error(`${PSGC_PACKAGE}: table "${variableName}" not found in dist/index.js`);
  }
  return parseCsv(inflateSync(Buffer.from(match[1], 'base64')).toString('utf8'));
}

export function readPsgc(): PsgcData {
  const version = readPackageVersion(PSGC_PACKAGE);
  if (version !== PSGC_PACKAGE_VERSION) {
    throw new Error(
      `${PSGC_PACKAGE} is ${version}; the geography reader is written for ${PSGC_PACKAGE_VERSION}`,
    );
  }
  const source = readPackageFile(PSGC_PACKAGE, 'dist/index.js');
  return {
    regions: z.array(regionSchema).parse(readEmbeddedTable(source, 'regions')),
    provinces: z.array(provinceSchema).parse(readEmbeddedTable(source, 'provinces')),
    municipalities: z.array(municipalitySchema).parse(readEmbeddedTable(source, 'municipalities')),
    barangays: z.array(barangaySchema).parse(readEmbeddedTable(source, 'barangays')),
  };
}
