import { distanceMetres, type TGeoPoint } from '@konek/contract/tracking';

// ADR 051: the demo driver's road to the customer. No routing service is reachable from a developer's
// machine, so the route is three straight legs, like city blocks: from a start about `km` away to the
// north-west, east, then south, then a short last turn to the pin.

const METRES_PER_DEGREE_LAT = 111_320;

function offset(from: TGeoPoint, northMetres: number, eastMetres: number): TGeoPoint {
  const lat = from.lat + northMetres / METRES_PER_DEGREE_LAT;
  const lng =
    from.lng + eastMetres / (METRES_PER_DEGREE_LAT * Math.cos((from.lat * Math.PI) / 180));
  return { lat, lng };
}

/** The corners of the drive, first the start, last the destination. */
export function demoWaypoints(destination: TGeoPoint, km = 3): TGeoPoint[] {
  const side = (km * 1000) / Math.SQRT2;
  return [
    offset(destination, side, -side),
    offset(destination, side, -side * 0.15),
    offset(destination, side * 0.1, -side * 0.15),
    destination,
  ];
}

/** `count` positions evenly spaced by distance along the legs, from the start to the destination. */
export function positionsAlong(waypoints: readonly TGeoPoint[], count: number): TGeoPoint[] {
  const legs = waypoints.slice(1).map((to, index) => ({
    from: waypoints[index]!,
    to,
    metres: distanceMetres(waypoints[index]!, to),
  }));
  const total = legs.reduce((sum, leg) => sum + leg.metres, 0);
  const points: TGeoPoint[] = [];
  for (let step = 0; step < count; step += 1) {
    let remaining = count === 1 ? total : (total * step) / (count - 1);
    for (const leg of legs) {
      if (remaining <= leg.metres || leg === legs[legs.length - 1]) {
        const share = leg.metres === 0 ? 1 : Math.min(1, remaining / leg.metres);
        points.push({
          lat: leg.from.lat + (leg.to.lat - leg.from.lat) * share,
          lng: leg.from.lng + (leg.to.lng - leg.from.lng) * share,
        });
        break;
      }
      remaining -= leg.metres;
    }
  }
  return points;
}
