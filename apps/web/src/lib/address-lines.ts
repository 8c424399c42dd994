/**
 * What the lines are made of (a saved address, lib/journey-store.ts TSavedAddress). Spelled out here so
 * that the first-paint script (ADR 058) can use the function without the store.
 */
export type AddressForLines = {
  radioTypeValue: string | null;
  house: { houseNo: string; street: string; village: string };
  condominium: { unitNo: string; floor: string; buildingName: string; street: string };
  area: {
    province: { address_name: string } | null;
    city: { address_name: string } | null;
    barangay: { address_name: string } | null;
    zipCode: string;
  };
};

/** The saved address as two lines a person reads: the home, then the area. */
export function addressLines(address: AddressForLines): { home: string; area: string } {
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
