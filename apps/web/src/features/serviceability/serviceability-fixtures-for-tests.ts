import type { TServiceabilityResult } from '@konek/contract/serviceability-check';
import { ADDRESS_STORAGE_KEY, type TCheckedAddress } from '../../lib/journey-store';

export const BAGUIO_HOUSE: TCheckedAddress = {
  radioTypeValue: 'House',
  area: {
    province: { address_name: 'Benguet', address_code: '1401100000' },
    city: { address_name: 'Baguio City', address_code: '1430300000' },
    barangay: { address_name: 'Ambiong', address_code: '1430300003' },
    zipCode: '2600',
  },
  house: { houseNo: '12', street: 'Session Road', village: 'Camp 7' },
  condominium: { buildingName: '', street: '', floor: '', unitNo: '' },
  searchResult: { lat: 16.41, lng: 120.6, details: 'Baguio City, Benguet' },
  landmark: '',
  regionDescription: 'Cordillera Administrative Region (CAR)',
  pilot: false,
};

export const NO_COVERAGE: TServiceabilityResult = {
  serviceable: false,
  qualification_result: 'unqualified',
  served_by: null,
  unavailability_reason: {
    code: 'no_coverage',
    label: 'Our fibre network does not reach this address yet.',
  },
  alternate_proposal: null,
  distance_meters: null,
};

export const PLANNED: TServiceabilityResult = {
  ...NO_COVERAGE,
  unavailability_reason: { code: 'planned', label: 'Fibre is coming to this area.' },
  alternate_proposal: { expected_available_date: '2027-03-31' },
  distance_meters: 120,
};

export const SERVICEABLE: TServiceabilityResult = {
  serviceable: true,
  qualification_result: 'qualified',
  served_by: 'nap',
  unavailability_reason: null,
  alternate_proposal: null,
  distance_meters: 40,
};

export function storeAddress(address: TCheckedAddress): void {
  window.localStorage.setItem(ADDRESS_STORAGE_KEY, JSON.stringify(address));
}
