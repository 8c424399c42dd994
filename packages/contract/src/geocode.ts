import * as z from 'zod';
import { envelopeWith } from './envelope';
import { ZLatitude, ZLongitude } from './serviceability-check';

// spec §7.2 "calls to a maps service for place search and reverse geocoding": answered by the API from
// its gazetteer (barangays, cities, buildings), or a Nominatim-compatible service when configured.

export const GEOCODE_SEARCH_PATH = '/api/v3/location/geocode/search';
export const GEOCODE_REVERSE_PATH = '/api/v3/location/geocode/reverse';

export const ZPlace = z.object({
  label: z.string(),
  kind: z.enum(['building', 'barangay', 'city', 'place']),
  latitude: z.number(),
  longitude: z.number(),
});
export type TPlace = z.infer<typeof ZPlace>;

export const ZGeocodeSearchRequest = z.object({
  query: z.string().trim().min(2, 'query must be at least 2 characters').max(200),
  limit: z.number().int().min(1).max(20).optional(),
});
export type TGeocodeSearchRequest = z.infer<typeof ZGeocodeSearchRequest>;
export const ZGeocodeSearchResponse = envelopeWith({ places: z.array(ZPlace) });
export type TGeocodeSearchResponse = z.infer<typeof ZGeocodeSearchResponse>;

export const ZGeocodeReverseRequest = z.object({ latitude: ZLatitude, longitude: ZLongitude });
export type TGeocodeReverseRequest = z.infer<typeof ZGeocodeReverseRequest>;
export const ZGeocodeReverseResponse = envelopeWith({ place: ZPlace.nullable() });
export type TGeocodeReverseResponse = z.infer<typeof ZGeocodeReverseResponse>;
