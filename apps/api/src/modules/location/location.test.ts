import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddressesPath } from '@konek/contract/get-addresses';
import {
  SERVICEABILITY_CHECK_PATH,
  ZServiceabilityCheckResponse,
} from '@konek/contract/serviceability-check';
import { GET_BUILDING_LIST_PATH } from '@konek/contract/get-building-list';
import { GEOCODE_REVERSE_PATH, GEOCODE_SEARCH_PATH } from '@konek/contract/geocode';
import { createTestApp, type TestApp } from '../../test/test-app';
import { offsetPoint, type LatLng } from '../../platform/geo';
import { FULL_NAP_SPOT } from '../../db/seed/coverage/demo-network-plan';

const LAS_PINAS = '1380200000';
const METRO_MANILA = '1300000000';

let testApp: TestApp;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  testApp.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  });
const addresses = (payload: unknown, headers: Record<string, string> = {}) =>
  post(getAddressesPath('konek'), payload, headers);

async function cityPoint(code: string): Promise<LatLng> {
  const { rows } = await testApp.database.pool.query(
    'select latitude, longitude from cities where code = $1',
    [code],
  );
  return rows[0];
}
async function building(name: string): Promise<LatLng> {
  const { rows } = await testApp.database.pool.query(
    'select latitude, longitude from buildings where building_name = $1',
    [name],
  );
  return rows[0];
}
const check = async (point: LatLng, floor?: string) => {
  const reply = await post(SERVICEABILITY_CHECK_PATH, {
    latitude: point.latitude,
    longitude: point.longitude,
    ...(floor ? { floor } : {}),
  });
  expect(reply.statusCode).toBe(200);
  // Written without the schema's encode (ADR 037): what the schema would strip or refuse is not there.
  expect(reply.json()).toEqual(ZServiceabilityCheckResponse.parse(reply.json()));
  return reply.json().result;
};

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('get address info', () => {
  it('lists the provinces without a code, Metro Manila included', async () => {
    const reply = await addresses({ address_type: 'province' });
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body).toMatchObject({ code: 0, module: 'location' });
    expect(body.result).toHaveLength(84);
    expect(body.result).toContainEqual({
      address_name: 'Metro Manila',
      address_code: METRO_MANILA,
    });
    expect(body.result).toContainEqual({ address_name: 'Cebu', address_code: '0702200000' });
  });

  it("lists a province's cities, leaving out a city with no barangays", async () => {
    const body = (await addresses({ address_type: 'city', address_code: METRO_MANILA })).json();
    const names = body.result.map((entry: { address_name: string }) => entry.address_name);
    expect(names).toContain('Las Piñas City');
    expect(names).toContain('Binondo, Manila');
    expect(names).not.toContain('Manila City');
  });

  it("lists a city's barangays", async () => {
    const body = (await addresses({ address_type: 'barangay', address_code: LAS_PINAS })).json();
    expect(body.result).toHaveLength(20);
    expect(body.result[0]).toEqual({
      address_name: 'Almanza Dos',
      address_code: expect.stringMatching(/^13802/),
    });
  });

  it('gives barangay detail with zip code, region and pilot flag', async () => {
    const list = (await addresses({ address_type: 'barangay', address_code: LAS_PINAS })).json()
      .result;
    const code = (name: string) =>
      list.find((entry: { address_name: string }) => entry.address_name === name).address_code;
    const almanza = (
      await addresses({ address_type: 'barangay', address_code: code('Almanza Uno') })
    ).json();
    expect(almanza.result).toMatchObject({
      address_name: 'Almanza Uno',
      zip_code: '1750',
      region_description: 'National Capital Region (NCR)',
      properties: { gfiber_pilot: true },
      // No point of its own is known (docs/geodata.md): the map searches it by name first.
      point_source: 'city',
    });
    const pilar = (
      await addresses({ address_type: 'barangay', address_code: code('Pilar') })
    ).json();
    expect(pilar.result).toMatchObject({ zip_code: '1740', properties: { gfiber_pilot: false } });
  });

  it('answers 304 to a matching ETag and sends cache headers', async () => {
    const first = await addresses({ address_type: 'city', address_code: METRO_MANILA });
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toContain('max-age');
    const second = await addresses(
      { address_type: 'city', address_code: METRO_MANILA },
      { 'if-none-match': etag },
    );
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
    const other = await addresses({ address_type: 'province' }, { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
  });

  it('refuses a bad address_type or code with a 4xx envelope naming the field', async () => {
    const badType = await addresses({ address_type: 'street' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().errors[0].field).toBe('address_type');
    const missingCode = await addresses({ address_type: 'city' });
    expect(missingCode.statusCode).toBe(400);
    expect(missingCode.json().message).toBe(
      'address_code: address_code is required for cities and barangays',
    );
    const badCode = await addresses({ address_type: 'city', address_code: "1' or 1=1" });
    expect(badCode.statusCode).toBe(400);
    const unknown = await addresses({ address_type: 'city', address_code: '9999999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ module: 'common', code: 4 });
  });
});

describe('serviceability check', () => {
  it('is serviceable at a served city point, by a NAP within the radius', async () => {
    expect(await check(await cityPoint(LAS_PINAS))).toMatchObject({
      serviceable: true,
      qualification_result: 'qualified',
      served_by: 'nap',
      unavailability_reason: null,
    });
  });

  it('says no coverage far from the network', async () => {
    expect(await check(await cityPoint('1430300000'))).toMatchObject({
      serviceable: false,
      unavailability_reason: { code: 'no_coverage' },
      alternate_proposal: null,
    });
  });

  it('says the network is full at the documented full spot, up to the edge of the radius', async () => {
    const spot = offsetPoint(
      await cityPoint(LAS_PINAS),
      FULL_NAP_SPOT.northMeters,
      FULL_NAP_SPOT.eastMeters,
    );
    expect(await check(spot)).toMatchObject({
      serviceable: false,
      unavailability_reason: { code: 'no_free_port' },
    });
    expect(await check(offsetPoint(spot, 200, 0))).toMatchObject({
      unavailability_reason: { code: 'no_free_port' },
    });
    expect(await check(offsetPoint(spot, 240, 0))).toMatchObject({
      unavailability_reason: { code: 'no_free_port' },
      distance_meters: 240,
    });
  });

  it('gives the expected date in a planned area', async () => {
    expect(await check(await cityPoint('0402103000'))).toMatchObject({
      serviceable: false,
      unavailability_reason: { code: 'planned' },
      alternate_proposal: { expected_available_date: '2027-03-31' },
    });
  });

  it("decides a listed building's pin by its serving floors", async () => {
    const tower = await building('Sampaguita Residences Tower 2');
    expect(await check(tower, '5')).toMatchObject({ serviceable: true, served_by: 'building' });
    expect(await check(tower, '20')).toMatchObject({
      serviceable: false,
      unavailability_reason: { code: 'floor_not_served' },
    });
    // Outside the NAP grids, a listed building is served by its own fibre.
    expect(await check(await building('Banaba Court'), '3')).toMatchObject({
      serviceable: true,
      served_by: 'building',
    });
  });

  it('refuses coordinates out of range', async () => {
    const reply = await post(SERVICEABILITY_CHECK_PATH, { latitude: 123, longitude: 121 });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errors[0].field).toBe('latitude');
  });
});

describe('building list and geocoding', () => {
  it("lists a barangay's buildings with their floors", async () => {
    const makati = (
      await addresses({ address_type: 'barangay', address_code: '1380300000' })
    ).json().result;
    const poblacion = makati.find(
      (entry: { address_name: string }) => entry.address_name === 'Poblacion',
    ).address_code;
    const reply = await post(GET_BUILDING_LIST_PATH, {
      operator_name: 'konek',
      barangay: poblacion,
      city: '1380300000',
      province: METRO_MANILA,
    });
    expect(reply.statusCode).toBe(200);
    const list = reply.json().buildingList;
    expect(list.map((entry: { buildingName: string }) => entry.buildingName)).toEqual([
      'Sampaguita Residences Tower 1',
      'Sampaguita Residences Tower 2',
    ]);
    expect(list[1]).toMatchObject({
      streetName: 'Ayala Avenue',
      servingFloors: expect.arrayContaining(['2', '12']),
    });
  });

  it('takes the area by name as the lists spell it, and refuses one they do not have', async () => {
    const byName = await post(GET_BUILDING_LIST_PATH, {
      operator_name: 'konek',
      barangay: 'poblacion',
      city: 'Makati City',
      province: 'Metro Manila',
    });
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().buildingList).toHaveLength(2);
    const unknown = await post(GET_BUILDING_LIST_PATH, {
      operator_name: 'konek',
      barangay: 'Poblacion',
      city: 'Makati',
      province: 'Metro Manila',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ module: 'addressbook', code: 2, field: 'city' });
  });

  it('finds Las Piñas by "las p" and names the building under a pin', async () => {
    const search = (await post(GEOCODE_SEARCH_PATH, { query: 'las p' })).json();
    expect(search.places[0]).toMatchObject({ label: 'Las Piñas City, Metro Manila', kind: 'city' });
    const reverse = (await post(GEOCODE_REVERSE_PATH, await building('Narra Tower'))).json();
    expect(reverse.place).toMatchObject({
      kind: 'building',
      label: expect.stringMatching(/^Narra Tower, Paseo de Roxas, Bel-Air, Makati City/),
    });
  });
});

describe('address lists as browsers ask for them', () => {
  it('sends brotli or gzip as accepted, the same list every time, and plain bytes otherwise', async () => {
    const request = { address_type: 'city', address_code: METRO_MANILA };
    const plain = await addresses(request);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('accept-encoding');
    for (const [acceptEncoding, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync],
      ['gzip, deflate', 'gzip', zlib.gunzipSync],
      ['br;q=0, gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const reply = await addresses(request, { 'accept-encoding': acceptEncoding });
        expect(reply.statusCode).toBe(200);
        expect(reply.headers['content-encoding'], acceptEncoding).toBe(encoding);
        expect(reply.headers['etag']).toBe(plain.headers['etag']);
        expect(decode(reply.rawPayload).toString()).toBe(plain.body);
      }
    }
    const identity = await addresses(request, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });
});
