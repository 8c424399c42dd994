import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { NAP_FILE_COLUMNS, OPS_COVERAGE_APPLY_PATH } from '@konek/contract/ops-coverage';
import { OPS_LOGIN_PATH } from '@konek/contract/ops';
import { HEALTH_PATH } from '@konek/contract/health';
import { loadConfig } from '../apps/api/src/platform/config';
import { loadAppSecrets } from '../apps/api/src/platform/auth/data-secrets';
import { connectDatabase } from '../apps/api/src/platform/db/database';
import { findFreePort, makeReachableTempDir } from '../apps/api/src/platform/db/embedded-postgres';
import { systemClock } from '../apps/api/src/platform/clock';
import { createPinHasher } from '../apps/api/src/modules/identity/service';
import { addOperator } from '../apps/api/src/modules/operators/service';
import { postJson } from './lib/post-json';

// `npm run bench:alerts` (ADR 094): coverage-arrival alerts at the scale of a barangay. Konek runs as
// `npm start` runs it (its own process, embedded PostgreSQL in a temporary directory, the SMS and email
// outboxes), a network planner signed in, and 10,000 households waiting in one place, every second one
// with a mobile number (15,000 messages).
// 1. The planner's NAP file covers them: how long until every household is told, each once, and the
//    messages handed over per minute against the budgets.
// 2. Another 10,000 wait elsewhere; fibre arrives; Konek is killed (SIGKILL) half-way through sending
//    and started again: nobody is told twice, everybody else is told, and the alerts cut short are
//    counted as failed (the planner retries them by hand).
// Exit code 1 when a household is told twice, one is never told, or a budget is overspent.

const HOUSEHOLDS = Number(process.env['BENCH_ALERT_HOUSEHOLDS'] ?? 10_000);
const SMS_PER_MINUTE = 1200;
const EMAIL_PER_MINUTE = 2400;
const PASSWORD = 'bench-planner-password';
const REPO = path.join(import.meta.dirname, '..');

const dataDir = makeReachableTempDir('konek-bench-alerts-');
const port = await findFreePort();
const baseUrl = `http://127.0.0.1:${port}`;
const serverEnv = {
  ...process.env,
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  PORT: String(port),
  LOG_LEVEL: 'warn',
  WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  COVERAGE_ALERT_SMS_PER_MINUTE: String(SMS_PER_MINUTE),
  COVERAGE_ALERT_EMAIL_PER_MINUTE: String(EMAIL_PER_MINUTE),
  // The households' notify-me rows are written straight into the database; no budget is involved.
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let failures = 0;
function check(isTrue: boolean, what: string): void {
  console.log(`  ${isTrue ? 'ok  ' : 'FAIL'} ${what}`);
  if (!isTrue) failures += 1;
}

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: REPO,
    env: serverEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Konek exited with ${child.exitCode}`);
    try {
      const reply = await fetch(`${baseUrl}${HEALTH_PATH}`);
      if (reply.ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error('Konek did not answer its health check within 3 minutes');
}

function databaseUrl(): string {
  const password = fs.readFileSync(path.join(dataDir, 'secrets', 'postgres-password'), 'utf8');
  const pid = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  return `postgres://postgres:${encodeURIComponent(password.trim())}@127.0.0.1:${pid[3]}/konek`;
}

const post = (urlPath: string, body: unknown, token?: string) =>
  postJson(baseUrl, urlPath, body, token);

/** `count` households within about 140 m of `at`, each its own email; every second one a number. */
async function addHouseholds(
  client: pg.Client,
  tag: string,
  at: { latitude: number; longitude: number },
): Promise<void> {
  await client.query(
    `insert into notify_requests (application_id, email, first_name, last_name, msisdn, address_type,
       province, city, barangay, street, latitude, longitude, epoch_millis, day)
     select 'konek-web', 'household-' || $1 || '-' || i || '@example.com', 'Ana', 'Reyes',
       case when i % 2 = 0 then '6391' || lpad((i + $2::int)::text, 8, '0') end, 'House',
       'Benguet', 'Baguio City', 'Bench ' || $1, 'Rizal St.',
       $3::float8 + (random() - 0.5) * 0.0025, $4::float8 + (random() - 0.5) * 0.0025,
       '0', '2026-12-05'
     from generate_series(1, $5::int) as i`,
    [tag, tag === 'a' ? 0 : 50_000_000, at.latitude, at.longitude, HOUSEHOLDS],
  );
}

const napFile = (code: string, at: { latitude: number; longitude: number }) => {
  const values: Record<(typeof NAP_FILE_COLUMNS)[number], string> = {
    id: code,
    latitude: String(at.latitude),
    longitude: String(at.longitude),
    ports_total: '64',
    ports_used: '0',
    status: 'active',
    expected_date: '',
    served_buildings: '',
    city_code: '',
  };
  return `${NAP_FILE_COLUMNS.join(',')}\n${NAP_FILE_COLUMNS.map((column) => values[column]).join(',')}\n`;
};

type Counts = { queued: number; sending: number; sent: number; failed: number; skipped: number };
async function countsOf(client: pg.Client, tag: string): Promise<Counts> {
  const { rows } = await client.query<{ status: keyof Counts; count: string }>(
    `select a.status, count(*) from coverage_alerts a join notify_requests r on r.id = a.notify_request_id
     where r.barangay = 'Bench ' || $1 group by a.status`,
    [tag],
  );
  const counts: Counts = { queued: 0, sending: 0, sent: 0, failed: 0, skipped: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}
const total = (counts: Counts) => Object.values(counts).reduce((sum, count) => sum + count, 0);

/** Messages that reached the outboxes, and how many households got a channel's message twice. */
async function deliveries(client: pg.Client, tag: string) {
  const { rows } = await client.query<{ sms: string; emails: string; twice: string }>(
    `select
       (select count(*) from sms_outbox where msisdn like '6391%' and (msisdn::bigint % 100000000)
          between $2::bigint and $2::bigint + $3::bigint) as sms,
       (select count(*) from email_outbox where recipient like 'household-' || $1 || '-%') as emails,
       (select count(*) from (
          select recipient from email_outbox where recipient like 'household-' || $1 || '-%'
          group by recipient having count(*) > 1
          union all
          select msisdn from sms_outbox where msisdn like '6391%' and (msisdn::bigint % 100000000)
            between $2::bigint and $2::bigint + $3::bigint
          group by msisdn having count(*) > 1) twice) as twice`,
    [tag, tag === 'a' ? 0 : 50_000_000, HOUSEHOLDS],
  );
  const row = rows[0]!;
  return { sms: Number(row.sms), emails: Number(row.emails), twice: Number(row.twice) };
}

/** The most messages of one channel handed over in one UTC minute. */
async function busiestMinute(client: pg.Client, tag: string) {
  const { rows } = await client.query<{ channel: string; most: string }>(
    `select channel, max(n) as most from (
       select a.channel, date_trunc('minute', a.sent_at), count(*) as n
       from coverage_alerts a join notify_requests r on r.id = a.notify_request_id
       where r.barangay = 'Bench ' || $1 and a.sent_at is not null group by 1, 2) per_minute
     group by channel`,
    [tag],
  );
  return Object.fromEntries(rows.map((row) => [row.channel, Number(row.most)]));
}

async function until(read: () => Promise<boolean>, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (await read()) return true;
    await sleep(500);
  }
  return false;
}

/** A connection of the bench's own; a restart of Konek stops its orphaned PostgreSQL and starts it anew. */
async function connect(): Promise<pg.Client> {
  const connection = new pg.Client({ connectionString: databaseUrl() });
  connection.on('error', () => undefined);
  await connection.connect();
  return connection;
}

let server = await startServer();
let client = await connect();
try {
  const setup = connectDatabase(databaseUrl(), 2);
  await addOperator(
    {
      db: setup.db,
      clock: systemClock,
      passwords: createPinHasher(
        loadAppSecrets(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development' })).pinPepper,
      ),
    },
    { username: 'bench-planner', role: 'network_planner', firstName: 'Nora', password: PASSWORD },
  );
  await setup.close();
  const token = String(
    (await post(OPS_LOGIN_PATH, { username: 'bench-planner', password: PASSWORD }))['api_token'],
  );
  const expected = HOUSEHOLDS + HOUSEHOLDS / 2;

  console.log(
    `Coverage-arrival alerts: ${HOUSEHOLDS} households (${expected} messages) per place; budgets ${SMS_PER_MINUTE} SMS and ${EMAIL_PER_MINUTE} emails a minute`,
  );
  // 1. One arrival, start to finish.
  const first = { latitude: 16.4116, longitude: 120.5977 };
  await addHouseholds(client, 'a', first);
  const startedAt = performance.now();
  await post(
    OPS_COVERAGE_APPLY_PATH,
    { format: 'csv', file_name: 'bench-a.csv', content: napFile('BENCH-ALERT-A', first) },
    token,
  );
  const isDone = await until(
    async () => (await countsOf(client, 'a')).sent === expected,
    30 * 60_000,
  );
  const took = performance.now() - startedAt;
  const counts = await countsOf(client, 'a');
  const delivered = await deliveries(client, 'a');
  const busiest = await busiestMinute(client, 'a');
  console.log(
    `1. one arrival: every household told in ${seconds(took)} (${Math.round((expected / took) * 60_000)} messages a minute); ` +
      `${delivered.sms} SMS and ${delivered.emails} emails; busiest minute ${busiest['sms'] ?? 0} SMS, ${busiest['email'] ?? 0} emails`,
  );
  check(isDone && counts.sent === expected, `${counts.sent} of ${expected} alerts sent`);
  check(delivered.twice === 0, `nobody told twice (${delivered.twice})`);
  // The budget is spent before the hand-over and `sent_at` is written after it, so an alert budgeted in
  // the last moment of a minute may be counted here in the next: at most one per sending loop.
  const inFlight = 4;
  check(
    (busiest['sms'] ?? 0) <= SMS_PER_MINUTE + inFlight &&
      (busiest['email'] ?? 0) <= EMAIL_PER_MINUTE + inFlight,
    `no minute over its budget (give or take the ${inFlight} hand-overs in flight at a minute's turn)`,
  );

  // 2. Another arrival, with Konek killed half-way.
  const second = { latitude: 17.6132, longitude: 121.727 };
  await addHouseholds(client, 'b', second);
  await post(
    OPS_COVERAGE_APPLY_PATH,
    { format: 'csv', file_name: 'bench-b.csv', content: napFile('BENCH-ALERT-B', second) },
    token,
  );
  await until(async () => (await countsOf(client, 'b')).sent >= expected / 2, 30 * 60_000);
  server.kill('SIGKILL');
  await new Promise((resolve) => server.once('exit', resolve));
  const atKill = await countsOf(client, 'b');
  console.log(
    `2. killed with ${atKill.sent} sent, ${atKill.sending} being handed over, ${atKill.queued} queued`,
  );
  await client.end().catch(() => undefined);
  const restartedAt = performance.now();
  server = await startServer();
  client = await connect();
  const isSettled = await until(async () => {
    const now = await countsOf(client, 'b');
    return total(now) === expected && now.queued === 0 && now.sending === 0;
  }, 30 * 60_000);
  const after = await countsOf(client, 'b');
  const afterDelivered = await deliveries(client, 'b');
  console.log(
    `   after the restart, settled in ${seconds(performance.now() - restartedAt)}: ${after.sent} sent, ${after.failed} failed (cut short), ` +
      `${afterDelivered.sms} SMS and ${afterDelivered.emails} emails in the outboxes`,
  );
  check(isSettled, 'every alert sent or failed, none left queued or being handed over');
  check(afterDelivered.twice === 0, `nobody told twice (${afterDelivered.twice})`);
  check(
    after.sent <= afterDelivered.sms + afterDelivered.emails &&
      afterDelivered.sms + afterDelivered.emails <= after.sent + after.failed,
    'every message in an outbox is an alert sent or one cut short',
  );
} finally {
  await client.end();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failures > 0 ? 1 : 0;
