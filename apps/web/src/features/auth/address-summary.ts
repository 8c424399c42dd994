import type { TCheckedAddress } from '../../lib/journey-store';

/** The checked address as two lines a person reads: the home, then the area with its zip code. */
export function addressSummary(address: TCheckedAddress): { home: string; area: string } {
  const { house, condominium, area } = address;
  const home =
    address.radioTypeValue === 'Condominium'
      ? [
          condominium.unitNo && `Unit ${condominium.unitNo}`,
          condominium.floor && `Floor ${condominium.floor}`,
          condominium.buildingName,
          condominium.street,
        ]
      : [[house.houseNo, house.street].filter(Boolean).join(' '), house.village];
  const place = [area.barangay.address_name, area.city.address_name, area.province.address_name];
  return {
    home: home.filter(Boolean).join(', '),
    area: [place.join(', '), area.zipCode].filter(Boolean).join(' '),
  };
}
