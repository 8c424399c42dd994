// Small geodesy helpers (spherical Earth; errors of a few metres over a few km are fine for coverage).

export type LatLng = { latitude: number; longitude: number };

const EARTH_RADIUS_METERS = 6_371_008.8;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `north` and `east` metres from `origin`. */
export function offsetPoint(origin: LatLng, northMeters: number, eastMeters: number): LatLng {
  const latitude = origin.latitude + (northMeters / EARTH_RADIUS_METERS) * (180 / Math.PI);
  const longitude =
    origin.longitude +
    (eastMeters / (EARTH_RADIUS_METERS * Math.cos(toRadians(origin.latitude)))) * (180 / Math.PI);
  return { latitude, longitude };
}

/** A latitude/longitude bounding box. */
export type Box = { south: number; west: number; north: number; east: number };

/** The box reaching `meters` from `point` in each direction, for indexed "near" lookups. */
export function boxAround(point: LatLng, meters: number): Box {
  const latitudeSpan = (meters / EARTH_RADIUS_METERS) * (180 / Math.PI);
  const longitudeSpan = latitudeSpan / Math.cos(toRadians(point.latitude));
  return {
    south: point.latitude - latitudeSpan,
    north: point.latitude + latitudeSpan,
    west: point.longitude - longitudeSpan,
    east: point.longitude + longitudeSpan,
  };
}
