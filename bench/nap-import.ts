import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  OPS_COVERAGE_APPLY_PATH,
  OPS_COVERAGE_EXPORT_PATH,
  OPS_COVERAGE_PREVIEW_PATH,
  NAP_FILE_COLUMNS,
} from '@konek/contract/ops-coverage';
import { OPS_LOGIN_PATH } from '@konek/contract/ops';
import { SERVICEABILITY_CHECK_PATH } from '@konek/contract/serviceability-check';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/platform/config';
import { openDatabase } from '../apps/api/src/platform/db/open-database';
import { loadSigningKeys } from '../apps/api/src/platform/auth/signing-keys';
import { loadAppSecrets } from '../apps/api/src/platform/auth/data-secrets';
import { makeReachableTempDir } from '../apps/api/src/platform/db/embedded-postgres';
import { systemClock } from '../apps/api/src/platform/clock';
import { createPinHasher } from '../apps/api/src/modules/identity/service';
import { addOperator } from '../apps/api/src/modules/operators/service';
import { readNapFile } from '../apps/api/src/modules/coverage/nap-file';
import { postJson } from './lib/post-json';

// `npm run bench:import` (ADR 090): the network planner's NAP file at national scale. Konek as deployed
// (embedded PostgreSQL in a temporary directory, seeded), a network planner signed in, and a CSV file of
// 100,000 new NAPs spread over the Philippines (about 6 MB). Timed over HTTP, one request at a time:
// 1. PREVIEW of the new file (every row checked and compared with the plant; nothing written);
// 2. APPLY of it (100,000 NAPs inserted in one transaction), then how long until the serviceability
//    check at one of them answers served (the coverage index re-reads the plant after the NOTIFY);
// 3. PREVIEW of the same file again (every row unchanged);
// 4. APPLY of a file with every NAP's used ports changed (100,000 updates in one transaction);
// 5. EXPORT of the whole plant as CSV and as GeoJSON.
// It prints the figures; there is no goal to meet (the bench's other runs compare with bare servers).

const NAPS = Number(process.env['BENCH_IMPORT_NAPS'] ?? 100_000);
const PASSWORD = 'bench-planner-password';

/** NAP i of the file: deterministic, spread over the Philippines' box, one in ten planned. */
function napLine(index: number, usedShift: number): string {
  const latitude = 5 + (((index * 104_729) % 100_000) / 100_000) * 13.5;
  const longitude = 117 + (((index * 7919) % 100_000) / 100_000) * 9.5;
  const planned = index % 10 === 0;
  const values: Record<(typeof NAP_FILE_COLUMNS)[number], string> = {
    id: `IMPORT-${String(index).padStart(6, '0')}`,
    latitude: latitude.toFixed(6),
    longitude: longitude.toFixed(6),
    ports_total: '16',
    ports_used: String((index + usedShift) % 17),
    status: planned ? 'planned' : 'active',
    expected_date: planned ? '2027-06-30' : '',
    served_buildings: '',
    city_code: '',
  };
  return NAP_FILE_COLUMNS.map((column) => values[column]).join(',');
}

function napFile(usedShift: number): string {
  const lines = [NAP_FILE_COLUMNS.join(',')];
  for (let index = 1; index <= NAPS; index += 1) lines.push(napLine(index, usedShift));
  return `${lines.join('\n')}\n`;
}

const dataDir = makeReachableTempDir('konek-bench-import-');
const config = {
  ...loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // Production refuses the outbox and the local gateway (ADR 019, 038); this bench uses neither.
    SMS_PROVIDER: 'semaphore',
    SEMAPHORE_API_KEY: 'benchmark-sends-no-sms',
    // …and the email outbox (ADR 093): the SMTP server is never reached, no email is sent.
    EMAIL_PROVIDER: 'smtp',
    SMTP_URL: 'smtp://127.0.0.1:9',
    EMAIL_FROM: 'Konek <bench@konek.invalid>',
    PAYMENT_PROVIDER: 'paymongo',
    PAYMONGO_SECRET_KEY: 'sk_test_benchmark-takes-no-payment',
    PAYMONGO_WEBHOOK_SECRET: 'whsk_benchmark-takes-no-payment',
    PUBLIC_BASE_URL: 'http://127.0.0.1',
  }),
  port: 0,
};

const startedAt = performance.now();
const opened = await openDatabase(config, { info: () => undefined, warn: console.warn });
const keys = await loadSigningKeys(dataDir);
const app = await buildApp({ config, database: opened.database, keys });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('not listening on a port');
const baseUrl = `http://127.0.0.1:${address.port}`;
console.log(`Konek started with a seeded database in ${seconds(performance.now() - startedAt)}`);

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

const post = (urlPath: string, body: unknown, token?: string) =>
  postJson(baseUrl, urlPath, body, token);

async function timed<T>(label: string, run: () => Promise<T>, describe: (result: T) => string) {
  const at = performance.now();
  const result = await run();
  const took = performance.now() - at;
  console.log(`  ${label.padEnd(44)} ${seconds(took).padStart(9)}   ${describe(result)}`);
  return { result, took };
}

try {
  await addOperator(
    {
      db: opened.database.db,
      clock: systemClock,
      passwords: createPinHasher(loadAppSecrets(config).pinPepper),
    },
    { username: 'bench-planner', role: 'network_planner', firstName: 'Nora', password: PASSWORD },
  );
  const token = String(
    (await post(OPS_LOGIN_PATH, { username: 'bench-planner', password: PASSWORD }))['api_token'],
  );

  const fresh = napFile(0);
  const changed = napFile(1);
  const megabytes = (Buffer.byteLength(fresh) / (1024 * 1024)).toFixed(1);
  const load = os
    .loadavg()
    .map((each) => each.toFixed(1))
    .join(' ');
  console.log(`\nNAP file: ${NAPS.toLocaleString('en')} NAPs as CSV, ${megabytes} MB`);
  console.log(`machine: ${os.cpus().length} cores, load average ${load}\n`);
  // The share of the calls that is reading and checking the rows, without HTTP or PostgreSQL.
  await timed(
    'read and check the rows alone (in process)',
    () =>
      readNapFile(
        'csv',
        fresh,
        { buildingIds: new Set(), buildingIdsByName: new Map(), isCity: () => true },
        100,
      ),
    (checked) => `${checked.rows.length.toLocaleString('en')} rows`,
  );
  const file = (content: string) => ({ format: 'csv', file_name: 'naps.csv', content });
  const counts = (reply: Record<string, unknown>) => JSON.stringify(reply['counts']);

  await timed(
    'preview, every NAP new',
    () => post(OPS_COVERAGE_PREVIEW_PATH, file(fresh), token),
    counts,
  );
  await timed(
    'apply, every NAP new (inserts)',
    () => post(OPS_COVERAGE_APPLY_PATH, file(fresh), token),
    counts,
  );
  // Where an active NAP of the file is (one in ten is planned: not the ninth): served once this
  // process's coverage index has re-read the plant.
  const [, latitude, longitude] = napLine(9, 0).split(',');
  const appliedAt = performance.now();
  for (;;) {
    const reply = await post(SERVICEABILITY_CHECK_PATH, {
      latitude: Number(latitude),
      longitude: Number(longitude),
    });
    if ((reply['result'] as { serviceable: boolean }).serviceable) break;
    if (performance.now() - appliedAt > 60_000) throw new Error('the new NAP never became served');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  console.log(
    `  ${'  then served at a new NAP after'.padEnd(44)} ${seconds(performance.now() - appliedAt).padStart(9)}`,
  );
  await timed(
    'preview, every NAP unchanged',
    () => post(OPS_COVERAGE_PREVIEW_PATH, file(fresh), token),
    counts,
  );
  await timed(
    'apply, every NAP changed (updates)',
    () => post(OPS_COVERAGE_APPLY_PATH, file(changed), token),
    counts,
  );
  for (const format of ['csv', 'geojson'] as const) {
    await timed(
      `export as ${format}`,
      () => post(OPS_COVERAGE_EXPORT_PATH, { format }, token),
      (reply) =>
        `${Number(reply['nap_count']).toLocaleString('en')} NAPs, ${(Buffer.byteLength(String(reply['content'])) / (1024 * 1024)).toFixed(1)} MB`,
    );
  }
} finally {
  await app.close();
  await opened.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
