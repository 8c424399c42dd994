import { screen } from '@testing-library/react';
import { WEB_CONFIG_PATH } from '@konek/contract/web-config';
import { ok, stubApi, type FakeHandler } from '../../lib/fake-api-for-tests';

export { failure } from '../../lib/fake-api-for-tests';
import {
  ADDRESS_STORAGE_KEY,
  saveCheckedOutcome,
  type TCheckedAddress,
} from '../../lib/journey-store';
import { AUTH_FLOW_STORAGE_KEY, type AuthFlow } from './auth-flow-store';

// Test support for the account screens: the api client is stubbed at fetch (lib/fake-api-for-tests),
// the screens render inside the real router at their own paths (app/screen-tests/render-at.tsx).

export const OSS = 'konek';
export const OPERATOR = 'konek-operator';
export const APPLICATION_ID = 'konek-web-test';

export const MSISDN = '639171234567';
export const LOCAL_NUMBER = '9171234567';

export const ALMANZA_HOUSE: TCheckedAddress = {
  radioTypeValue: 'House',
  area: {
    province: { address_name: 'Metro Manila', address_code: '1300000000' },
    city: { address_name: 'City of Las Piñas', address_code: '1380100000' },
    barangay: { address_name: 'Almanza Uno', address_code: '1380100001' },
    zipCode: '1750',
  },
  house: { houseNo: '12', street: 'Mabini Street', village: 'BF Homes' },
  condominium: { buildingName: '', street: '', floor: '', unitNo: '' },
  searchResult: { lat: 14.45056, lng: 120.98278, details: 'Almanza Uno, Las Piñas' },
  landmark: '',
  regionDescription: 'National Capital Region (NCR)',
  pilot: true,
};

/** An address checked a moment ago, with the server's answer that fibre reaches it (lib/coverage.ts). */
export function storeCheckedAddress(address: TCheckedAddress = ALMANZA_HOUSE): void {
  window.localStorage.setItem(ADDRESS_STORAGE_KEY, JSON.stringify(address));
  saveCheckedOutcome({
    address,
    result: {
      serviceable: true,
      qualification_result: 'qualified',
      served_by: 'nap',
      unavailability_reason: null,
      alternate_proposal: null,
      distance_meters: 40,
    },
    checkedAt: Date.now(),
  });
}

/** An address checked a moment ago, with the server's answer that no fibre reaches it yet. */
export function storeUncoveredAddress(address: TCheckedAddress = ALMANZA_HOUSE): void {
  window.localStorage.setItem(ADDRESS_STORAGE_KEY, JSON.stringify(address));
  saveCheckedOutcome({
    address,
    result: {
      serviceable: false,
      qualification_result: 'unqualified',
      served_by: null,
      unavailability_reason: {
        code: 'no_coverage',
        label: 'No fibre network reaches this area yet.',
      },
      alternate_proposal: null,
      distance_meters: null,
    },
    checkedAt: Date.now(),
  });
}

export function storeFlow(flow: AuthFlow): void {
  window.sessionStorage.setItem(AUTH_FLOW_STORAGE_KEY, JSON.stringify(flow));
}

export function authApi(handlers: Record<string, FakeHandler> = {}) {
  return stubApi({
    [WEB_CONFIG_PATH]: () =>
      ok({
        map_tile_url: '',
        map_tile_attribution: '',
        oss_segment: OSS,
        operator_name: OPERATOR,
        application_id: APPLICATION_ID,
      }),
    ...handlers,
  });
}

/** The line under a field: its error, else its hint. */
export function messageOf(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

/** PIN inputs are password fields, which have no role: found by their label ("PIN", "Confirm PIN"). */
export const pinInput = () => screen.getByLabelText(/^PIN\*?$/);
export const confirmPinInput = () => screen.getByLabelText(/^Confirm PIN\*?$/);
