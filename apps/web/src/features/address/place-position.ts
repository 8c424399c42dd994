import { MAP_NUDGE_DEGREES } from '@konek/contract/constants';
import type { TPlace } from '@konek/contract/geocode';
import type { Position } from './check-address-schema';

/**
 * product §2.3 step 10 / §9: a found place is nudged by 0.0022° of latitude, so the pin does not sit on
 * the place's own label on the map.
 */
export function nudgedPosition(place: TPlace): Position {
  return { lat: place.latitude + MAP_NUDGE_DEGREES, lng: place.longitude };
}

/** product §4.2: the map search for an area reads "barangay, city, province". */
export function areaSearchText(barangay: string, city: string, province: string): string {
  return `${barangay}, ${city}, ${province}`;
}
