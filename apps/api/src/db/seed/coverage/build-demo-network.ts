import {
  BUILDINGS,
  FULL_NAP_SPOT,
  GRID_SPACING_METERS,
  PILOT_BARANGAYS,
  PLANNED_CITIES,
  PORTS_PER_NAP,
  SERVED_CITIES,
} from './demo-network-plan';
import { distanceMeters, offsetPoint, type LatLng } from '../../../platform/geo';

export type CityPoint = { code: string; latitude: number; longitude: number };
export type BarangayRef = {
  code: string;
  name: string;
  cityCode: string;
  latitude: number | null;
  longitude: number | null;
};

export type NapRow = {
  code: string;
  location: { x: number; y: number };
  cityCode: string;
  portCount: number;
  usedPorts: number;
  status: 'active' | 'planned';
  expectedDate: string | null;
};
export type BuildingRow = {
  buildingName: string;
  streetName: string;
  servingFloors: string[];
  latitude: number;
  longitude: number;
  barangayCode: string;
};
export type DemoNetwork = {
  naps: NapRow[];
  buildings: BuildingRow[];
  pilotBarangayCodes: string[];
};

/** mulberry32: a tiny seeded generator, so the demo network is the same on every machine. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gridAround(center: LatLng, radiusMeters: number): LatLng[] {
  const points: LatLng[] = [];
  const steps = Math.floor(radiusMeters / GRID_SPACING_METERS);
  for (let north = -steps; north <= steps; north += 1) {
    for (let east = -steps; east <= steps; east += 1) {
      const point = offsetPoint(center, north * GRID_SPACING_METERS, east * GRID_SPACING_METERS);
      if (distanceMeters(center, point) <= radiusMeters) points.push(point);
    }
  }
  return points;
}

export function fullNapPoint(cityPoint: LatLng): LatLng {
  return offsetPoint(cityPoint, FULL_NAP_SPOT.northMeters, FULL_NAP_SPOT.eastMeters);
}

export function buildDemoNetwork(
  cityPoints: ReadonlyMap<string, CityPoint>,
  barangaysOfCities: readonly BarangayRef[],
): DemoNetwork {
  const random = seededRandom(20261122);
  const naps: NapRow[] = [];
  const pointOf = (code: string): LatLng => {
    const city = cityPoints.get(code);
    if (!city) throw new Error(`demo network: city ${code} is not in the geography`);
    return { latitude: city.latitude, longitude: city.longitude };
  };
  const napAt = (
    cityCode: string,
    point: LatLng,
    usedPorts: number,
    status: 'active' | 'planned',
    expectedDate: string | null,
  ) =>
    naps.push({
      code: `NAP-${cityCode}-${String(naps.length + 1).padStart(5, '0')}`,
      location: { x: point.longitude, y: point.latitude },
      cityCode,
      portCount: PORTS_PER_NAP,
      usedPorts,
      status,
      expectedDate,
    });

  for (const city of SERVED_CITIES) {
    const center = pointOf(city.code);
    const fullSpot = city.code === FULL_NAP_SPOT.cityCode ? fullNapPoint(center) : null;
    // The city point itself is the map's default pin: it always has a NAP with free ports.
    napAt(city.code, center, 4, 'active', null);
    for (const point of gridAround(center, city.gridRadiusMeters)) {
      if (distanceMeters(point, center) < 1) continue;
      if (fullSpot && distanceMeters(point, fullSpot) < FULL_NAP_SPOT.clearRadiusMeters) continue;
      // About one NAP in twelve is full, as in a real plant.
      const usedPorts = random() < 1 / 12 ? PORTS_PER_NAP : Math.floor(random() * PORTS_PER_NAP);
      napAt(city.code, point, usedPorts, 'active', null);
    }
    if (fullSpot) napAt(city.code, fullSpot, PORTS_PER_NAP, 'active', null);
    for (const barangay of barangaysOfCities) {
      if (
        barangay.cityCode !== city.code ||
        barangay.latitude === null ||
        barangay.longitude === null
      )
        continue;
      const point = { latitude: barangay.latitude, longitude: barangay.longitude };
      if (fullSpot && distanceMeters(point, fullSpot) < FULL_NAP_SPOT.clearRadiusMeters) continue;
      napAt(city.code, point, 2, 'active', null);
    }
  }

  for (const city of PLANNED_CITIES) {
    for (const point of gridAround(pointOf(city.code), city.gridRadiusMeters)) {
      napAt(city.code, point, 0, 'planned', city.expectedDate);
    }
  }

  const findBarangay = (cityCode: string, name: string) =>
    barangaysOfCities.find(
      (barangay) => barangay.cityCode === cityCode && barangay.name === name,
    ) ?? barangaysOfCities.find((barangay) => barangay.cityCode === cityCode);

  const buildings = BUILDINGS.flatMap((plan) => {
    const barangay = findBarangay(plan.cityCode, plan.barangayName);
    if (!barangay) return [];
    const point = offsetPoint(pointOf(plan.cityCode), plan.northMeters, plan.eastMeters);
    return [
      {
        buildingName: plan.buildingName,
        streetName: plan.streetName,
        servingFloors: [...plan.servingFloors],
        latitude: point.latitude,
        longitude: point.longitude,
        barangayCode: barangay.code,
      },
    ];
  });

  const pilotBarangayCodes = PILOT_BARANGAYS.flatMap((pilot) => {
    const barangay = barangaysOfCities.find(
      (entry) => entry.cityCode === pilot.cityCode && entry.name === pilot.name,
    );
    return barangay ? [barangay.code] : [];
  });

  return { naps, buildings, pilotBarangayCodes };
}
