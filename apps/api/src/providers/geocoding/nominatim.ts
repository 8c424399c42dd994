import * as z from 'zod';
import type { TPlace } from '@konek/contract/geocode';
import { GeocoderUnavailableError, type Geocoder } from './geocoder';

const TIMEOUT_MS = 5000;

const ZNominatimPlace = z.object({
  display_name: z.string(),
  lat: z.coerce.number(),
  lon: z.coerce.number(),
});

/** A Nominatim-compatible geocoding service (GEOCODER_URL), limited to the Philippines. */
export function createNominatimGeocoder(baseUrl: string, userAgent: string): Geocoder {
  async function call(pathAndQuery: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(new URL(pathAndQuery, baseUrl), {
        headers: { 'user-agent': userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new GeocoderUnavailableError(error instanceof Error ? error.message : 'network error');
    }
    if (!response.ok) throw new GeocoderUnavailableError(`HTTP ${response.status}`);
    return response.json();
  }
  const toPlace = (raw: z.infer<typeof ZNominatimPlace>): TPlace => ({
    label: raw.display_name,
    kind: 'place',
    latitude: raw.lat,
    longitude: raw.lon,
  });

  return {
    search: async (query, limit) => {
      const parameters = new URLSearchParams({
        q: query,
        format: 'jsonv2',
        countrycodes: 'ph',
        limit: String(limit),
      });
      const parsed = z.array(ZNominatimPlace).safeParse(await call(`search?${parameters}`));
      if (!parsed.success) throw new GeocoderUnavailableError('unexpected search reply');
      return parsed.data.map(toPlace);
    },
    reverse: async ({ latitude, longitude }) => {
      const parameters = new URLSearchParams({
        lat: String(latitude),
        lon: String(longitude),
        format: 'jsonv2',
      });
      const reply = await call(`reverse?${parameters}`);
      const parsed = ZNominatimPlace.safeParse(reply);
      return parsed.success ? toPlace(parsed.data) : null;
    },
  };
}
