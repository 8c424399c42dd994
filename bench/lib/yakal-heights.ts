// The address both booking benchmarks install at, and the JSON caller they reach Konek with.
// Yakal Heights, Almanza Uno: in-building fibre, so every customer gets a port (docs/coverage-seed.md).
import type { TCondominiumAddressParts } from '@konek/contract/address-book';
import { DEFAULT_OPERATOR_NAME } from '@konek/contract/constants';
import { getAddressesPath, type TBarangayDetail } from '@konek/contract/get-addresses';
import { GET_BUILDING_LIST_PATH } from '@konek/contract/get-building-list';

export const LAS_PINAS = '1380200000';

export type BenchCall = (
  path: string,
  body: object,
  token?: string,
) => Promise<Record<string, unknown>>;

/** POSTs JSON to Konek at `baseUrl`; anything but 200 throws with the path and the server's message. */
export function callerFor(baseUrl: string): BenchCall {
  return async (path, body, token) => {
    const reply = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const json = (await reply.json()) as Record<string, unknown>;
    if (reply.status !== 200)
      throw new Error(`${path} answered ${reply.status}: ${json['message']}`);
    return json;
  };
}

/** The address parts of unit 5-B, 5th floor, Yakal Heights, read from Konek's own address lists. */
export async function yakalHeightsParts(call: BenchCall): Promise<TCondominiumAddressParts> {
  const addresses = getAddressesPath('konek');
  const barangays = (await call(addresses, { address_type: 'barangay', address_code: LAS_PINAS }))[
    'result'
  ] as { address_name: string; address_code: string }[];
  const almanzaUno = barangays.find((entry) => entry.address_name === 'Almanza Uno')!;
  const detail = (
    await call(addresses, { address_type: 'barangay', address_code: almanzaUno.address_code })
  )['result'] as TBarangayDetail;
  const buildings = (
    await call(GET_BUILDING_LIST_PATH, {
      operator_name: DEFAULT_OPERATOR_NAME,
      barangay: detail.address_code,
      city: LAS_PINAS,
      province: '1300000000',
    })
  )['buildingList'] as {
    buildingName: string;
    streetName: string;
    latitude: number;
    longitude: number;
  }[];
  const building = buildings.find((entry) => entry.buildingName === 'Yakal Heights')!;
  return {
    province: 'Metro Manila',
    city: 'Las Piñas City',
    barangay: detail.address_name,
    barangay_code: detail.address_code,
    zip_code: detail.zip_code,
    latitude: building.latitude,
    longitude: building.longitude,
    region_description: detail.region_description,
    building_name: building.buildingName,
    floor: '5',
    unit_no: '5-B',
    street: building.streetName,
    landmark: 'none',
  };
}
