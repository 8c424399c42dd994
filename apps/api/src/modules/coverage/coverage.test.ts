import fc from 'fast-check';
import type { QueryResultRow } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NAP_FILE_COLUMNS,
  NAP_FILE_MAX_BYTES,
  NAP_FILE_MAX_ROWS,
  OPS_COVERAGE_APPLY_PATH,
  OPS_COVERAGE_EXPORT_PATH,
  OPS_COVERAGE_PREVIEW_PATH,
  type TNapFileFormat,
} from '@konek/contract/ops-coverage';
import { SERVICEABILITY_CHECK_PATH } from '@konek/contract/serviceability-check';
import { createTestApp, type SecondApp, type TestApp } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import { post } from '../../test/accounts';
import { addOperatorUser, signInOperator } from '../../test/work-orders';
import { MESSAGE_FORMULA } from './nap-file';

// ADR 090 through HTTP against PostgreSQL: the network planner's NAP file as CSV and GeoJSON, previewed
// (nothing written), applied (all or nothing, one transaction), exported and imported back unchanged;
// refused per row for bad and hostile values, as a whole for a file too large or unreadable, and to any
// role but network_planner; and a NAP it lays where no fibre reached turns the customer's serviceability
// check there to served, on this process and on another replica.

let testApp: TestApp;
let replica: SecondApp;
let plannerToken: string;
let dispatcherToken: string;

/** Baguio City is not served by the demo network (docs/coverage-seed.md): the import lays a NAP there. */
const BAGUIO = { latitude: 16.4023, longitude: 120.596 };
let baguioCity: string;
const HEADER = NAP_FILE_COLUMNS.join(',');

const sql = <T extends object>(text: string, values: unknown[] = []) =>
  testApp.database.pool.query<T & QueryResultRow>(text, values);

const send = (path: string, body: object, token = plannerToken) =>
  post(testApp.app, path, body, token);
const file = (format: TNapFileFormat, content: string, fileName = `naps.${format}`) => ({
  format,
  file_name: fileName,
  content,
});
const preview = (format: TNapFileFormat, content: string, token?: string) =>
  send(OPS_COVERAGE_PREVIEW_PATH, file(format, content), token);
const apply = (format: TNapFileFormat, content: string, token?: string) =>
  send(OPS_COVERAGE_APPLY_PATH, file(format, content), token);
const exported = async (format: TNapFileFormat): Promise<string> => {
  const reply = await send(OPS_COVERAGE_EXPORT_PATH, { format });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().content;
};

const csv = (...rows: string[]) => [HEADER, ...rows].join('\n') + '\n';
/** A CSV row of every column, `fields` overriding the defaults. */
function row(fields: Partial<Record<(typeof NAP_FILE_COLUMNS)[number], string>>): string {
  const values = {
    id: 'T-1',
    // Tuguegarao, far from the demo network and from Baguio.
    latitude: '17.61',
    longitude: '121.73',
    ports_total: '16',
    ports_used: '0',
    status: 'active',
    expected_date: '',
    served_buildings: '',
    city_code: '',
    ...fields,
  };
  return NAP_FILE_COLUMNS.map((column) => values[column]).join(',');
}

type Feature = {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: unknown[] };
  properties: Record<string, unknown>;
};
function feature(
  code: string,
  at: { latitude: number; longitude: number },
  properties: Record<string, unknown> = {},
): Feature {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [at.longitude, at.latitude] },
    properties: { id: code, ports_total: 16, ports_used: 0, status: 'active', ...properties },
  };
}
const geojson = (...features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });

async function napOf(code: string) {
  const { rows } = await sql<{
    latitude: number;
    longitude: number;
    port_count: number;
    used_ports: number;
    status: string;
    expected_date: string | null;
    city_code: string | null;
    building_ids: number[];
  }>(
    `select (location)[1] as latitude, (location)[0] as longitude, port_count, used_ports, status,
            to_char(expected_date, 'YYYY-MM-DD') as expected_date, city_code,
            coalesce((select array_agg(building_id order by building_id) from nap_buildings
                       where nap_id = naps.id), '{}') as building_ids
       from naps where code = $1`,
    [code],
  );
  return rows[0];
}
const napCount = async () =>
  Number((await sql<{ n: string }>('select count(*) n from naps')).rows[0]!.n);

async function buildingIdOf(name: string): Promise<number> {
  const { rows } = await sql<{ id: number }>('select id from buildings where building_name = $1', [
    name,
  ]);
  return rows[0]!.id;
}

async function check(app: { inject: TestApp['app']['inject'] }, at: typeof BAGUIO) {
  const reply = await app.inject({ method: 'POST', url: SERVICEABILITY_CHECK_PATH, payload: at });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().result as { serviceable: boolean; unavailability_reason: { code: string } };
}

beforeAll(async () => {
  const clock = createTestClock(new Date('2026-11-26T00:30:00Z'));
  testApp = await createTestApp({}, { clock });
  replica = await testApp.startAnotherApp();
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
  baguioCity = (await sql<{ code: string }>("select code from cities where name = 'Baguio City'"))
    .rows[0]!.code;
  plannerToken = (await signInOperator(testApp, 'nora', 'planner-pass-1234')).api_token;
  dispatcherToken = (await signInOperator(testApp, 'dina', 'dispatch-pass-1234')).api_token;
}, 120_000);

afterAll(async () => {
  await replica?.close();
  await testApp?.close();
});

describe('a CSV file', () => {
  it('is previewed with its counts and nothing written, then applied', async () => {
    const tower = await buildingIdOf('Sampaguita Residences Tower 1');
    const before = await napCount();
    const content = csv(
      row({ id: 'CSV-1', served_buildings: `${tower};Sampaguita Residences Tower 2` }),
      row({ id: 'CSV-2', status: 'planned', expected_date: '2027-05-31', city_code: baguioCity }),
    );
    const previewed = await preview('csv', content);
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(previewed.json()).toMatchObject({
      code: 0,
      counts: { new: 2, changed: 0, unchanged: 0, errors: 0 },
      row_errors: [],
      error_count: 0,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(await napCount()).toBe(before);

    const applied = await apply('csv', content);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({
      applied: true,
      counts: { new: 2, changed: 0, unchanged: 0, errors: 0 },
    });
    expect(await napCount()).toBe(before + 2);
    expect(await napOf('CSV-1')).toMatchObject({
      latitude: 17.61,
      longitude: 121.73,
      port_count: 16,
      status: 'active',
      building_ids: [tower, await buildingIdOf('Sampaguita Residences Tower 2')].sort(
        (a, b) => a - b,
      ),
    });
    expect(await napOf('CSV-2')).toMatchObject({
      status: 'planned',
      expected_date: '2027-05-31',
      city_code: baguioCity,
    });

    // The same file again changes nothing; a changed row is counted as changed.
    expect((await preview('csv', content)).json().counts).toEqual({
      new: 0,
      changed: 0,
      unchanged: 2,
      errors: 0,
    });
    const changed = csv(row({ id: 'CSV-2', ports_used: '3', status: 'active' }));
    expect((await apply('csv', changed)).json().counts).toEqual({
      new: 0,
      changed: 1,
      unchanged: 0,
      errors: 0,
    });
    // city_code left empty keeps the NAP's city; served_buildings given empty clears its buildings.
    expect(await napOf('CSV-2')).toMatchObject({
      used_ports: 3,
      status: 'active',
      expected_date: null,
      city_code: baguioCity,
    });
  });

  it('may leave out the optional columns, in any order, with a byte-order mark and CRLF lines', async () => {
    const content =
      '\uFEFFstatus,id,ports_used,ports_total,longitude,latitude\r\nactive,CSV-3,1,8,121.74,17.62\r\n';
    const reply = await apply('csv', content);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await napOf('CSV-3')).toMatchObject({ port_count: 8, used_ports: 1, building_ids: [] });
  });
});

describe('a GeoJSON file', () => {
  it('is previewed and applied: new and changed NAPs, Point coordinates as [longitude, latitude]', async () => {
    const tower = await buildingIdOf('Sampaguita Residences Tower 2');
    const content = geojson(
      feature('GEO-1', { latitude: 17.63, longitude: 121.75 }, { served_buildings: [tower] }),
      feature(
        'GEO-2',
        { latitude: 17.64, longitude: 121.76 },
        { status: 'planned', expected_date: '2027-01-15', ports_total: '32' },
      ),
      feature('CSV-3', { latitude: 17.62, longitude: 121.74 }, { ports_total: 8, ports_used: 2 }),
    );
    const previewed = await preview('geojson', content);
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(previewed.json().counts).toEqual({ new: 2, changed: 1, unchanged: 0, errors: 0 });
    expect(await napOf('GEO-1')).toBeUndefined();

    const applied = await apply('geojson', content);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await napOf('GEO-1')).toMatchObject({
      latitude: 17.63,
      longitude: 121.75,
      building_ids: [tower],
    });
    expect(await napOf('GEO-2')).toMatchObject({ port_count: 32, expected_date: '2027-01-15' });
    expect(await napOf('CSV-3')).toMatchObject({ used_ports: 2 });
  });
});

describe('row errors', () => {
  it('name the line and the field of each, in a CSV file', async () => {
    const content = csv(
      row({ id: 'ERR-1' }),
      row({ id: 'ERR-2', ports_total: '8', ports_used: '9' }),
      row({ id: 'ERR-3', status: 'planned' }),
      row({ id: 'ERR-4', status: 'live', latitude: '61.2' }),
      row({ id: 'ERR-1', served_buildings: 'No Such Tower;999999' }),
      row({ id: 'ERR-6', expected_date: '2027-02-30', city_code: '0000000000' }),
    );
    const reply = await preview('csv', content);
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json();
    expect(body.counts).toEqual({ new: 1, changed: 0, unchanged: 0, errors: 5 });
    expect(body.row_errors).toEqual([
      {
        row: 2,
        line: 3,
        field: 'ports_used',
        message: 'must not be more than ports_total (8)',
      },
      {
        row: 3,
        line: 4,
        field: 'expected_date',
        message: 'is required for a planned NAP (YYYY-MM-DD)',
      },
      {
        row: 4,
        line: 5,
        field: 'latitude',
        message: 'must be within the Philippines (4 to 21.5)',
      },
      { row: 4, line: 5, field: 'status', message: 'must be active or planned' },
      { row: 5, line: 6, field: 'id', message: 'NAP ERR-1 is already in row 1' },
      {
        row: 5,
        line: 6,
        field: 'served_buildings',
        message: 'no listed building is named "No Such Tower"',
      },
      {
        row: 5,
        line: 6,
        field: 'served_buildings',
        message: 'no listed building has the id 999999',
      },
      { row: 6, line: 7, field: 'expected_date', message: 'must be a date as YYYY-MM-DD' },
      { row: 6, line: 7, field: 'city_code', message: 'no city has the code 0000000000' },
    ]);
    expect(body.error_count).toBe(9);
  });

  it('name the feature and the path of the field, in a GeoJSON file', async () => {
    const content = geojson(
      feature('GERR-1', BAGUIO, { ports_used: 'many' }),
      { type: 'Feature', geometry: { type: 'LineString', coordinates: [] }, properties: {} },
      feature('GERR-3', { latitude: 120.6, longitude: 16.4 }),
    );
    const body = (await preview('geojson', content)).json();
    expect(body.counts.errors).toBe(3);
    expect(body.row_errors).toEqual(
      expect.arrayContaining([
        {
          row: 1,
          line: null,
          field: 'properties.ports_used',
          message: 'must be a whole number from 0 to 1024',
        },
        {
          row: 2,
          line: null,
          field: 'geometry',
          message: 'must be a Point with coordinates [longitude, latitude]',
        },
        { row: 2, line: null, field: 'properties.id', message: 'is required' },
        {
          row: 3,
          line: null,
          field: 'geometry.coordinates[1]',
          message: 'must be within the Philippines (4 to 21.5)',
        },
      ]),
    );
  });

  it('list the first 100 and count them all', async () => {
    const rows = Array.from({ length: 150 }, (_, index) =>
      row({ id: `MANY-${index}`, ports_total: 'x' }),
    );
    const body = (await preview('csv', csv(...rows))).json();
    expect(body.counts.errors).toBe(150);
    expect(body.error_count).toBe(150);
    expect(body.row_errors).toHaveLength(100);
  });

  it('mean APPLY writes nothing at all, the good rows included', async () => {
    const before = await napCount();
    const content = csv(
      row({ id: 'ALL-1' }),
      row({ id: 'ALL-2' }),
      row({ id: 'CSV-1', ports_total: '4', ports_used: '2' }),
      row({ id: 'ALL-3', ports_total: '0' }),
    );
    const reply = await apply('csv', content);
    expect(reply.statusCode, reply.body).toBe(422);
    expect(reply.json()).toMatchObject({
      module: 'coverage',
      message: "content: 1 of the file's rows have errors; nothing was imported",
      errors: [{ field: 'content' }],
      counts: { new: 2, changed: 1, unchanged: 0, errors: 1 },
      row_errors: [
        { row: 4, line: 5, field: 'ports_total', message: 'must be a whole number from 1 to 1024' },
      ],
    });
    expect(await napCount()).toBe(before);
    expect(await napOf('ALL-1')).toBeUndefined();
    expect(await napOf('CSV-1')).toMatchObject({ port_count: 16 });
  });

  it('refuse a CSV file of more than 200,000 rows, naming content', async () => {
    const rows = 'x,,,,,\n'.repeat(NAP_FILE_MAX_ROWS + 1);
    const reply = await preview(
      'csv',
      `id,latitude,longitude,ports_total,ports_used,status\n${rows}`,
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      message: 'content: must hold at most 200,000 NAPs',
      errors: [{ field: 'content' }],
    });
  }, 60_000);

  it('refuse a file that cannot be read as a whole, naming content', async () => {
    const cases: [TNapFileFormat, string, RegExp][] = [
      ['csv', '', /content: is empty/],
      ['csv', 'id,latitude\nX,1\n', /content: the header has no longitude/],
      ['csv', `${HEADER},colour\n`, /content: the header names an unknown column "colour"/],
      ['csv', `${HEADER}\n"T-1,16.4\n`, /content: is not readable CSV/],
      ['geojson', '{"type":"FeatureCollection","features":[', /content: is not valid JSON/],
      ['geojson', '{"type":"Feature"}', /content: must be a GeoJSON FeatureCollection/],
      [
        'geojson',
        `{"type":"FeatureCollection","features":[${'0,'.repeat(NAP_FILE_MAX_ROWS)}0]}`,
        /content: must hold at most 200,000 NAPs/,
      ],
    ];
    for (const [format, content, message] of cases) {
      const reply = await preview(format, content);
      expect(reply.statusCode, `${content}: ${reply.body}`).toBe(400);
      expect(reply.json().message).toMatch(message);
      expect(reply.json().errors[0].field).toBe('content');
    }
  });
});

describe('hostile text', () => {
  it('is a row error, in any column, never the whole request refused nor a 500', async () => {
    const content = csv(
      row({ id: 'NUL\u0000NAP' }),
      row({ id: 'BELL-1', served_buildings: 'Tower\u0007' }),
      row({ id: 'SUR-1', served_buildings: 'Tower \uD800' }),
      row({ id: '=cmd|calc' }),
      row({ id: 'FORM-1', served_buildings: '@SUM(A1)' }),
      row({ id: 'FORM-2', status: '+active' }),
      row({ id: 'FORM-3', latitude: '=16.4' }),
      row({ id: 'GOOD-1' }),
    );
    const reply = await preview('csv', content);
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json();
    expect(body.counts).toEqual({ new: 1, changed: 0, unchanged: 0, errors: 7 });
    expect(body.row_errors).toEqual([
      { row: 1, line: 2, field: 'id', message: 'must not contain control characters' },
      {
        row: 2,
        line: 3,
        field: 'served_buildings',
        message: 'must not contain control characters',
      },
      {
        row: 3,
        line: 4,
        field: 'served_buildings',
        message: 'must be valid Unicode text (no unpaired surrogates)',
      },
      { row: 4, line: 5, field: 'id', message: MESSAGE_FORMULA },
      { row: 5, line: 6, field: 'served_buildings', message: MESSAGE_FORMULA },
      { row: 6, line: 7, field: 'status', message: MESSAGE_FORMULA },
      { row: 7, line: 8, field: 'latitude', message: 'must be a decimal number of degrees' },
    ]);
  });

  it('is a row error in GeoJSON too', async () => {
    const content = geojson(
      feature('GNUL-1', BAGUIO, { status: 'active\u0000' }),
      feature('GSUR-1', BAGUIO, { served_buildings: ['\uDC00'] }),
      feature('=HYPERLINK("x")', BAGUIO),
    );
    const reply = await preview('geojson', content);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().row_errors).toEqual([
      {
        row: 1,
        line: null,
        field: 'properties.status',
        message: 'must not contain control characters',
      },
      {
        row: 2,
        line: null,
        field: 'properties.served_buildings',
        message: 'must be valid Unicode text (no unpaired surrogates)',
      },
      { row: 3, line: null, field: 'properties.id', message: MESSAGE_FORMULA },
    ]);
  });

  it('outside the file is still refused as every call refuses it', async () => {
    const reply = await send(OPS_COVERAGE_PREVIEW_PATH, file('csv', csv(), 'naps\u0000.csv'));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errors[0]).toEqual({
      field: 'file_name',
      message: 'must not contain control characters',
    });
  });
});

describe('any file at all', () => {
  it('is answered with a report or a 4xx envelope, never a 5xx, and writes nothing on preview', async () => {
    const before = await napCount();
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.constantFrom('\u0000', '\uD800', '=1+1', '"', '""', ';', '\r', '\n', '-1', '1e400'),
    );
    const csvFile = fc
      .array(fc.array(text, { minLength: 1, maxLength: 10 }), { maxLength: 6 })
      .map((rows) => [HEADER, ...rows.map((cells) => cells.join(','))].join('\n'));
    const geoFile = fc
      .array(fc.dictionary(fc.constantFrom(...NAP_FILE_COLUMNS), fc.jsonValue()), { maxLength: 4 })
      .map((items) =>
        geojson(
          ...items.map((properties) => ({
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [properties['longitude'], 16.4] },
            properties,
          })),
        ),
      );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.tuple(fc.constant('csv' as const), fc.oneof(csvFile, fc.string({ unit: 'binary' }))),
          fc.tuple(fc.constant('geojson' as const), fc.oneof(geoFile, fc.string())),
        ),
        async ([format, content]) => {
          const reply = await preview(format, content);
          expect([200, 400], reply.body).toContain(reply.statusCode);
          expect(reply.json()).toHaveProperty('module');
        },
      ),
      { numRuns: 150 },
    );
    expect(await napCount()).toBe(before);
  }, 60_000);
});

describe('the size limit', () => {
  it('refuses a file over 10 MB with a 413 naming content', async () => {
    const big = csv(row({ id: 'BIG-1' })) + 'x'.repeat(NAP_FILE_MAX_BYTES);
    const reply = await preview('csv', big);
    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toMatchObject({
      code: 6,
      errors: [{ field: 'content', message: 'the file must be at most 10 MB' }],
    });
  });

  it('counts the bytes of UTF-8, not the characters', async () => {
    const reply = await preview('csv', 'ñ'.repeat(NAP_FILE_MAX_BYTES / 2 + 1));
    expect(reply.statusCode).toBe(413);
    expect(reply.json().errors[0].field).toBe('content');
  });

  it('refuses a body past the call’s own limit with a 413 naming body', async () => {
    const reply = await preview('csv', '"'.repeat(NAP_FILE_MAX_BYTES + 40 * 1024));
    expect(reply.statusCode).toBe(413);
    expect(reply.json().errors[0].field).toBe('body');
  });

  it('takes a file of exactly 10 MB', async () => {
    const content = csv(row({ id: 'EDGE-1' }));
    const padded = content + '\n'.repeat(NAP_FILE_MAX_BYTES - Buffer.byteLength(content));
    const reply = await preview('csv', padded);
    expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
    expect(reply.json().counts.new).toBe(1);
  });
});

describe('roles', () => {
  it('are refused but network_planner, on every call', async () => {
    for (const [path, body] of [
      [OPS_COVERAGE_PREVIEW_PATH, file('csv', csv(row({ id: 'ROLE-1' })))],
      [OPS_COVERAGE_APPLY_PATH, file('csv', csv(row({ id: 'ROLE-1' })))],
      [OPS_COVERAGE_EXPORT_PATH, { format: 'csv' }],
    ] as const) {
      const refused = await send(path, body, dispatcherToken);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json()).toMatchObject({ module: 'ops', code: 3 });
      expect((await post(testApp.app, path, body)).statusCode, path).toBe(401);
    }
    expect(await napOf('ROLE-1')).toBeUndefined();
  });
});

describe('export', () => {
  it.each(['csv', 'geojson'] as const)(
    'writes a %s file that imports back with nothing changed',
    async (format) => {
      const content = await exported(format);
      const count = await napCount();
      const reply = await preview(format, content);
      expect(reply.statusCode, reply.body.slice(0, 500)).toBe(200);
      expect(reply.json().counts).toEqual({ new: 0, changed: 0, unchanged: count, errors: 0 });
      const applied = await apply(format, content);
      expect(applied.json().counts).toMatchObject({ new: 0, changed: 0 });
      expect(await exported(format)).toBe(content);
    },
    60_000,
  );

  it('has the imported values, buildings by id', async () => {
    const tower = await buildingIdOf('Sampaguita Residences Tower 2');
    const lines = (await exported('csv')).split('\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toContain(`GEO-1,17.63,121.75,16,0,active,,${tower},`);
    expect(lines).toContain('GEO-2,17.64,121.76,32,0,planned,2027-01-15,,');
    const collection = JSON.parse(await exported('geojson'));
    expect(collection.features).toContainEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [121.75, 17.63] },
      properties: {
        id: 'GEO-1',
        ports_total: 16,
        ports_used: 0,
        status: 'active',
        expected_date: null,
        served_buildings: [tower],
        city_code: null,
      },
    });
  });
});

describe('the serviceability check after an import', () => {
  it('turns served in a barangay that had no coverage, on every replica', async () => {
    const { rows } = await sql<{ name: string; latitude: number; longitude: number }>(
      `select b.name, coalesce(b.latitude, c.latitude) as latitude,
              coalesce(b.longitude, c.longitude) as longitude
         from barangays b join cities c on c.code = b.city_code
        where c.code = $1 order by b.name limit 1`,
      [baguioCity],
    );
    const home = { latitude: rows[0]!.latitude, longitude: rows[0]!.longitude };
    expect(await check(testApp.app, home)).toMatchObject({
      serviceable: false,
      unavailability_reason: { code: 'no_coverage' },
    });
    expect(await check(replica.app, home)).toMatchObject({ serviceable: false });

    const reply = await apply(
      'csv',
      csv(
        row({
          id: 'LT-0001',
          latitude: String(home.latitude + 0.0005),
          longitude: String(home.longitude),
        }),
      ),
    );
    expect(reply.statusCode, reply.body).toBe(200);
    // ADR 018: each process's coverage index hears the commit through NOTIFY, within milliseconds.
    for (const app of [testApp.app, replica.app]) {
      await expect
        .poll(async () => (await check(app, home)).serviceable, { timeout: 5000, interval: 20 })
        .toBe(true);
    }
  });
});
