import type { QueryResultRow } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAP_FILE_COLUMNS, OPS_COVERAGE_APPLY_PATH } from '@konek/contract/ops-coverage';
import {
  DEMAND_FILE_COLUMNS,
  OPS_DEMAND_EXPORT_PATH,
  OPS_DEMAND_PATH,
  type TDemandRow,
} from '@konek/contract/ops-demand';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import { post } from '../../test/accounts';
import { addOperatorUser, signInOperator } from '../../test/work-orders';

// ADR 095 through HTTP against PostgreSQL: the waiting households per barangay (one email once, in any
// case), the share the plant serves now (a NAP file that lays a NAP beside them), the earliest planned
// date near them, the CSV with hostile names made harmless, and no one but a network planner.

let testApp: TestApp;
let plannerToken: string;
let dispatcherToken: string;

const sql = async <T extends object>(text: string, values: unknown[] = []) =>
  (await testApp.database.pool.query<T & QueryResultRow>(text, values)).rows;
const send = (path: string, body: object, token = plannerToken) =>
  post(testApp.app, path, body, token);

type Area = {
  code: string;
  barangay: string;
  city: string;
  province: string;
  /** The pins: the barangay's point, or its city's where PSGC data gives the barangay none. */
  latitude: number;
  longitude: number;
  has_point: boolean;
};
/** Two barangays of Baguio City (the demo network does not reach it) and one of Tuguegarao. */
let first: Area;
let second: Area;
let third: Area;

beforeAll(async () => {
  const clock = createTestClock();
  testApp = await createTestApp({}, { clock });
  await addOperatorUser(testApp, clock, {
    username: 'demand-planner',
    role: 'network_planner',
    name: 'Demand Planner',
    password: 'demand-planner-pass-1',
  });
  await addOperatorUser(testApp, clock, {
    username: 'demand-dispatcher',
    role: 'dispatcher',
    name: 'Demand Dispatcher',
    password: 'demand-dispatch-pass-1',
  });
  plannerToken = (await signInOperator(testApp, 'demand-planner', 'demand-planner-pass-1'))
    .api_token;
  dispatcherToken = (await signInOperator(testApp, 'demand-dispatcher', 'demand-dispatch-pass-1'))
    .api_token;
  const areas = await sql<Area>(
    `select b.code, b.name as barangay, c.name as city, p.name as province,
            coalesce(b.latitude, c.latitude) as latitude, coalesce(b.longitude, c.longitude) as longitude,
            b.latitude is not null as has_point
       from barangays b join cities c on c.code = b.city_code
       join provinces p on p.code = c.province_code
      where c.name in ('Baguio City', 'Tuguegarao City')
      order by c.name, b.latitude is null, b.code`,
  );
  const baguio = areas.filter((area) => area.city === 'Baguio City');
  first = baguio[0]!;
  // Another barangay with a point of its own (a box finds it alone), or else the last.
  second = baguio.slice(1).find((area) => area.has_point) ?? baguio.at(-1)!;
  third = areas.find((area) => area.city === 'Tuguegarao City')!;
  expect(first.code).not.toBe(second.code);
  // The first barangay's households live 2 km north of the second's, out of reach of its NAP.
  first = { ...first, latitude: first.latitude + 0.02 };
});
afterAll(() => testApp.close());

let made = 0;
/** A notify-me request as the form stores it: the area by its names, the pin a few metres apart. */
async function notifyMe(email: string, area: Area, names: Partial<Area> = {}, metres = 0) {
  made += 1;
  await sql(
    `insert into notify_requests (application_id, email, first_name, last_name, address_type,
       province, city, barangay, latitude, longitude, epoch_millis, day, created_at)
     values ('konek-web', $1, 'Maria', 'Santos', 'House', $2, $3, $4, $5, $6, '0', '2026-12-05',
       timestamptz '2026-01-01T00:00:00Z' + make_interval(secs => $7))`,
    [
      email,
      names.province ?? area.province,
      names.city ?? area.city,
      names.barangay ?? area.barangay,
      area.latitude + metres / 111_000,
      area.longitude,
      made,
    ],
  );
}

const napRow = (
  code: string,
  at: { latitude: number; longitude: number },
  status: 'active' | 'planned' = 'active',
  expectedDate = '',
) => {
  const values: Record<string, string> = {
    id: code,
    latitude: String(at.latitude),
    longitude: String(at.longitude),
    ports_total: '16',
    ports_used: '0',
    status,
    expected_date: expectedDate,
    served_buildings: '',
    city_code: '',
  };
  return NAP_FILE_COLUMNS.map((column) => values[column]).join(',');
};
const applyNaps = (...rows: string[]) =>
  send(OPS_COVERAGE_APPLY_PATH, {
    format: 'csv',
    file_name: 'naps.csv',
    content: [NAP_FILE_COLUMNS.join(','), ...rows].join('\n') + '\n',
  });

async function demand(body: object = {}): Promise<TDemandRow[]> {
  const reply = await send(OPS_DEMAND_PATH, body);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().rows as TDemandRow[];
}
const rowOf = (rows: TDemandRow[], area: Area) =>
  rows.find((row) => row.barangay_code === area.code);

async function until<T>(read: () => Promise<T>, isDone: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (isDone(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the demand map', () => {
  it('counts waiting households per barangay, one email once whatever its case', async () => {
    await notifyMe('ana@example.com', first);
    await notifyMe('ANA@example.com', first, {}, 5);
    await notifyMe('ben@example.com', first, { barangay: first.barangay.toUpperCase() });
    await notifyMe('cora@example.com', second);
    // The area by its codes, as a client of the provider API may send it (ADR 081).
    await notifyMe('dan@example.com', second, { barangay: second.code });

    const rows = await demand();
    expect(rowOf(rows, first)).toMatchObject({
      barangay: first.barangay,
      city: 'Baguio City',
      province: first.province,
      latitude: expect.closeTo(first.has_point ? first.latitude - 0.02 : first.latitude, 4),
      longitude: first.longitude,
      waiting: 2,
      covered_share: 0,
      planned_date: null,
    });
    expect(rowOf(rows, second)).toMatchObject({ waiting: 2 });
    // Most waiting first.
    const counts = rows.map((row) => row.waiting);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    // A box that holds only the second barangay.
    const boxed = await demand({
      bbox: {
        south: second.latitude - 0.0001,
        west: second.longitude - 0.0001,
        north: second.latitude + 0.0001,
        east: second.longitude + 0.0001,
      },
    });
    expect(boxed.map((row) => row.barangay_code)).toContain(second.code);
    expect(boxed.map((row) => row.barangay_code)).not.toContain(first.code);
  });

  it('shows the earliest planned date of a planned NAP within the radius', async () => {
    await notifyMe('emil@example.com', third);
    const near = { latitude: third.latitude + 0.0005, longitude: third.longitude };
    const farther = { latitude: third.latitude - 0.0005, longitude: third.longitude };
    const tooFar = { latitude: third.latitude + 0.01, longitude: third.longitude };
    const applied = await applyNaps(
      napRow('DEMAND-P1', near, 'planned', '2027-06-30'),
      napRow('DEMAND-P2', farther, 'planned', '2027-03-31'),
      napRow('DEMAND-P3', tooFar, 'planned', '2027-01-31'),
    );
    expect(applied.statusCode, applied.body).toBe(200);
    expect(rowOf(await demand(), third)).toMatchObject({
      waiting: 1,
      covered_share: 0,
      planned_date: '2027-03-31',
    });
  });

  it('counts the share served once a NAP reaches a household, until the household is told', async () => {
    const before = rowOf(await demand(), second)!;
    expect(before).toMatchObject({ waiting: 2, covered_share: 0 });
    // An active NAP beside one of the second barangay's two households (Cora's pin; Dan's is the same
    // point, so both: the share is of households, and each is decided by its own pin).
    const applied = await applyNaps(
      napRow('DEMAND-A1', { latitude: second.latitude + 0.0003, longitude: second.longitude }),
    );
    expect(applied.statusCode, applied.body).toBe(200);
    // The plant change also queues the coverage-arrival sweep, which tells the households it
    // now serves, and a told household waits no more: read at once, the share has changed, unless the
    // sweep was first, and then the households have left the demand.
    const after = rowOf(await demand(), second);
    expect(after === undefined || after.covered_share === 1).toBe(true);
    const told = await until(
      () => demand(),
      (rows) => rowOf(rows, second) === undefined,
    );
    expect(rowOf(told, second)).toBeUndefined();
    expect(rowOf(told, first)).toMatchObject({ waiting: 2, covered_share: 0 });
  });

  it('exports the rows as CSV, hostile names made harmless', async () => {
    await notifyMe('hostile@example.com', first, {
      province: '=HYPERLINK("http://x")',
      city: '+cmd',
      barangay: '@SUM(1,2)',
    });
    const reply = await send(OPS_DEMAND_EXPORT_PATH, {});
    expect(reply.statusCode, reply.body).toBe(200);
    const file = reply.json();
    expect(file).toMatchObject({ file_name: 'demand.csv', media_type: 'text/csv' });
    const lines = (file.content as string).trimEnd().split('\n');
    expect(lines[0]).toBe(DEMAND_FILE_COLUMNS.join(','));
    expect(lines).toHaveLength(file.row_count + 1);
    expect(lines.find((line) => line.startsWith(`${first.code},`))).toMatch(
      /^\d+,[^,]+,Baguio City,[^,]+,[\d.]+,[\d.]+,2,0,$/,
    );
    // The names no barangay has are their own row, each cell starting as text.
    expect(lines.find((line) => line.startsWith(','))).toMatch(
      /^,"'@SUM\(1,2\)",'\+cmd,"'=HYPERLINK\(""http:\/\/x""\)",[\d.]+,[\d.]+,1,0,$/,
    );
    for (const line of lines.slice(1)) expect(line).not.toMatch(/(^|,)"?[=+\-@]/);
  });

  it('answers no one but a network planner', async () => {
    for (const path of [OPS_DEMAND_PATH, OPS_DEMAND_EXPORT_PATH]) {
      const refused = await send(path, {}, dispatcherToken);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ module: 'ops', code: 3 });
      expect(
        (await testApp.app.inject({ method: 'POST', url: path, payload: {} })).statusCode,
      ).toBe(401);
    }
  });

  // The NAPs are full, so the alerts' sweep (its ten-minute schedule may fire during the test) tells no
  // household and all 10,000 are still waiting when timed; each is decided against the NAPs all the same.
  // The households are spread over 1,000 barangays that have a point.
  it('answers for 10,000 waiting households beside 100,000 NAPs (timed, not asserted)', async () => {
    await sql(
      `insert into naps (code, location, port_count, used_ports, status)
       select 'LOAD-' || g, point(118 + (g % 1000) * 0.006, 7 + (g / 1000) * 0.12), 8, 8, 'active'
         from generate_series(1, 100000) g`,
    );
    await sql(
      `insert into notify_requests (application_id, email, first_name, last_name, address_type,
         province, city, barangay, latitude, longitude, epoch_millis, day)
       select 'konek-web', 'load' || g || '@example.com', 'L', 'Oad', 'House', p.name, c.name, b.name,
              b.latitude + (g % 7) * 0.0001, b.longitude, '0', '2026-12-05'
         from generate_series(1, 10000) g
         join (select code, name, city_code, latitude, longitude,
                      row_number() over (order by code) - 1 as n
                 from barangays where latitude is not null) b on b.n = (g * 37) % 1000
         join cities c on c.code = b.city_code join provinces p on p.code = c.province_code`,
    );
    await demand();
    const started = performance.now();
    const rows = await demand();
    const took = performance.now() - started;
    console.log(
      `demand for ${rows.reduce((sum, row) => sum + row.waiting, 0)} households: ${took.toFixed(0)} ms`,
    );
    expect(rows.reduce((sum, row) => sum + row.waiting, 0)).toBeGreaterThanOrEqual(10_000);
  }, 120_000);
});
