import { distanceMeters } from '../../../platform/geo';

export type LatLng = { lat: number; lng: number };

/** Great-circle (haversine) distance in kilometres. */
export function distanceKm(from: LatLng, to: LatLng): number {
  return (
    distanceMeters(
      { latitude: from.lat, longitude: from.lng },
      { latitude: to.lat, longitude: to.lng },
    ) / 1000
  );
}

/** Plain average of the coordinates: the points are within one province, far from ±180°. */
export function meanPoint(points: readonly LatLng[]): LatLng | null {
  if (points.length === 0) return null;
  const sum = points.reduce((total, point) => ({
    lat: total.lat + point.lat,
    lng: total.lng + point.lng,
  }));
  return roundPoint({ lat: sum.lat / points.length, lng: sum.lng / points.length });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2;
}

/**
 * The mean of the points near their median. Name matches include namesakes in other towns of the
 * province ("San Isidro"); the median sits in the majority cluster, so outliers are dropped.
 */
export function clusteredMean(points: readonly LatLng[], radiusKm: number): LatLng | null {
  if (points.length === 0) return null;
  const centre = {
    lat: median(points.map((point) => point.lat)),
    lng: median(points.map((point) => point.lng)),
  };
  return meanPoint(points.filter((point) => distanceKm(centre, point) <= radiusKm));
}

// Five decimals is about a metre: enough for a map centre, and floating-point noise from summing
// in a different order cannot change the output.
export function roundPoint(point: LatLng): LatLng {
  const round = (value: number): number => Math.round(value * 1e5) / 1e5;
  return { lat: round(point.lat), lng: round(point.lng) };
}
