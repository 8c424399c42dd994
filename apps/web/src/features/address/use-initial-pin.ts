import { useQueryClient } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { barangayDetailQuery } from './api/get-addresses';
import { placeSearchQuery } from './api/geocode';
import type { CheckAddressValues, Position } from './check-address-schema';
import { areaSearchText, nudgedPosition } from './place-position';

/**
 * product §4.2: the first property-type choice places the pin on the barangay. Its detail carries the
 * barangay's point — the server gives the city's only when the barangay has none of its own — and a map
 * search for "barangay, city, province" answers the city first whenever the barangay has no point in the
 * map service's data, so the detail comes first; the search places the pin only when the detail cannot
 * be had. The answer is dropped if the area changed or a pin was placed meanwhile.
 */
export function useInitialPin(
  form: UseFormReturn<CheckAddressValues>,
  ossSegment: string | undefined,
): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    const { province, city, barangay } = form.getValues('area');
    if (!province || !city || !barangay) return;
    const detail = await queryClient
      .fetchQuery(barangayDetailQuery(ossSegment, barangay.address_code))
      .catch(() => undefined);
    let position: Position | null = detail ? { lat: detail.latitude, lng: detail.longitude } : null;
    if (!position) {
      const found = await queryClient
        .fetchQuery(
          placeSearchQuery(
            areaSearchText(barangay.address_name, city.address_name, province.address_name),
          ),
        )
        .catch(() => []);
      position = found[0] ? nudgedPosition(found[0]) : null;
    }
    const isSameArea = form.getValues('area.barangay')?.address_code === barangay.address_code;
    if (position && isSameArea && form.getValues('position') === null) {
      form.setValue('position', position);
    }
  };
}
