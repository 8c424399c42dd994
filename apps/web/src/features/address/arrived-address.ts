import type { QueryClient } from '@tanstack/react-query';
import type { TArrivedAddress } from '@konek/contract/coverage-alert';
import type { TAddressEntry } from '@konek/contract/get-addresses';
import { PROPERTY_TYPES, unescapeAmpersands } from '@konek/contract/validation';
import type { TCheckedAddress } from '../../lib/journey-store';
import { addressListQuery, barangayDetailQuery } from './api/get-addresses';
import { reversePlaceQuery } from './api/geocode';

// ADR 094: a coverage-arrival alert's link opens Konek at the address the household gave on notify-me.
// That request keeps the area by name and the property parts as they were sent (ampersands as &amp;, an
// empty village as "none"); here they become the address the check-address form would have saved, with
// the area's codes, zip code, region and pilot flag looked up as the form looks them up.

/** The option of a list whose name is `name` (spacing and case aside), if any. */
function optionNamed(options: readonly TAddressEntry[], name: string): TAddressEntry | undefined {
  const wanted = name.trim().toLowerCase();
  return options.find((option) => option.address_name.trim().toLowerCase() === wanted);
}

/** A part as the customer typed it: sent parts have &amp; for &, and an empty one may be null. */
function typed(value: string | null): string {
  return value === null ? '' : unescapeAmpersands(value);
}

/**
 * The address of an alert as the check-address form saves it, or null when its area is no longer in the
 * address book (or its property type is unknown). A failed lookup throws.
 */
export async function checkedAddressFromArrived(
  queryClient: QueryClient,
  ossSegment: string,
  arrived: TArrivedAddress,
): Promise<TCheckedAddress | null> {
  const type = PROPERTY_TYPES.find((known) => known === arrived.address_type);
  if (type === undefined) return null;
  const provinces = await queryClient.fetchQuery(
    addressListQuery(ossSegment, 'province', undefined),
  );
  const province = optionNamed(provinces, arrived.province);
  if (!province) return null;
  const cities = await queryClient.fetchQuery(
    addressListQuery(ossSegment, 'city', province.address_code),
  );
  const city = optionNamed(cities, arrived.city);
  if (!city) return null;
  const barangays = await queryClient.fetchQuery(
    addressListQuery(ossSegment, 'barangay', city.address_code),
  );
  const barangay = optionNamed(barangays, arrived.barangay);
  if (!barangay) return null;
  const position = { lat: arrived.latitude, lng: arrived.longitude };
  const [detail, place] = await Promise.all([
    queryClient.fetchQuery(barangayDetailQuery(ossSegment, barangay.address_code)),
    // The place under the pin, as the form shows it; none is no reason to stop (product §2.3 step 10).
    queryClient.fetchQuery(reversePlaceQuery(position)).catch(() => null),
  ]);
  const village = typed(arrived.village);
  return {
    radioTypeValue: type,
    area: {
      province: { address_name: province.address_name, address_code: province.address_code },
      city: { address_name: city.address_name, address_code: city.address_code },
      barangay: { address_name: barangay.address_name, address_code: barangay.address_code },
      zipCode: detail.zip_code,
    },
    house:
      type === 'House'
        ? {
            houseNo: typed(arrived.house_number),
            street: typed(arrived.street),
            village: village === 'none' ? '' : village,
          }
        : { houseNo: '', street: '', village: '' },
    condominium:
      type === 'Condominium'
        ? {
            street: typed(arrived.street),
            floor: typed(arrived.floor),
            unitNo: typed(arrived.unit_number),
            buildingName: typed(arrived.building_name),
          }
        : { street: '', floor: '', unitNo: '', buildingName: '' },
    searchResult: { ...position, details: place?.label ?? '' },
    // The waitlist does not keep the landmark; the customer adds it on the details step.
    landmark: '',
    regionDescription: detail.region_description,
    pilot: detail.properties.gfiber_pilot,
  };
}
