import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BuildingLookupUnavailableError } from './building-lookup';
import { createHttpBuildingLookup } from './http-building-lookup';

// The facility service's adapter against a fake of it on a local port: what it asks, what it reads, and
// every way the service can fail answered as "unavailable", never as "no building listed".

type Answer = (url: URL, response: http.ServerResponse) => void;

const AREA = {
  province: { code: '1300000000', name: 'Metro Manila' },
  city: { code: '1380300000', name: 'Makati City' },
  barangay: { code: '1380300033', name: 'Poblacion' },
};
const TOWER = {
  id: 41,
  buildingName: 'Sampaguita Residences Tower 1',
  streetName: 'Ayala Avenue',
  servingFloors: ['g', '2', ' 3 '],
  latitude: 14.5654,
  longitude: 121.0299,
  barangayCode: '1380300033',
};

let server: http.Server;
let baseUrl: string;
let answer: Answer;
const asked: URL[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://facility.test');
    asked.push(url);
    answer(url, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/facility`;
});
afterEach(() => {
  asked.length = 0;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json =
  (status: number, body: unknown): Answer =>
  (_url, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

const lookup = (timeoutMs = 1000) =>
  createHttpBuildingLookup({ baseUrl, operatorName: 'konek', timeoutMs });

describe('the facility service adapter', () => {
  it('asks for the buildings of an area by code and name, and reads the list', async () => {
    answer = json(200, { buildingList: [TOWER] });
    const buildings = await lookup().buildingsOf(AREA);
    expect(buildings).toEqual([{ ...TOWER, id: '41', servingFloors: ['G', '2', '3'] }]);
    expect(asked[0]!.pathname).toBe('/facility/buildings');
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({
      operator_name: 'konek',
      province: '1300000000',
      city: '1380300000',
      barangay: '1380300033',
      province_name: 'Metro Manila',
      city_name: 'Makati City',
      barangay_name: 'Poblacion',
    });
  });

  it('asks for the buildings near a point within the radius', async () => {
    answer = json(200, { buildingList: [] });
    expect(await lookup().buildingsNear({ latitude: 14.5, longitude: 121 }, 29.2)).toEqual([]);
    expect(asked[0]!.pathname).toBe('/facility/buildings/near');
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({
      operator_name: 'konek',
      latitude: '14.5',
      longitude: '121',
      radius_meters: '30',
    });
  });

  it.each([
    ['an HTTP error', json(502, { error: 'upstream' }), 'HTTP 502'],
    ['a body that is not JSON', json(200, '<html>maintenance</html>'), 'not JSON'],
    ['a reply of another shape', json(200, { buildings: [TOWER] }), 'cannot read'],
    [
      'a building without its barangay',
      json(200, { buildingList: [{ ...TOWER, barangayCode: undefined }] }),
      'cannot read',
    ],
  ])('fails as unavailable on %s', async (_case, reply, reason) => {
    answer = reply;
    const failure = lookup().buildingsOf(AREA);
    await expect(failure).rejects.toBeInstanceOf(BuildingLookupUnavailableError);
    await expect(failure).rejects.toThrow(reason);
  });

  it('fails as unavailable when the service does not answer in time', async () => {
    answer = () => undefined; // never answers
    const failure = lookup(150).buildingsNear({ latitude: 14.5, longitude: 121 }, 30);
    await expect(failure).rejects.toThrow('no answer within 150 ms');
  });

  it('fails as unavailable when nothing listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const gone = createHttpBuildingLookup({
      baseUrl: `http://127.0.0.1:${port}`,
      operatorName: 'konek',
      timeoutMs: 1000,
    });
    await expect(gone.buildingsOf(AREA)).rejects.toBeInstanceOf(BuildingLookupUnavailableError);
  });
});
