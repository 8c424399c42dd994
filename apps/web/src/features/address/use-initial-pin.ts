import { useQueryClient } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { barangayDetailQuery } from './api/get-addresses';
import { placeSearchQuery } from './api/geocode';
import type { CheckAddressValues, Position } from './check-address-schema';
import { areaSearchText, nudgedPosition } from './place-position';

/**
 * product §4.2: the first property-type choice searches the map by "barangay, city, province" to place
 * the pin; when nothing is found the barangay's own point (its detail's latitude and longitude) is used.
 * The answer is dropped if the area changed or a pin was placed meanwhile.
 */
export function useInitialPin(
  form: UseFormReturn<CheckAddressValues>,
  ossSegment: string | undefined,
): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    const { province, city, barangay } = form.getValues('area');
    if (!province || !city || !barangay) return;
    const found = await queryClient
      .fetchQuery(
        placeSearchQuery(
          areaSearchText(barangay.address_name, city.address_name, province.address_name),
        ),
      )
      .catch(() => []);
    let position: Position | null = found[0] ? nudgedPosition(found[0]) : null;
    if (!position) {
      const detail = await queryClient
        .fetchQuery(barangayDetailQuery(ossSegment, barangay.address_code))
        .catch(() => undefined);
      position = detail ? { lat: detail.latitude, lng: detail.longitude } : null;
    }
    const isSameArea = form.getValues('area.barangay')?.address_code === barangay.address_code;
    if (position && isSameArea && form.getValues('position') === null) {
      form.setValue('position', position);
    }
  };
}
