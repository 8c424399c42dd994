import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICEABILITY_CHECK_PATH } from '@konek/contract/serviceability-check';
import { createTestApp, type TestApp } from '../../test/test-app';
import { boxAround, offsetPoint, type LatLng } from '../../platform/geo';
import { openCoverageIndex, type CoverageIndex } from './coverage-index';

// Baguio City is not served by the demo network: the tests lay their own plant there.
const BAGUIO: LatLng = { latitude: 16.4023, longitude: 120.596 };
const silent = { info: () => undefined, warn: () => undefined };

let testApp: TestApp;
let index: CoverageIndex;

const sql = (text: string, values: unknown[] = []) => testApp.database.pool.query(text, values);
const napsNear = (point: LatLng) => index.napsIn(boxAround(point, 250));

async function addNap(code: string, at: LatLng, usedPorts = 0): Promise<number> {
  const { rows } = await sql(
    `insert into naps (code, location, port_count, used_ports, status)
     values ($1, point($2, $3), 16, $4, 'active') returning id`,
    [code, at.longitude, at.latitude, usedPorts],
  );
  return rows[0].id;
}

const check = async (point: LatLng) => {
  const reply = await testApp.app.inject({
    method: 'POST',
    url: SERVICEABILITY_CHECK_PATH,
    payload: point,
  });
  expect(reply.statusCode).toBe(200);
  return reply.json().result;
};

beforeAll(async () => {
  testApp = await createTestApp();
  index = await openCoverageIndex(testApp.database, silent);
});
afterAll(async () => {
  await index.close();
  await testApp.close();
});

describe('coverage index', () => {
  it('starts with the seeded network in memory', async () => {
    const { rows } = await sql(
      `select (location)[1] as latitude, (location)[0] as longitude from naps limit 1`,
    );
    const seeded = await napsNear(rows[0]);
    expect(seeded.length).toBeGreaterThan(0);
  });

  it('follows a NAP being added, filled, moved and removed', async () => {
    const home = offsetPoint(BAGUIO, 0, 0);
    expect(await napsNear(home)).toEqual([]);

    const id = await addNap('TEST-BAGUIO-1', offsetPoint(home, 100, 0));
    await index.sync();
    expect(await napsNear(home)).toEqual([
      expect.objectContaining({ id, portCount: 16, usedPorts: 0, status: 'active' }),
    ]);

    await sql('update naps set used_ports = 16 where id = $1', [id]);
    await index.sync();
    expect(await napsNear(home)).toEqual([expect.objectContaining({ id, usedPorts: 16 })]);

    const far = offsetPoint(home, 5_000, 0);
    await sql('update naps set location = point($2, $3) where id = $1', [
      id,
      far.longitude,
      far.latitude,
    ]);
    await index.sync();
    expect(await napsNear(home)).toEqual([]);
    expect(await napsNear(far)).toEqual([expect.objectContaining({ id })]);

    await sql('delete from naps where id = $1', [id]);
    await index.sync();
    expect(await napsNear(far)).toEqual([]);
  });

  it('reloads the whole plant after a bulk change', async () => {
    const origin = offsetPoint(BAGUIO, -20_000, 0);
    await sql(
      `insert into naps (code, location, port_count, used_ports, status)
       select 'TEST-BULK-' || g, point($1 + g * 0.00001, $2), 16, 0, 'active'
       from generate_series(1, 300) as g`,
      [origin.longitude, origin.latitude],
    );
    await index.sync();
    expect((await napsNear(origin)).length).toBeGreaterThan(200);
    await sql(`delete from naps where code like 'TEST-BULK-%'`);
    await index.sync();
    expect(await napsNear(origin)).toEqual([]);
  });

  it('follows listed buildings', async () => {
    const spot = offsetPoint(BAGUIO, 0, 10_000);
    const { rows } = await sql(`select code from barangays where city_code = '1430300000' limit 1`);
    await sql(
      `insert into buildings (building_name, street_name, serving_floors, latitude, longitude, barangay_code)
       values ('Test Tower', 'Session Road', '{1,2}', $1, $2, $3)`,
      [spot.latitude, spot.longitude, rows[0].code],
    );
    await index.sync();
    expect(await index.buildingsIn(boxAround(spot, 30))).toEqual([
      expect.objectContaining({ buildingName: 'Test Tower', servingFloors: ['1', '2'] }),
    ]);
  });
});

describe('serviceability when the plant changes', () => {
  it('answers from the current plant, also while its notifications are down', async () => {
    const home = offsetPoint(BAGUIO, 0, -10_000);
    expect(await check(home)).toMatchObject({ unavailability_reason: { code: 'no_coverage' } });

    // A change made by another process is seen by the app's own index.
    await addNap('TEST-APP-1', offsetPoint(home, 0, 120));
    await expect.poll(async () => (await check(home)).serviceable).toBe(true);

    // Cut the app's notification connection (every index of this database): the app must not answer
    // from a stale plant, and comes back to following changes.
    await sql(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query = 'listen coverage_changed'`,
    );
    await sql(`update naps set used_ports = port_count where code = 'TEST-APP-1'`);
    await expect
      .poll(async () => (await check(home)).unavailability_reason?.code)
      .toBe('no_free_port');
    await sql(`delete from naps where code = 'TEST-APP-1'`);
    await expect
      .poll(async () => (await check(home)).unavailability_reason?.code)
      .toBe('no_coverage');
  });
});
