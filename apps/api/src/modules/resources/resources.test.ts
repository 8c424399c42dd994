import type { QueryResultRow } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPDATE_ADDRESS_PATH } from '@konek/contract/address-book';
import type { TBarangayDetail } from '@konek/contract/get-addresses';
import { GET_RESOURCE_PATH } from '@konek/contract/resource';
import { SERVICEABILITY_CHECK_PATH } from '@konek/contract/serviceability-check';
import { FULL_NAP_SPOT } from '../../db/seed/coverage/demo-network-plan';
import { offsetPoint, type LatLng } from '../../platform/geo';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import { post, signUp, type Customer } from '../../test/accounts';
import { quickCustomers, tokenFor } from '../../test/customers';
import {
  barangayDetail,
  buildingParts,
  houseParts,
  LAS_PINAS,
  reserveResource,
  saveAddress,
  specParts,
} from '../../test/journey';
import { commitReservation } from './service';

// ADR 034: resource/reserve and resource/get through HTTP against PostgreSQL: one port per account and
// place, never the last port twice, held ports back after their expiry (a controlled clock), and the
// port given back when the address moves.

const HOUR = 60 * 60 * 1000;
const clock = createTestClock();
let testApp: TestApp;
let almanzaUno: TBarangayDetail;
/** The documented full spot in Las Piñas (docs/coverage-seed.md) and its one NAP. */
let fullSpot: LatLng;
let fullNap: { id: number; port_count: number };

const sql = <T extends object = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  testApp.database.pool.query<T & QueryResultRow>(text, values);

const getResource = (who: Customer, targetId = who.accountId) =>
  post(testApp.app, GET_RESOURCE_PATH, { target_id: targetId, target_type: 2 }, who.token);

const napPorts = async (napId: number) =>
  (await sql<{ used_ports: number }>('select used_ports from naps where id = $1', [napId])).rows[0]!
    .used_ports;

const serviceable = async (point: LatLng) =>
  (
    await post(testApp.app, SERVICEABILITY_CHECK_PATH, {
      latitude: point.latitude,
      longitude: point.longitude,
    })
  ).json().result.serviceable as boolean;

/** Leaves the full spot's NAP with `free` free ports and waits until the checks know it. */
async function freePortsAtFullSpot(free: number) {
  await sql(
    `update resource_reservations set status = 'released' where nap_id = $1 and status = 'held'`,
    [fullNap.id],
  );
  await sql(
    'update naps set used_ports = port_count - $2, first_hold_expires_at = null where id = $1',
    [fullNap.id, free],
  );
  await expect.poll(() => serviceable(fullSpot)).toBe(free > 0);
}

beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
  almanzaUno = await barangayDetail(testApp.app, LAS_PINAS.code, 'Almanza Uno');
  const { rows } = await sql<LatLng>('select latitude, longitude from cities where code = $1', [
    FULL_NAP_SPOT.cityCode,
  ]);
  fullSpot = offsetPoint(rows[0]!, FULL_NAP_SPOT.northMeters, FULL_NAP_SPOT.eastMeters);
  const naps = await sql<{ id: number; port_count: number }>(
    `select id, port_count from naps where location <-> point($1, $2) < 0.006 and status = 'active'
      order by location <-> point($1, $2)`,
    [fullSpot.longitude, fullSpot.latitude],
  );
  fullNap = naps.rows[0]!;
});
afterAll(() => testApp.close());

const atFullSpot = () =>
  houseParts(almanzaUno, LAS_PINAS, { latitude: fullSpot.latitude, longitude: fullSpot.longitude });

describe('reserve resource', () => {
  it('holds one port of the serving NAP with external order ids, safely repeated', async () => {
    const customer = await signUp(testApp.app);
    const parts = houseParts(almanzaUno, LAS_PINAS);
    const addressId = await saveAddress(testApp.app, customer, parts);
    expect((await getResource(customer)).json().resource).toBeNull();

    const reply = await reserveResource(testApp.app, customer, parts);
    expect(reply.statusCode, reply.body).toBe(200);
    const resource = reply.json().resource;
    expect(reply.json()).toEqual({
      code: 0,
      module: 'resource',
      message: 'OK',
      resource: {
        external_order_id: expect.stringMatching(/^EO-[\w-]{22}$/),
        external_order_action_id: expect.stringMatching(/^EOA-[\w-]{22}$/),
        external_appointment_id: null,
        served_by: 'nap',
        expires_at: new Date(clock.now().getTime() + 24 * HOUR).toISOString(),
        address_id: addressId,
      },
    });
    const { rows } = await sql<{ nap_id: number }>(
      'select nap_id from resource_reservations where external_order_id = $1',
      [resource.external_order_id],
    );
    const napId = rows[0]!.nap_id;
    const portsAfterFirst = await napPorts(napId);

    const again = await Promise.all(
      Array.from({ length: 5 }, () => reserveResource(testApp.app, customer, parts)),
    );
    for (const replay of again) expect(replay.json().resource).toEqual(resource);
    expect(await napPorts(napId)).toBe(portsAfterFirst);
    expect((await getResource(customer)).json()).toEqual({
      code: 0,
      module: 'resource',
      message: 'OK',
      resource,
    });
  });

  it("serves a listed building's unit by its in-building fibre", async () => {
    const customer = await signUp(testApp.app);
    const parts = await buildingParts(testApp.app, almanzaUno, LAS_PINAS, 'Yakal Heights');
    await saveAddress(testApp.app, customer, parts);
    const reply = await reserveResource(testApp.app, customer, parts);
    expect(reply.json().resource).toMatchObject({ served_by: 'building' });
  });

  it('needs the saved address, and the same place', async () => {
    const customer = await signUp(testApp.app);
    const parts = houseParts(almanzaUno, LAS_PINAS);
    const unsaved = await reserveResource(testApp.app, customer, parts);
    expect(unsaved.statusCode).toBe(409);
    expect(unsaved.json()).toMatchObject({ module: 'resource', code: 1 });

    await saveAddress(testApp.app, customer, parts);
    const moved = await reserveResource(testApp.app, customer, {
      ...parts,
      latitude: parts.latitude + 0.001,
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ module: 'resource', code: 2 });
    // Parts that do not decide coverage may differ (a landmark added on the details page).
    const same = await reserveResource(testApp.app, customer, {
      ...parts,
      landmark: 'Near the church',
    });
    expect(same.statusCode).toBe(200);
  });

  it('takes the address as product §7.1 lists it, and refuses an area the lists do not have', async () => {
    const customer = await signUp(testApp.app);
    const spec = specParts(houseParts(almanzaUno, LAS_PINAS));
    await saveAddress(testApp.app, customer, houseParts(almanzaUno, LAS_PINAS));
    const unknown = await reserveResource(testApp.app, customer, { ...spec, city: 'Las Pinas' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ module: 'addressbook', code: 2, field: 'address.city' });
    const reply = await reserveResource(testApp.app, customer, { ...spec, city: 'LAS PINAS CITY' });
    expect(reply.statusCode, reply.body).toBe(200);
    // A building's parts as the spec lists them carry a village too.
    const resident = await signUp(testApp.app);
    const unit = await buildingParts(testApp.app, almanzaUno, LAS_PINAS, 'Yakal Heights');
    await saveAddress(testApp.app, resident, unit);
    const building = await reserveResource(testApp.app, resident, { ...unit, village: 'none' });
    expect(building.json().resource).toMatchObject({ served_by: 'building' });
  });

  it('answers NOT_SERVICEABLE outside coverage and NO_FREE_PORT where the NAP is full', async () => {
    const customer = await signUp(testApp.app);
    const outside = houseParts(almanzaUno, LAS_PINAS, {
      // Baguio City: no demo network there (docs/coverage-seed.md).
      latitude: 16.4023,
      longitude: 120.596,
    });
    await saveAddress(testApp.app, customer, outside);
    const refused = await reserveResource(testApp.app, customer, outside);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ module: 'resource', code: 3 });

    await freePortsAtFullSpot(0);
    await saveAddress(testApp.app, customer, atFullSpot());
    const full = await reserveResource(testApp.app, customer, atFullSpot());
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ module: 'resource', code: 4 });
    expect((await getResource(customer)).json().resource).toBeNull();
  });

  it("refuses another user's account", async () => {
    const owner = await signUp(testApp.app);
    const other = await signUp(testApp.app);
    const parts = houseParts(almanzaUno, LAS_PINAS);
    await saveAddress(testApp.app, owner, parts);
    const reply = await post(
      testApp.app,
      '/api/v3/resource/reserve',
      {
        address: parts,
        customer: { first_name: 'Maria', last_name: 'Santos' },
        target_id: owner.accountId,
        target_type: 2,
      },
      other.token,
    );
    expect(reply.statusCode).toBe(403);
    expect((await getResource(other, owner.accountId)).statusCode).toBe(403);
    expect((await getResource(owner)).json().resource).toBeNull();
  });
});

describe('the last port', () => {
  it('goes to exactly one of 100 customers reserving at once', async () => {
    const customers = await quickCustomers(testApp, 100, clock);
    for (const customer of customers) await saveAddress(testApp.app, customer, atFullSpot());
    await freePortsAtFullSpot(1);

    const replies = await Promise.all(
      customers.map((customer) => reserveResource(testApp.app, customer, atFullSpot())),
    );
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(99);
    for (const reply of replies.filter((each) => each.statusCode === 409)) {
      expect(reply.json()).toMatchObject({ module: 'resource', code: 4 });
    }
    expect(await napPorts(fullNap.id)).toBe(fullNap.port_count);
    const { rows } = await sql<{ n: number }>(
      `select count(*)::int as n from resource_reservations where nap_id = $1 and status = 'held'`,
      [fullNap.id],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('comes back when its hold expires, without a background job', async () => {
    const [first, second] = await quickCustomers(testApp, 2, clock);
    await saveAddress(testApp.app, first!, atFullSpot());
    await saveAddress(testApp.app, second!, atFullSpot());
    await freePortsAtFullSpot(1);
    expect((await reserveResource(testApp.app, first!, atFullSpot())).statusCode).toBe(200);
    const refused = await reserveResource(testApp.app, second!, atFullSpot());
    expect(refused.json()).toMatchObject({ module: 'resource', code: 4 });
    await expect.poll(() => serviceable(fullSpot)).toBe(false);

    clock.advance(24 * HOUR - 1000);
    expect(await serviceable(fullSpot)).toBe(false);
    clock.advance(1000);
    // The hold has expired: the port counts as free at once, though no row changed.
    expect(await serviceable(fullSpot)).toBe(true);
    first!.token = await tokenFor(testApp, first!, clock);
    second!.token = await tokenFor(testApp, second!, clock);
    expect((await getResource(first!)).json().resource).toBeNull();

    const taken = await reserveResource(testApp.app, second!, atFullSpot());
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await napPorts(fullNap.id)).toBe(fullNap.port_count);
    const { rows } = await sql<{ status: string }>(
      'select status from resource_reservations where account_id = $1',
      [first!.accountId],
    );
    expect(rows.map((row) => row.status)).toEqual(['expired']);
    await expect.poll(() => serviceable(fullSpot)).toBe(false);
  });

  it('is given back at once when the address moves, and kept once a paid order commits it', async () => {
    const customer = await signUp(testApp.app);
    const addressId = await saveAddress(testApp.app, customer, atFullSpot());
    await freePortsAtFullSpot(1);
    expect((await reserveResource(testApp.app, customer, atFullSpot())).statusCode).toBe(200);
    expect(await napPorts(fullNap.id)).toBe(fullNap.port_count);

    // A changed house number is the same place: the reservation stays.
    const renamed = await post(
      testApp.app,
      UPDATE_ADDRESS_PATH,
      {
        parts: { ...atFullSpot(), house_number: '99' },
        type: 4,
        id: addressId,
        hierarchy: 1,
        target_id: customer.accountId,
        target_type: 2,
      },
      customer.token,
    );
    expect(renamed.statusCode).toBe(200);
    expect((await getResource(customer)).json().resource).not.toBeNull();

    const moved = houseParts(almanzaUno, LAS_PINAS);
    await saveAddress(testApp.app, customer, moved);
    expect((await getResource(customer)).json().resource).toBeNull();
    expect(await napPorts(fullNap.id)).toBe(fullNap.port_count - 1);

    // Reserved at the new place and paid: the hold no longer expires.
    const reserved = await reserveResource(testApp.app, customer, moved);
    expect(reserved.statusCode).toBe(200);
    expect(await commitReservation(testApp.database.db, customer.accountId, clock.now())).toBe(
      true,
    );
    clock.advance(48 * HOUR);
    customer.token = await tokenFor(testApp, customer, clock);
    expect((await getResource(customer)).json().resource).toMatchObject({
      external_order_id: reserved.json().resource.external_order_id,
    });
  });
});
