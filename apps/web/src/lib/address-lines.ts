import type { TSavedAddress } from './journey-store';

/** The saved address as two lines a person reads: the home, then the area. */
export function addressLines(address: TSavedAddress): { home: string; area: string } {
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
  const place = [area.barangay?.address_name, area.city?.address_name, area.province?.address_name]
    .filter(Boolean)
    .join(', ');
  return {
    home: home.filter(Boolean).join(', '),
    area: [place, area.zipCode].filter(Boolean).join(' '),
  };
}
