import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getAddressesPath } from '@konek/contract/get-addresses';
import { GET_BUILDING_LIST_PATH } from '@konek/contract/get-building-list';
import { SERVICEABILITY_CHECK_PATH } from '@konek/contract/serviceability-check';
import type { TCondominiumAddressParts } from '@konek/contract/address-book';
import { createTestApp, type TestApp } from '../../test/test-app';
import { post, signUp } from '../../test/accounts';
import { reserveResource, saveAddress } from '../../test/journey';

// ADR 081, BUILDING_LOOKUP=http: the building list and the serviceability decision for a pin on a
// listed building ask the facility service (here a fake of it on a local port), and when it cannot
// answer, every call that needs it says so with a 503 instead of deciding without it.

/** Baguio City has no demo network (docs/coverage-seed.md): only the facility service knows this one. */
const TOWER = {
  id: 'FAC-77',
  buildingName: 'Pine Crest Tower',
  streetName: 'Session Road',
  servingFloors: ['1', '2'],
  latitude: 16.4116,
  longitude: 120.5989,
  barangayCode: '',
};

let facility: http.Server;
let isDown = false;
const asked: URL[] = [];
let testApp: TestApp;
let area: { province: string; city: string; barangay: string };

beforeAll(async () => {
  facility = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://facility.test');
    asked.push(url);
    if (isDown) {
      response.writeHead(503).end();
      return;
    }
    const near =
      url.pathname === '/buildings/near' &&
      Math.abs(Number(url.searchParams.get('latitude')) - TOWER.latitude) < 0.001;
    const ofArea =
      url.pathname === '/buildings' && url.searchParams.get('barangay') === TOWER.barangayCode;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ buildingList: near || ofArea ? [TOWER] : [] }));
  });
  await new Promise<void>((resolve) => facility.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(facility.address() as AddressInfo).port}`;
  testApp = await createTestApp({
    buildingLookup: { provider: 'http', url, timeoutMs: 1000 },
  });
  const lists = getAddressesPath(testApp.config.ossSegment);
  const barangays = (
    await post(testApp.app, lists, { address_type: 'barangay', address_code: '1430300000' })
  ).json().result as { address_name: string; address_code: string }[];
  TOWER.barangayCode = barangays[0]!.address_code;
  area = { province: 'Benguet', city: 'Baguio City', barangay: barangays[0]!.address_name };
});
beforeEach(() => {
  isDown = false;
  asked.length = 0;
});
afterAll(async () => {
  await testApp.close();
  facility.closeAllConnections();
  await new Promise((resolve) => facility.close(resolve));
});

const check = (floor?: string) =>
  post(testApp.app, SERVICEABILITY_CHECK_PATH, {
    latitude: TOWER.latitude,
    longitude: TOWER.longitude,
    ...(floor ? { floor } : {}),
  });

const unit = (): TCondominiumAddressParts => ({
  province: area.province,
  city: area.city,
  barangay: area.barangay,
  barangay_code: TOWER.barangayCode,
  zip_code: '2600',
  latitude: TOWER.latitude,
  longitude: TOWER.longitude,
  region_description: 'Cordillera Administrative Region',
  building_name: TOWER.buildingName,
  floor: '2',
  unit_no: '2-A',
  street: TOWER.streetName,
  landmark: 'none',
});

describe('the facility service as the building lookup', () => {
  it('answers the building list of an area named as the lists name it', async () => {
    const reply = await post(testApp.app, GET_BUILDING_LIST_PATH, {
      operator_name: 'konek',
      ...area,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().buildingList).toEqual([
      {
        buildingName: TOWER.buildingName,
        streetName: TOWER.streetName,
        servingFloors: TOWER.servingFloors,
        latitude: TOWER.latitude,
        longitude: TOWER.longitude,
      },
    ]);
    expect(asked[0]!.searchParams.get('city')).toBe('1430300000');
    expect(asked[0]!.searchParams.get('city_name')).toBe('Baguio City');
  });

  it('decides a pin on one of its buildings by the floors it serves', async () => {
    expect((await check('2')).json().result).toMatchObject({
      serviceable: true,
      served_by: 'building',
    });
    expect((await check('9')).json().result).toMatchObject({
      serviceable: false,
      unavailability_reason: { code: 'floor_not_served' },
    });
    expect(asked.every((url) => url.pathname === '/buildings/near')).toBe(true);
  });

  it("reserves a unit by the building's own fibre, keeping the facility service's id", async () => {
    const customer = await signUp(testApp.app);
    await saveAddress(testApp.app, customer, unit());
    const reply = await reserveResource(testApp.app, customer, unit());
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().resource).toMatchObject({ served_by: 'building' });
    const { rows } = await testApp.database.pool.query(
      'select building_id from resource_reservations where account_id = $1',
      [customer.accountId],
    );
    expect(rows).toEqual([{ building_id: 'FAC-77' }]);
  });

  it('answers 503 on every call that needs it while it is down, never a guess', async () => {
    const customer = await signUp(testApp.app);
    await saveAddress(testApp.app, customer, unit());
    isDown = true;
    const replies = [
      await check('2'),
      await post(testApp.app, GET_BUILDING_LIST_PATH, { operator_name: 'konek', ...area }),
      await reserveResource(testApp.app, customer, unit()),
    ];
    for (const reply of replies) {
      expect(reply.statusCode, reply.body).toBe(503);
      expect(reply.json()).toMatchObject({ module: 'common', code: 503 });
    }
  });
});
