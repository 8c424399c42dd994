import type { TPlace } from '@konek/contract/geocode';
import type { LatLng } from '../../platform/geo';

/** Place search and reverse geocoding for the map (product §7.2 "calls to a maps service"). */
export type Geocoder = {
  search: (query: string, limit: number) => Promise<TPlace[]>;
  reverse: (point: LatLng) => Promise<TPlace | null>;
};

/** Raised when the configured geocoding service does not answer usefully. */
export class GeocoderUnavailableError extends Error {
  constructor(reason: string) {
    super(`geocoding service unavailable: ${reason}`);
    this.name = 'GeocoderUnavailableError';
  }
}
