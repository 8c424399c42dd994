import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
import { ZLatitude, ZLongitude } from './serviceability-check';

// product §7.2 "calls to a maps service for place search and reverse geocoding": answered by the API from
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

/** The call's one description (ADR 024). */
export const geocodeSearchCall = defineCall({
  path: GEOCODE_SEARCH_PATH,
  auth: 'none',
  target: null,
  request: ZGeocodeSearchRequest,
  reply: ZGeocodeSearchResponse,
  errors: ['common.SERVICE_UNAVAILABLE'],
});

export const geocodeReverseCall = defineCall({
  path: GEOCODE_REVERSE_PATH,
  auth: 'none',
  target: null,
  request: ZGeocodeReverseRequest,
  reply: ZGeocodeReverseResponse,
  errors: ['common.SERVICE_UNAVAILABLE'],
});
