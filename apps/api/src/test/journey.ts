import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type {
  TCondominiumAddressParts,
  THouseAddressParts,
  TSentAddressParts,
} from '@konek/contract/address-book';
import { ADD_ADDRESS_PATH } from '@konek/contract/address-book';
import { DEFAULT_OPERATOR_NAME, DEFAULT_OSS_SEGMENT } from '@konek/contract/constants';
import { getAddressesPath, type TBarangayDetail } from '@konek/contract/get-addresses';
import { GET_BUILDING_LIST_PATH } from '@konek/contract/get-building-list';
import { RESERVE_RESOURCE_PATH } from '@konek/contract/resource';
import { post, type Customer } from './accounts';

// Helpers for the details and schedule steps' API tests: addresses of the seeded geography and demo
// network (docs/coverage-seed.md), found through the real address calls as the web app finds them.

export const METRO_MANILA = { code: '1300000000', name: 'Metro Manila' };
export const LAS_PINAS = { code: '1380200000', name: 'Las Piñas City' };
export const MAKATI = { code: '1380300000', name: 'Makati City' };

/** A barangay's detail (code, zip, point) from the address lists. */
export async function barangayDetail(
  app: FastifyInstance,
  cityCode: string,
  name: string,
): Promise<TBarangayDetail> {
  const path = getAddressesPath(DEFAULT_OSS_SEGMENT);
  const list = await post(app, path, { address_type: 'barangay', address_code: cityCode });
  const entry = (list.json().result as { address_name: string; address_code: string }[]).find(
    (barangay) => barangay.address_name === name,
  );
  if (!entry) throw new Error(`no barangay ${name} in ${cityCode}`);
  const detail = await post(app, path, {
    address_type: 'barangay',
    address_code: entry.address_code,
  });
  return detail.json().result;
}

/** A house at the barangay's point (served by the NAP seeded there), moved by `offset` degrees. */
export function houseParts(
  detail: TBarangayDetail,
  city: { name: string },
  overrides: Partial<THouseAddressParts> = {},
): THouseAddressParts {
  return {
    province: METRO_MANILA.name,
    city: city.name,
    barangay: detail.address_name,
    barangay_code: detail.address_code,
    zip_code: detail.zip_code,
    latitude: detail.latitude,
    longitude: detail.longitude,
    region_description: detail.region_description,
    house_number: '12',
    street: 'Mabini Street',
    village: 'none',
    ...overrides,
  };
}

/** A unit in a listed building of the barangay (served by its in-building fibre). */
export async function buildingParts(
  app: FastifyInstance,
  detail: TBarangayDetail,
  city: { code: string; name: string },
  buildingName: string,
  overrides: Partial<TCondominiumAddressParts> = {},
): Promise<TCondominiumAddressParts> {
  const reply = await post(app, GET_BUILDING_LIST_PATH, {
    operator_name: DEFAULT_OPERATOR_NAME,
    barangay: detail.address_code,
    city: city.code,
    province: METRO_MANILA.code,
  });
  const building = (
    reply.json().buildingList as {
      buildingName: string;
      streetName: string;
      latitude: number;
      longitude: number;
    }[]
  ).find((entry) => entry.buildingName === buildingName);
  if (!building) throw new Error(`no building ${buildingName}`);
  return {
    province: METRO_MANILA.name,
    city: city.name,
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
    ...overrides,
  };
}

/** The parts as product §7.1 lists them: no barangay_code (the server finds it, ADR 081). */
export function specParts<P extends THouseAddressParts | TCondominiumAddressParts>(
  parts: P,
): Omit<P, 'barangay_code'> {
  const copy: Partial<P> = { ...parts };
  delete copy.barangay_code;
  return copy as Omit<P, 'barangay_code'>;
}

/** Saves the customer's installation address; answers its id. */
export async function saveAddress(
  app: FastifyInstance,
  customer: Customer,
  parts: THouseAddressParts | TCondominiumAddressParts,
): Promise<string> {
  const reply = await post(
    app,
    ADD_ADDRESS_PATH,
    { parts, type: 4, target_id: customer.accountId, target_type: 2 },
    customer.token,
  );
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().address.id;
}

/** Reserves the network for the customer's saved address (product §4.3 step 7). */
export function reserveResource(
  app: FastifyInstance,
  customer: Customer,
  parts: TSentAddressParts,
) {
  return post(
    app,
    RESERVE_RESOURCE_PATH,
    {
      address: parts,
      customer: { first_name: 'Maria', last_name: 'Santos' },
      target_id: customer.accountId,
      target_type: 2,
    },
    customer.token,
  );
}

/**
 * Customers ready for the schedule step: the address saved and the network reserved (product §4.3),
 * a few at a time so a few hundred do not queue on the test database's pool at once.
 */
export async function withReservedNetwork(
  app: FastifyInstance,
  customers: Customer[],
  parts: THouseAddressParts | TCondominiumAddressParts,
): Promise<void> {
  for (let start = 0; start < customers.length; start += 20) {
    await Promise.all(
      customers.slice(start, start + 20).map(async (customer) => {
        await saveAddress(app, customer, parts);
        const reply = await reserveResource(app, customer, parts);
        expect(reply.statusCode, reply.body).toBe(200);
      }),
    );
  }
}
