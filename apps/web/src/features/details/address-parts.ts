import type { TAddressParts } from '@konek/contract/address-book';
import { condominiumPartsForSending, housePartsForSending } from '@konek/contract/validation';
import type { TCheckedAddress } from '../../lib/journey-store';

/**
 * product §7.1 add address / reserve resource "parts": the checked address as the calls carry it. The
 * landmark goes with the house or the condominium form as the property type says (product §4.3 step 7);
 * ampersands are sent as &amp;, an empty village as "none", a condominium's empty landmark as "none"
 * (product §5).
 */
export function addressParts(address: TCheckedAddress): TAddressParts {
  const area = {
    province: address.area.province.address_name,
    city: address.area.city.address_name,
    barangay: address.area.barangay.address_name,
    barangay_code: address.area.barangay.address_code,
    zip_code: address.area.zipCode,
    latitude: address.searchResult.lat,
    longitude: address.searchResult.lng,
    region_description: address.regionDescription,
  };
  if (address.radioTypeValue === 'Condominium') {
    return {
      ...area,
      ...condominiumPartsForSending({ ...address.condominium, landmark: address.landmark }),
    };
  }
  return { ...area, ...housePartsForSending({ ...address.house, landmark: address.landmark }) };
}
