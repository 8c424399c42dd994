import type { TPlace } from '@konek/contract/geocode';
import { distanceMeters, type LatLng } from '../../platform/geo';
import type { Geocoder } from './geocoder';

export type GazetteerEntry = TPlace & { name: string; hasOwnPoint: boolean };

/** Lower case, accents stripped (ñ → n), punctuation to spaces: "Las Piñas" and "las pinas" meet. */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// Equal matches list the larger place first: a city before its namesake barangay.
const KIND_ORDER: Record<TPlace['kind'], number> = { city: 0, barangay: 1, building: 2, place: 3 };
const REVERSE_LIMITS_METERS: Record<TPlace['kind'], number> = {
  building: 50,
  barangay: 1500,
  city: 30_000,
  place: 0,
};

/**
 * The local geocoder: the gazetteer of cities, barangays and listed buildings already in the database.
 * Search matches every word of the query against an entry's full label; reverse geocoding names the
 * nearest building, else the nearest barangay with its own point, else the nearest city.
 */
export function createLocalGazetteer(entries: readonly GazetteerEntry[]): Geocoder {
  const indexed = entries.map((entry) => ({
    entry,
    name: normalizeForSearch(entry.name),
    label: normalizeForSearch(entry.label),
  }));
  const place = ({ label, kind, latitude, longitude }: GazetteerEntry): TPlace => ({
    label,
    kind,
    latitude,
    longitude,
  });

  return {
    search: async (query, limit) => {
      const wanted = normalizeForSearch(query);
      const words = wanted.split(' ').filter((word) => word.length > 0);
      if (words.length === 0) return [];
      const scored = indexed
        .filter(({ label }) => words.every((word) => label.includes(word)))
        .map((candidate) => {
          const { name, label } = candidate;
          const score =
            label === wanted
              ? 4
              : name === wanted
                ? 3
                : label.startsWith(wanted)
                  ? 2
                  : name.startsWith(words[0]!)
                    ? 1
                    : 0;
          return { candidate, score };
        })
        .sort(
          (left, right) =>
            right.score - left.score ||
            KIND_ORDER[left.candidate.entry.kind] - KIND_ORDER[right.candidate.entry.kind] ||
            left.candidate.label.length - right.candidate.label.length,
        );
      return scored.slice(0, limit).map(({ candidate }) => place(candidate.entry));
    },
    reverse: async (point: LatLng) => {
      for (const kind of ['building', 'barangay', 'city'] as const) {
        let nearest: { entry: GazetteerEntry; distance: number } | undefined;
        for (const { entry } of indexed) {
          if (entry.kind !== kind || !entry.hasOwnPoint) continue;
          const distance = distanceMeters(point, entry);
          if (
            distance <= REVERSE_LIMITS_METERS[kind] &&
            (!nearest || distance < nearest.distance)
          ) {
            nearest = { entry, distance };
          }
        }
        if (nearest) return place(nearest.entry);
      }
      return null;
    },
  };
}
