import { describe, expect, it } from 'vitest';
import {
  EMPTY_CONDOMINIUM,
  EMPTY_HOUSE,
  missingForSubmit,
  type CheckAddressValues,
} from './check-address-schema';

const AREA = {
  province: { address_name: 'Ilocos Norte', address_code: '0102800000' },
  city: { address_name: 'Laoag City', address_code: '0102812000' },
  barangay: { address_name: 'Bgy. No. 24', address_code: '0102812024' },
};
const EMPTY: CheckAddressValues = {
  area: { province: null, city: null, barangay: null },
  radioTypeValue: null,
  house: EMPTY_HOUSE,
  condominium: EMPTY_CONDOMINIUM,
  position: null,
};

describe('missingForSubmit: why the submit button is disabled', () => {
  it('asks for the area first, then the property type', () => {
    expect(missingForSubmit(EMPTY)).toBe('Choose your province, city and barangay to continue.');
    expect(missingForSubmit({ ...EMPTY, area: { ...AREA, barangay: null } })).toBe(
      'Choose your province, city and barangay to continue.',
    );
    expect(missingForSubmit({ ...EMPTY, area: AREA })).toBe(
      'Choose House or Building to continue.',
    );
  });

  it('names the fields of the chosen form that are empty or refused', () => {
    const house = { ...EMPTY, area: AREA, radioTypeValue: 'House' as const };
    expect(missingForSubmit(house)).toBe('Fill in or correct House no. and Street to continue.');
    expect(
      missingForSubmit({ ...house, house: { ...EMPTY_HOUSE, houseNo: '12', street: '<b>' } }),
    ).toBe('Fill in or correct Street to continue.');
    // The landmark is optional, but a refused one is named like any other field.
    const withLandmark = { ...EMPTY_HOUSE, houseNo: '12', street: 'Rizal St.', landmark: 'x!' };
    expect(missingForSubmit({ ...house, house: withLandmark })).toBe(
      'Fill in or correct Landmark to continue.',
    );
    const building = { ...EMPTY, area: AREA, radioTypeValue: 'Condominium' as const };
    expect(missingForSubmit(building)).toMatch(
      /^Fill in or correct Building Name, .* to continue\.$/,
    );
  });

  it('says nothing when the form is complete', () => {
    const done = {
      ...EMPTY,
      area: AREA,
      radioTypeValue: 'House' as const,
      house: { ...EMPTY_HOUSE, houseNo: '12', street: 'Rizal St.' },
    };
    expect(missingForSubmit(done)).toBeNull();
  });
});
