import { queryOptions, skipToken } from '@tanstack/react-query';
import { geocodeReverseCall, geocodeSearchCall, type TPlace } from '@konek/contract/geocode';
import { call } from '../../../lib/call';

// product §7.2 "calls to a maps service for place search and reverse geocoding". A failed lookup is no
// place at all: the customer can still drag the pin, which is what decides (product §2.3 step 6).

const SEARCH_LIMIT = 5;
/** Coordinates are rounded to ~1 m for the reverse lookup's cache key. */
const REVERSE_KEY_DECIMALS = 5;

export async function searchPlaces(query: string, signal?: AbortSignal): Promise<TPlace[]> {
  const result = await call(geocodeSearchCall, { query, limit: SEARCH_LIMIT }, { signal });
  return result.ok ? result.reply.places : [];
}

export async function reversePlace(
  latitude: number,
  longitude: number,
  signal?: AbortSignal,
): Promise<TPlace | null> {
  const result = await call(geocodeReverseCall, { latitude, longitude }, { signal });
  return result.ok ? result.reply.place : null;
}

export function placeSearchQuery(query: string) {
  const normalized = query.trim();
  return queryOptions({
    queryKey: ['geocode', 'search', normalized],
    queryFn: ({ signal }) => searchPlaces(normalized, signal),
    staleTime: Infinity,
  });
}

/** The place at a pin; waits (skipToken) while there is no pin. */
export function reversePlaceQuery(position: { lat: number; lng: number } | null) {
  const key = position
    ? [position.lat, position.lng].map((value) => value.toFixed(REVERSE_KEY_DECIMALS))
    : [];
  return queryOptions({
    queryKey: ['geocode', 'reverse', ...key],
    queryFn: position
      ? ({ signal }) => reversePlace(position.lat, position.lng, signal)
      : skipToken,
    staleTime: Infinity,
  });
}
