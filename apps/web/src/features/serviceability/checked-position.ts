import { ZLatitude, ZLongitude } from '@konek/contract/serviceability-check';

export type CheckedPosition = { latitude: number; longitude: number };

function coordinate(text: string | null): number | null {
  // Number('') is 0: an empty or missing parameter is no coordinate.
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** product §2.3 step 9: the loading screen's lat and lng query parameters, or null when either is invalid. */
export function positionFromSearch(params: URLSearchParams): CheckedPosition | null {
  const latitude = ZLatitude.safeParse(coordinate(params.get('lat')));
  const longitude = ZLongitude.safeParse(coordinate(params.get('lng')));
  if (!latitude.success || !longitude.success) return null;
  return { latitude: latitude.data, longitude: longitude.data };
}
