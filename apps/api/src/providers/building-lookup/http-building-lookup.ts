import * as z from 'zod';
import {
  BuildingLookupUnavailableError,
  type BuildingLookup,
  type ListedBuilding,
} from './building-lookup';

// BUILDING_LOOKUP=http: the operator's facility service (product §7.2). The spec shows neither its path
// nor its reply, so Konek speaks a small protocol of its own (ADR 081), in the spec's words:
//   GET {BUILDING_LOOKUP_URL}/buildings?operator_name&province&city&barangay (PSGC codes) and
//       province_name, city_name, barangay_name (as the address lists spell them)
//   GET {BUILDING_LOOKUP_URL}/buildings/near?operator_name&latitude&longitude&radius_meters
// each answering { buildingList: [{ id, buildingName, streetName, servingFloors, latitude, longitude,
// barangayCode }] } — product §3's building list entry, with the building's id and its barangay.

export const DEFAULT_BUILDING_LOOKUP_TIMEOUT_MS = 2000;

const ZListedBuilding = z.object({
  id: z.union([z.string().min(1), z.number().int()]).transform(String),
  buildingName: z.string().min(1),
  streetName: z.string(),
  servingFloors: z.array(z.string().transform((floor) => floor.trim().toUpperCase())),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  barangayCode: z.string().regex(/^\d{9,10}$/),
});
const ZBuildingListReply = z.object({ buildingList: z.array(ZListedBuilding) });

export type HttpBuildingLookupOptions = {
  baseUrl: string;
  operatorName: string;
  /** How long one lookup may take before it counts as unavailable. */
  timeoutMs: number;
  /** Injected for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
};

export function createHttpBuildingLookup(options: HttpBuildingLookupOptions): BuildingLookup {
  const send = options.fetch ?? globalThis.fetch;
  // A base without a trailing slash would lose its last segment to the relative paths below.
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;

  async function lookUp(path: string, parameters: Record<string, string>) {
    const url = new URL(path, base);
    url.search = new URLSearchParams({
      operator_name: options.operatorName,
      ...parameters,
    }).toString();
    let response: Response;
    let body: unknown;
    try {
      response = await send(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new BuildingLookupUnavailableError(`HTTP ${response.status}`);
      }
      body = await response.json();
    } catch (error) {
      if (error instanceof BuildingLookupUnavailableError) throw error;
      const isTimeout = error instanceof Error && error.name === 'TimeoutError';
      throw new BuildingLookupUnavailableError(
        isTimeout
          ? `no answer within ${options.timeoutMs} ms`
          : error instanceof SyntaxError
            ? 'a reply that is not JSON'
            : error instanceof Error
              ? error.message
              : 'network error',
      );
    }
    const parsed = ZBuildingListReply.safeParse(body);
    if (!parsed.success) throw new BuildingLookupUnavailableError('a reply it cannot read');
    return parsed.data.buildingList satisfies ListedBuilding[];
  }

  return {
    name: 'http',
    buildingsOf: (area) =>
      lookUp('buildings', {
        province: area.province.code,
        city: area.city.code,
        barangay: area.barangay.code,
        province_name: area.province.name,
        city_name: area.city.name,
        barangay_name: area.barangay.name,
      }),
    buildingsNear: (point, meters) =>
      lookUp('buildings/near', {
        latitude: String(point.latitude),
        longitude: String(point.longitude),
        radius_meters: String(Math.ceil(meters)),
      }),
  };
}
