import type { QueryResultRow } from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  NETWORK_MAX_NAPS,
  NETWORK_NAP_COLUMNS,
  OPS_BUILDING_EDIT_PATH,
  OPS_NAP_EDIT_PATH,
  OPS_NETWORK_PATH,
  opsNetworkCall,
  type TNetworkNap,
} from '@konek/contract/ops-network';
import { OPS_HISTORY_PATH } from '@konek/contract/ops-history';
import { SERVICEABILITY_CHECK_PATH } from '@konek/contract/serviceability-check';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import { post } from '../../test/accounts';
import { addOperatorUser, signInOperator } from '../../test/work-orders';

// ADR 090 (the map and in-place edits) through HTTP against PostgreSQL: the network planner's map of the
// plant (compact NAP rows, listed buildings with their floors, in a box or whole), the edit of one NAP and
// one building (audited before and after in its transaction, refused naming the field, 404 for one the
// plant lacks), and the customer's serviceability check answering from the edited plant (ADR 018).

let testApp: TestApp;
let plannerToken: string;
let dispatcherToken: string;

const sql = <T extends object>(text: string, values: unknown[] = []) =>
  testApp.database.pool.query<T & QueryResultRow>(text, values);
const send = (path: string, body: object, token = plannerToken) =>
  post(testApp.app, path, body, token);

async function check(at: { latitude: number; longitude: number }, floor?: string) {
  const reply = await testApp.app.inject({
    method: 'POST',
    url: SERVICEABILITY_CHECK_PATH,
    payload: { ...at, ...(floor ? { floor } : {}) },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().result as { serviceable: boolean; unavailability_reason?: { code: string } };
}

/** Baguio City: the demo network does not reach it (docs/coverage-seed.md). */
const BAGUIO = { latitude: 16.4023, longitude: 120.596 };
let laid = 0;

/** A new 16-port NAP laid alone in Baguio, 3 km from the one before, once the check sees it. */
async function lonelyActiveNap() {
  laid += 1;
  const nap = {
    code: `MAP-${laid}`,
    latitude: BAGUIO.latitude + 0.03 * laid,
    longitude: BAGUIO.longitude,
    port_count: 16,
  };
  await sql(
    `insert into naps (code, location, port_count, used_ports, status)
     values ($1, point($2, $3), 16, 0, 'active')`,
    [nap.code, nap.longitude, nap.latitude],
  );
  await expect
    .poll(async () => (await check(nap)).serviceable, { timeout: 5000, interval: 20 })
    .toBe(true);
  return nap;
}

const napEdit = (nap: { code: string; latitude: number; longitude: number }, fields: object) => ({
  code: nap.code,
  latitude: nap.latitude,
  longitude: nap.longitude,
  ports_total: 16,
  ports_used: 0,
  status: 'active',
  expected_date: null,
  ...fields,
});

beforeAll(async () => {
  const clock = createTestClock(new Date('2026-11-26T00:30:00Z'));
  testApp = await createTestApp({}, { clock });
  await addOperatorUser(testApp, clock, {
    username: 'nora',
    role: 'network_planner',
    name: 'Nora',
    password: 'planner-pass-1234',
  });
  await addOperatorUser(testApp, clock, {
    username: 'dina',
    role: 'dispatcher',
    name: 'Dina',
    password: 'dispatch-pass-1234',
  });
  plannerToken = (await signInOperator(testApp, 'nora', 'planner-pass-1234')).api_token;
  dispatcherToken = (await signInOperator(testApp, 'dina', 'dispatch-pass-1234')).api_token;
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

describe('the network map', () => {
  it('answers every NAP as a compact row and every listed building with its floors', async () => {
    const reply = await send(OPS_NETWORK_PATH, {});
    expect(reply.statusCode, reply.body).toBe(200);
    const body = opsNetworkCall.reply.parse(reply.json());
    expect(body.nap_columns).toEqual([...NETWORK_NAP_COLUMNS]);
    const count = Number((await sql<{ n: string }>('select count(*) n from naps')).rows[0]!.n);
    expect(body.naps).toHaveLength(count);
    const planned = body.naps.find((nap) => nap[5] === 'planned');
    expect(planned?.[6]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const sampaguita = body.buildings.find(
      (building) => building.building_name === 'Sampaguita Residences Tower 2',
    );
    expect(sampaguita?.serving_floors).toContain('12');
  });

  it('answers only what lies in a bounding box', async () => {
    const nap = await lonelyActiveNap();
    const box = {
      south: nap.latitude - 0.001,
      west: nap.longitude - 0.001,
      north: nap.latitude + 0.001,
      east: nap.longitude + 0.001,
    };
    const reply = await send(OPS_NETWORK_PATH, { bbox: box });
    expect(reply.statusCode, reply.body).toBe(200);
    const naps = reply.json().naps as TNetworkNap[];
    expect(naps.map((row) => row[0])).toEqual([nap.code]);
    expect(naps[0]).toEqual([
      nap.code,
      nap.latitude,
      nap.longitude,
      nap.port_count,
      0,
      'active',
      null,
    ]);
  });

  it('answers only the NAPs inside the box, and the one of a code wherever it is', async () => {
    const inside = await lonelyActiveNap();
    const outside = await lonelyActiveNap(); // 3 km north: out of a 1 km box around the first
    const box = {
      south: inside.latitude - 0.005,
      west: inside.longitude - 0.005,
      north: inside.latitude + 0.005,
      east: inside.longitude + 0.005,
    };
    const body = opsNetworkCall.reply.parse((await send(OPS_NETWORK_PATH, { bbox: box })).json());
    const codes = body.naps.map((row) => row[0]);
    expect(codes).toContain(inside.code);
    expect(codes).not.toContain(outside.code);
    for (const row of body.naps) {
      expect(row[1]).toBeGreaterThanOrEqual(box.south);
      expect(row[1]).toBeLessThanOrEqual(box.north);
      expect(row[2]).toBeGreaterThanOrEqual(box.west);
      expect(row[2]).toBeLessThanOrEqual(box.east);
    }
    expect(body.truncated).toBe(false);
    expect(body.service_radius_meters).toBe(testApp.config.serviceRadiusMeters);

    const found = opsNetworkCall.reply.parse(
      (await send(OPS_NETWORK_PATH, { code: outside.code })).json(),
    );
    expect(found.naps.map((row) => row[0])).toEqual([outside.code]);
    expect(found.buildings).toEqual([]);
  });

  it('answers at most NETWORK_MAX_NAPS NAPs of a box, says truncated, and reads the box by its GiST index', async () => {
    // One more NAP than the cap, 11 m apart in a grid off Puerto Princesa (no other test's place).
    const grid = { latitude: 9.9, longitude: 118.9, side: 80 };
    await sql(
      `insert into naps (code, location, port_count, used_ports, status)
       select 'CAP-' || i, point($2 + (i % $3) * 0.0001, $1 + (i / $3) * 0.0001), 8, 0, 'active'
         from generate_series(0, $4 - 1) as i`,
      [grid.latitude, grid.longitude, grid.side, NETWORK_MAX_NAPS + 1],
    );
    try {
      await sql('analyze naps');
      const whole = {
        south: grid.latitude - 0.001,
        west: grid.longitude - 0.001,
        north: grid.latitude + 0.01,
        east: grid.longitude + 0.01,
      };
      const capped = opsNetworkCall.reply.parse(
        (await send(OPS_NETWORK_PATH, { bbox: whole })).json(),
      );
      expect(capped.naps).toHaveLength(NETWORK_MAX_NAPS);
      expect(capped.truncated).toBe(true);
      expect(capped.naps.every((row) => row[0].startsWith('CAP-'))).toBe(true);

      // A small box of the grid: every NAP in it, not truncated, found through naps_location_gist.
      const pool = testApp.database.pool;
      const seen: { text: string; values: unknown[] }[] = [];
      const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
      const spy = vi.spyOn(pool, 'query').mockImplementation(((...args: unknown[]) => {
        const first = args[0] as string | { text: string; values?: unknown[] };
        const text = typeof first === 'string' ? first : first.text;
        const values =
          (args[1] as unknown[] | undefined) ?? (typeof first === 'string' ? [] : first.values);
        if (/from "naps" n where/.test(text)) seen.push({ text, values: values ?? [] });
        return query(...args);
      }) as typeof pool.query);
      const small = {
        south: grid.latitude - 0.00005,
        west: grid.longitude - 0.00005,
        north: grid.latitude + 0.00015,
        east: grid.longitude + 0.00015,
      };
      let body;
      try {
        body = opsNetworkCall.reply.parse((await send(OPS_NETWORK_PATH, { bbox: small })).json());
      } finally {
        spy.mockRestore();
      }
      expect(body.naps.map((row) => row[0])).toEqual(['CAP-0', 'CAP-1', 'CAP-80', 'CAP-81']);
      expect(body.truncated).toBe(false);
      expect(seen).toHaveLength(1);
      const plan = await sql<{ 'QUERY PLAN': string }>(`explain ${seen[0]!.text}`, seen[0]!.values);
      expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('naps_location_gist');
    } finally {
      await sql(`delete from naps where code like 'CAP-%'`);
    }
  });

  it('refuses a box whose north is south of its south, naming the field', async () => {
    const reply = await send(OPS_NETWORK_PATH, {
      bbox: { south: 15, west: 120, north: 14, east: 121 },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(/^bbox\.north: /);
  });
});

describe('editing a NAP', () => {
  it('writes it, records before and after, and the serviceability check answers from it', async () => {
    const nap = await lonelyActiveNap();
    const home = { latitude: nap.latitude, longitude: nap.longitude };
    expect(await check(home)).toMatchObject({ serviceable: true });

    // Full: no free port.
    let reply = await send(OPS_NAP_EDIT_PATH, napEdit(nap, { ports_total: 8, ports_used: 8 }));
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().nap).toEqual({
      code: nap.code,
      latitude: nap.latitude,
      longitude: nap.longitude,
      ports_total: 8,
      ports_used: 8,
      status: 'active',
      expected_date: null,
    });
    await expect
      .poll(async () => (await check(home)).unavailability_reason?.code, {
        timeout: 5000,
        interval: 20,
      })
      .toBe('no_free_port');

    // Planned: it serves nobody yet, and says when.
    reply = await send(
      OPS_NAP_EDIT_PATH,
      napEdit(nap, {
        ports_total: 8,
        ports_used: 0,
        status: 'planned',
        expected_date: '2027-05-31',
      }),
    );
    expect(reply.statusCode, reply.body).toBe(200);
    await expect
      .poll(async () => (await check(home)).unavailability_reason?.code, {
        timeout: 5000,
        interval: 20,
      })
      .toBe('planned');

    // Active again with free ports: served.
    reply = await send(OPS_NAP_EDIT_PATH, napEdit(nap, { ports_total: 8, ports_used: 5 }));
    expect(reply.statusCode, reply.body).toBe(200);
    await expect
      .poll(async () => (await check(home)).serviceable, { timeout: 5000, interval: 20 })
      .toBe(true);

    const { rows } = await sql<{ action: string; before: object; after: object }>(
      `select action, before, after from audit_log
        where entity = 'nap' and entity_id = $1 order by id`,
      [nap.code],
    );
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      action: 'update',
      before: { ports_total: nap.port_count, ports_used: 0, status: 'active', expected_date: null },
      after: { ports_total: 8, ports_used: 8, status: 'active' },
    });
    expect(rows[1]!.after).toMatchObject({ status: 'planned', expected_date: '2027-05-31' });

    const history = await send(OPS_HISTORY_PATH, { entity: 'nap', entity_id: nap.code });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().history[0].operator.username).toBe('nora');
  });

  it('moves it: the check answers at its new place', async () => {
    const nap = await lonelyActiveNap();
    const away = { latitude: nap.latitude + 0.02, longitude: nap.longitude };
    const before = await check(away);
    const reply = await send(OPS_NAP_EDIT_PATH, napEdit(nap, away));
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().nap).toMatchObject(away);
    await expect
      .poll(async () => (await check(away)).serviceable, { timeout: 5000, interval: 20 })
      .toBe(true);
    expect(before.serviceable).toBe(false);
  });

  it('refuses bad values naming the field, and writes nothing', async () => {
    const nap = await lonelyActiveNap();
    const cases: [object, string][] = [
      [{ ports_used: 9, ports_total: 8 }, 'ports_used'],
      [{ ports_total: 2.5 }, 'ports_total'],
      [{ status: 'planned', expected_date: null }, 'expected_date'],
      [{ status: 'planned', expected_date: '2027-02-30' }, 'expected_date'],
      [{ status: 'active', expected_date: '2027-02-01' }, 'expected_date'],
      [{ latitude: 121, longitude: 14 }, 'latitude'],
      [{ status: 'built' }, 'status'],
    ];
    for (const [fields, field] of cases) {
      const reply = await send(OPS_NAP_EDIT_PATH, napEdit(nap, fields));
      expect(reply.statusCode, JSON.stringify(fields)).toBe(400);
      expect(reply.json().message, JSON.stringify(fields)).toMatch(new RegExp(`^${field}: `));
    }
    const { rows } = await sql<{ n: string }>(
      "select count(*) n from audit_log where entity = 'nap' and entity_id = $1",
      [nap.code],
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('answers 404 for a code no NAP has', async () => {
    const reply = await send(
      OPS_NAP_EDIT_PATH,
      napEdit({ code: 'NO-SUCH', latitude: 14.5, longitude: 121 }, {}),
    );
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ module: 'coverage', code: 2 });
  });

  it('is refused to another role', async () => {
    const nap = await lonelyActiveNap();
    const reply = await send(OPS_NAP_EDIT_PATH, napEdit(nap, {}), dispatcherToken);
    expect(reply.statusCode).toBe(403);
    const network = await send(OPS_NETWORK_PATH, {}, dispatcherToken);
    expect(network.statusCode).toBe(403);
  });
});

describe('editing a building', () => {
  it('changes its floors: the check on a floor turns served, with an audit row', async () => {
    const { rows } = await sql<{ id: number; latitude: number; longitude: number }>(
      "select id, latitude, longitude from buildings where building_name = 'Banaba Court'",
    );
    const building = rows[0]!;
    const at = { latitude: building.latitude, longitude: building.longitude };
    expect(await check(at, '20')).toMatchObject({
      serviceable: false,
      unavailability_reason: { code: 'floor_not_served' },
    });
    const reply = await send(OPS_BUILDING_EDIT_PATH, {
      id: building.id,
      building_name: 'Banaba Court East',
      serving_floors: ['G', '1', '20'],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().building).toMatchObject({
      id: building.id,
      building_name: 'Banaba Court East',
      serving_floors: ['G', '1', '20'],
    });
    await expect
      .poll(async () => (await check(at, '20')).serviceable, { timeout: 5000, interval: 20 })
      .toBe(true);
    const audit = await sql<{ before: { building_name: string }; after: object }>(
      "select before, after from audit_log where entity = 'building' and entity_id = $1",
      [String(building.id)],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.before.building_name).toBe('Banaba Court');
    expect(audit.rows[0]!.after).toEqual({
      building_name: 'Banaba Court East',
      serving_floors: ['G', '1', '20'],
    });
  });

  it('refuses bad values naming the field, and an unknown building with a 404', async () => {
    const bad: [object, string][] = [
      [{ id: 1, building_name: ' ', serving_floors: [] }, 'building_name'],
      [{ id: 1, building_name: 'A', serving_floors: ['=1+1'] }, 'serving_floors.0'],
      [{ id: 1, building_name: 'A', serving_floors: ['2', '2'] }, 'serving_floors'],
    ];
    for (const [body, field] of bad) {
      const reply = await send(OPS_BUILDING_EDIT_PATH, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json().message).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
    }
    const missing = await send(OPS_BUILDING_EDIT_PATH, {
      id: 987_654,
      building_name: 'Nowhere',
      serving_floors: ['G'],
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ module: 'coverage', code: 3 });
  });
});
