import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';

// product §7.1 "get address info": address_type province (no code: the top-level list), city (code of a
// province: its cities), barangay (code of a city: its barangays; code of a barangay: its detail).

export const getAddressesPath = (ossSegment: string) =>
  `/api/v3/${ossSegment}/addresses/get_addresses`;

export const ADDRESS_TYPES = ['province', 'city', 'barangay'] as const;

export const ZGetAddressesRequest = z
  .object({
    address_type: z.enum(ADDRESS_TYPES),
    address_code: z
      .string()
      .regex(/^\d{10}$/, 'address_code must be a 10-digit PSGC code')
      .optional(),
  })
  .refine((body) => body.address_type === 'province' || body.address_code !== undefined, {
    message: 'address_code is required for cities and barangays',
    path: ['address_code'],
  });
export type TGetAddressesRequest = z.infer<typeof ZGetAddressesRequest>;

export const ZAddressEntry = z.object({ address_name: z.string(), address_code: z.string() });
export type TAddressEntry = z.infer<typeof ZAddressEntry>;

export const ZBarangayDetail = ZAddressEntry.extend({
  zip_code: z.string(),
  region_description: z.string(),
  /** Where the map centres for this barangay (its own point, else its city's). */
  latitude: z.number(),
  longitude: z.number(),
  /**
   * Konek's: whether the point is the barangay's own or its city's (no point of its own is known), so
   * the map searches the barangay by name first in the second case (product §4.2).
   */
  point_source: z.enum(['barangay', 'city']).optional(),
  properties: z.object({ gfiber_pilot: z.boolean() }),
});
export type TBarangayDetail = z.infer<typeof ZBarangayDetail>;

export const ZGetAddressesListResponse = envelopeWith({ result: z.array(ZAddressEntry) });
export const ZGetAddressesDetailResponse = envelopeWith({ result: ZBarangayDetail });
export const ZGetAddressesResponse = z.union([
  ZGetAddressesListResponse,
  ZGetAddressesDetailResponse,
]);
export type TGetAddressesListResponse = z.infer<typeof ZGetAddressesListResponse>;
export type TGetAddressesDetailResponse = z.infer<typeof ZGetAddressesDetailResponse>;

/** The call's one description (ADR 024). */
export const getAddressesCall = defineCall({
  path: getAddressesPath,
  auth: 'none',
  target: null,
  request: ZGetAddressesRequest,
  reply: ZGetAddressesResponse,
  // A code that is no province (for its cities) and no city or barangay (for its barangays or detail).
  errors: ['common.NOT_FOUND'],
});
