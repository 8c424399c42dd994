import { getAddressesPath } from '@konek/contract/get-addresses';
import { GEOCODE_REVERSE_PATH, GEOCODE_SEARCH_PATH } from '@konek/contract/geocode';
import { GET_BUILDING_LIST_PATH } from '@konek/contract/get-building-list';
import { WEB_CONFIG_PATH } from '@konek/contract/web-config';
import { ok, type FakeHandler } from '../../lib/fake-api-for-tests';

// A small slice of the seeded geography (apps/api demo data), enough to fill the check-address form.

export const METRO_MANILA = { address_name: 'Metro Manila', address_code: '1300000000' };
export const BENGUET = { address_name: 'Benguet', address_code: '1401100000' };
export const LAS_PINAS = { address_name: 'Las Piñas City', address_code: '1380200000' };
export const MAKATI = { address_name: 'Makati City', address_code: '1380300000' };
export const BAGUIO = { address_name: 'Baguio City', address_code: '1430300000' };
export const ALMANZA_UNO = { address_name: 'Almanza Uno', address_code: '1380200001' };
export const POBLACION = { address_name: 'Poblacion', address_code: '1380300020' };

export const SAMPAGUITA_TOWER_1 = {
  buildingName: 'Sampaguita Residences Tower 1',
  streetName: 'Ayala Avenue',
  servingFloors: ['G', '2', '3', '4', '5', '6'],
  latitude: 14.55297,
  longitude: 121.03083,
};

const LISTS: Readonly<Record<string, unknown[]>> = {
  [METRO_MANILA.address_code]: [LAS_PINAS, MAKATI],
  [BENGUET.address_code]: [BAGUIO],
  [LAS_PINAS.address_code]: [ALMANZA_UNO],
  [MAKATI.address_code]: [POBLACION],
};

const DETAILS: Readonly<Record<string, unknown>> = {
  [ALMANZA_UNO.address_code]: {
    ...ALMANZA_UNO,
    zip_code: '1750',
    region_description: 'National Capital Region (NCR)',
    latitude: 14.45056,
    longitude: 120.98278,
    properties: { gfiber_pilot: true },
  },
  [POBLACION.address_code]: {
    ...POBLACION,
    zip_code: '1210',
    region_description: 'National Capital Region (NCR)',
    latitude: 14.5547,
    longitude: 121.0244,
    properties: { gfiber_pilot: false },
  },
};

function codeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('address_code' in body)) return undefined;
  return typeof body.address_code === 'string' ? body.address_code : undefined;
}

/** The API the check-address form talks to, answering from the slice above. */
export function addressApi(
  overrides: Readonly<Record<string, FakeHandler>> = {},
): Record<string, FakeHandler> {
  return {
    [WEB_CONFIG_PATH]: () =>
      ok({
        map_tile_url: '',
        map_tile_attribution: '',
        oss_segment: 'konek',
        operator_name: 'konek',
        application_id: 'konek-web',
      }),
    [getAddressesPath('konek')]: (body) => {
      const code = codeOf(body);
      if (code === undefined) return ok({ result: [METRO_MANILA, BENGUET] });
      const detail = DETAILS[code];
      return ok({ result: detail ?? LISTS[code] ?? [] });
    },
    [GEOCODE_SEARCH_PATH]: () =>
      ok({
        places: [
          {
            label: 'Almanza Uno, Las Piñas City, Metro Manila',
            kind: 'barangay',
            latitude: 14.45056,
            longitude: 120.98278,
          },
        ],
      }),
    [GEOCODE_REVERSE_PATH]: () =>
      ok({
        place: {
          label: 'Las Piñas City, Metro Manila',
          kind: 'city',
          latitude: 14.45056,
          longitude: 120.98278,
        },
      }),
    [GET_BUILDING_LIST_PATH]: () =>
      ok({
        buildingList: [
          SAMPAGUITA_TOWER_1,
          { ...SAMPAGUITA_TOWER_1, buildingName: 'Sampaguita Residences Tower 2' },
        ],
      }),
    ...overrides,
  };
}
