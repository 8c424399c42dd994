import { describe, expect, it } from 'vitest';
import {
  ADDRESS_STORAGE_KEY,
  readCheckedAddress,
  readSavedAddress,
  saveAddress,
  type TSavedAddress,
} from './journey-store';

const DRAFT: TSavedAddress = {
  radioTypeValue: null,
  area: {
    province: { address_name: 'Metro Manila', address_code: '1300000000' },
    city: null,
    barangay: null,
    zipCode: '',
  },
  house: { houseNo: '', street: '', village: '' },
  condominium: { buildingName: '', street: '', floor: '', unitNo: '' },
  searchResult: null,
  landmark: '',
  regionDescription: '',
  pilot: false,
};

const CHECKED: TSavedAddress = {
  ...DRAFT,
  radioTypeValue: 'House',
  area: {
    province: { address_name: 'Metro Manila', address_code: '1300000000' },
    city: { address_name: 'Las Piñas City', address_code: '1380200000' },
    barangay: { address_name: 'Almanza Uno', address_code: '1380200001' },
    zipCode: '1750',
  },
  house: { houseNo: '12', street: 'Mabini Street', village: '' },
  searchResult: { lat: 14.45, lng: 120.98, details: 'Las Piñas City, Metro Manila' },
  pilot: true,
};

describe('journey store: the address in localStorage (product §2.3 step 9)', () => {
  it('keeps the address under konek.address in the product §3 shape', () => {
    saveAddress(CHECKED);
    expect(JSON.parse(window.localStorage.getItem(ADDRESS_STORAGE_KEY) ?? '')).toEqual(CHECKED);
    expect(readSavedAddress()).toEqual(CHECKED);
    expect(readCheckedAddress()).toEqual(CHECKED);
  });

  it('reads a form still being filled, which is not yet a checked address', () => {
    saveAddress(DRAFT);
    expect(readSavedAddress()).toEqual(DRAFT);
    expect(readCheckedAddress()).toBeNull();
  });

  it.each(['', 'not json', '{"area":1}', '[]'])('ignores a stored %j', (raw) => {
    window.localStorage.setItem(ADDRESS_STORAGE_KEY, raw);
    expect(readSavedAddress()).toBeNull();
    expect(readCheckedAddress()).toBeNull();
  });
});
