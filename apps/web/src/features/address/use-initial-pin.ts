import { useQueryClient } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { barangayDetailQuery } from './api/get-addresses';
import { placeSearchQuery } from './api/geocode';
import type { CheckAddressValues, Position } from './check-address-schema';
import { areaSearchText, nudgedPosition } from './place-position';

/**
 * product §4.2: the first property-type choice places the pin on the barangay. Its detail carries the
 * barangay's own point when Konek knows one; otherwise (its city's point, or no detail) the map service
 * is searched for "barangay, city, province" — a real map service knows the barangay — and the city's
 * point is kept only when the search finds nothing. The answer is dropped if the area changed or a pin
 * was placed meanwhile.
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
    const fromDetail: Position | null = detail
      ? { lat: detail.latitude, lng: detail.longitude }
      : null;
    let position = detail?.point_source === 'city' ? null : fromDetail;
    if (!position) {
      const found = await queryClient
        .fetchQuery(
          placeSearchQuery(
            areaSearchText(barangay.address_name, city.address_name, province.address_name),
          ),
        )
        .catch(() => []);
      position = found[0] ? nudgedPosition(found[0]) : fromDetail;
    }
    const isSameArea = form.getValues('area.barangay')?.address_code === barangay.address_code;
    if (position && isSameArea && form.getValues('position') === null) {
      form.setValue('position', position);
    }
  };
}
