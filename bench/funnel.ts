import fs from 'node:fs';
import { connectDatabase, type Database } from '../apps/api/src/platform/db/database';
import os from 'node:os';
import path from 'node:path';
import { OPS_LOGIN_PATH } from '@konek/contract/ops';
import { OPS_FUNNEL_PATH, type TFunnelRequest } from '@konek/contract/ops-funnel';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/platform/config';
import { openDatabase } from '../apps/api/src/platform/db/open-database';
import { loadSigningKeys } from '../apps/api/src/platform/auth/signing-keys';
import { loadAppSecrets } from '../apps/api/src/platform/auth/data-secrets';
import { makeReachableTempDir } from '../apps/api/src/platform/db/embedded-postgres';
import { systemClock } from '../apps/api/src/platform/clock';
import { createPinHasher } from '../apps/api/src/modules/identity/service';
import { addOperator } from '../apps/api/src/modules/operators/service';
import { addDays, manilaDayOf, rollUpFinishedDays } from '../apps/api/src/modules/funnel/service';
import { postJson } from './lib/post-json';

// `npm run bench:funnel` (ADR 096): the funnel at 10 million page views. Konek as deployed (embedded
// PostgreSQL in a temporary directory, seeded); 10,000,000 page views over the last 121 Manila days
// (today included: 1.25 million devices, 8 page views each, a share of them through the journey's
// pages, with 5 UTM sources and 20 agents) and 60,000 orders (two in three paid, most of those
// installed), written by generate_series in SQL. Then the rollup of the finished days is built and timed,
// and the funnel is asked over HTTP, each question several times (the median is printed): a month per
// day, a quarter per week, and the month under each filter. Today is always counted live. No goal is
// checked here; ADR 096 quotes the figures.

const EVENTS = Number(process.env['BENCH_FUNNEL_EVENTS'] ?? 10_000_000);
const ORDERS = Number(process.env['BENCH_FUNNEL_ORDERS'] ?? 60_000);
const DAYS = 121;
const RUNS = 7;
const PASSWORD = 'bench-marketing-password';

const dataDir = makeReachableTempDir('konek-bench-funnel-');
const config = {
  ...loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // Production refuses the outbox and the local gateway (ADR 019, 038); this bench uses neither.
    SMS_PROVIDER: 'semaphore',
    SEMAPHORE_API_KEY: 'benchmark-sends-no-sms',
    PAYMENT_PROVIDER: 'paymongo',
    PAYMONGO_SECRET_KEY: 'sk_test_benchmark-takes-no-payment',
    PAYMONGO_WEBHOOK_SECRET: 'whsk_benchmark-takes-no-payment',
    PUBLIC_BASE_URL: 'http://127.0.0.1',
  }),
  port: 0,
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number) => `${ms.toFixed(0)} ms`;

const today = manilaDayOf(new Date());
const firstDay = addDays(today, -(DAYS - 1));
let cities: string[] = [];
let offers: string[] = [];

/** The load, written before the app starts (as migrations are: without the serving pool's limits). */
async function seed(pool: Database['pool']): Promise<void> {
  cities = (
    await pool.query<{ code: string }>(`select code from cities order by code limit 8`)
  ).rows.map((row) => row.code);
  offers = (await pool.query<{ id: string }>(`select id from offers order by id limit 4`)).rows.map(
    (row) => row.id,
  );
  const load = os
    .loadavg()
    .map((each) => each.toFixed(1))
    .join(' ');
  console.log(`machine: ${os.cpus().length} cores, load average ${load}`);
  console.log(
    `\nseeding ${EVENTS.toLocaleString('en')} page views over ${firstDay}…${today} (SQL)`,
  );

  // The events' own indexes are made after the rows, as a bulk load does.
  await pool.query(`drop index analytics_events_event_type_day_idx`);
  await pool.query(`drop index analytics_events_id_value_idx`);
  await timedSql(
    pool,
    'insert the page views (generate_series)',
    `insert into analytics_events (received_at, source, application_id, event_type, day, epoch_millis,
       id_type, id_value, page_location, device, browser, resolution, attribution)
     select now(), 'unregistered', 'konek-web', 'page_view', d.day, 0, 100, 'device-' || d.device,
       'https://konek.example' || case
         when g % 8 = 2 and d.device % 10 < 5 then '/serviceability/prepaid'
         when g % 8 = 2 and d.device % 10 < 7 then '/serviceability/notifyme'
         when g % 8 = 3 and d.device % 10 < 3 then '/serviceability/filloutdetail'
         when g % 8 = 4 and d.device % 10 < 2 then '/serviceability/schedule'
         when g % 8 = 1 then '/about'
         else '/' end,
       'mobile', 'Chrome', '390x844',
       case when d.device % 6 = 0 then null else jsonb_build_object(
         'utm_source', (array['facebook', 'google', 'tiktok', 'sms', 'partner'])[d.device % 5 + 1],
         'agent_code', 'AG' || lpad((d.device / 10 % 20)::text, 2, '0')) end
     from generate_series(0, $1::bigint - 1) g
     cross join lateral (select g / 8 as device,
       to_char($2::date - ((g / 8) % ${DAYS})::int, 'YYYY-MM-DD') as day) d`,
    [EVENTS, today],
  );
  await timedSql(
    pool,
    'index them (the two indexes of the schema)',
    `create index analytics_events_event_type_day_idx on analytics_events (event_type, day)`,
  );
  await timedSql(
    pool,
    '',
    `create index analytics_events_id_value_idx on analytics_events (id_value)`,
  );
  await timedSql(pool, 'analyze', `analyze analytics_events`);

  console.log(`\nseeding ${ORDERS.toLocaleString('en')} orders with their work orders (SQL)`);
  const client = await pool.connect();
  try {
    // One account for them all and no address or slot rows: not under test here.
    await client.query(`set session_replication_role = replica`);
    const at = performance.now();
    await client.query(
      `with o as (
         select i, gen_random_uuid() as reservation, gen_random_uuid() as appointment,
           ($1::date::timestamp at time zone 'Asia/Manila') - ((i % ${DAYS}) * interval '1 day')
             + ((i * 7919) % 86400) * interval '1 second' as created_at
         from generate_series(1, $2::int) i
       ), r as (
         insert into resource_reservations (id, account_id, address_id, latitude, longitude, served_by,
           city_code, external_order_id, external_order_action_id, customer_first_name,
           customer_last_name, status, expires_at, created_at)
         select reservation, '00000000-0000-0000-0000-000000000001', gen_random_uuid(), 14.5, 121,
           'nap', ($3::text[])[i % array_length($3::text[], 1) + 1], 'bench-' || i, 'bench-act-' || i,
           'Ana', 'Cruz', 'released', created_at, created_at from o
       ), a as (
         insert into appointments (id, reservation_id, account_id, resource_reservation_id, slot_id,
           activity_type, status, created_at, updated_at)
         select appointment, gen_random_uuid(), '00000000-0000-0000-0000-000000000001', reservation,
           gen_random_uuid(), 'install', 'cancelled', created_at, created_at from o
       )
       insert into orders (account_id, external_order_id, external_order_action_id, appointment_id,
         state, products, total_price, amount_centavos, payment_method, voucher_codes, special_offer,
         utm_source, sales_agent_code, paid_at, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000001', 'bench-' || i, 'bench-act-' || i, appointment, 1,
         jsonb_build_array(jsonb_build_object('id', ($4::text[])[i % array_length($4::text[], 1) + 1],
           'finalCentavos', 149900)),
         '{}', 149900, 1, '{}', false,
         case when i % 6 = 0 then null
           else (array['facebook', 'google', 'tiktok', 'sms', 'partner'])[i % 5 + 1] end,
         case when i % 6 = 0 then null else 'AG' || lpad((i / 10 % 20)::text, 2, '0') end,
         case when i % 3 <> 0 and created_at + interval '10 minutes' < now()
           then created_at + interval '10 minutes' end,
         created_at, created_at
       from o where created_at < now()`,
      [addDays(today, 1), ORDERS, cities, offers],
    );
    await client.query(
      `with w as (
         insert into work_orders (order_id, account_id, order_action_id, status, created_at, updated_at)
         select id, account_id, external_order_action_id, 'Open', paid_at, paid_at
         from orders where paid_at is not null and external_order_id like 'bench-%'
         returning id, order_id, created_at
       ), opened as (
         insert into work_order_changes (work_order_id, status, changed_by, at)
         select id, 'Open', 'payment', created_at from w
       )
       insert into work_order_changes (work_order_id, status, changed_by, at)
       select id, 'Completed', 'bench-technician',
         created_at + (24 + (hashtext(id::text) & 71)) * interval '1 hour'
       from w where created_at + interval '96 hours' < now()`,
    );
    await client.query(
      `insert into order_credits (order_id, kind, visit_starts_at, visit_ends_at, free_days, at)
       select id, 'missed_visit', paid_at + interval '20 hours', paid_at + interval '24 hours', 1,
         paid_at + interval '25 hours'
       from orders where paid_at is not null and external_order_id like 'bench-%'
         and number % 40 = 0 and paid_at + interval '25 hours' < now()`,
    );
    console.log(
      `  ${'insert orders, work orders, credits'.padEnd(52)} ${seconds(performance.now() - at).padStart(9)}`,
    );
  } finally {
    await client.query(`set session_replication_role = origin`);
    client.release();
  }
  await pool.query(`analyze`);
}

const startedAt = performance.now();
const opened = await openDatabase(config, { info: () => undefined, warn: console.warn }, (setup) =>
  seed(setup.pool),
);
const { pool, db } = opened.database;
const app = await buildApp({
  config,
  database: opened.database,
  keys: await loadSigningKeys(dataDir),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('not listening on a port');
const baseUrl = `http://127.0.0.1:${address.port}`;
console.log(`\nKonek started, seeded and loaded in ${seconds(performance.now() - startedAt)}`);

const post = (urlPath: string, body: unknown, token?: string) =>
  postJson(baseUrl, urlPath, body, token);

async function timedSql(
  pool: Database['pool'],
  label: string,
  statement: string,
  values: unknown[] = [],
) {
  const at = performance.now();
  const result = await pool.query(statement, values);
  console.log(`  ${label.padEnd(52)} ${seconds(performance.now() - at).padStart(9)}`);
  return result;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

try {
  await addOperator(
    { db, clock: systemClock, passwords: createPinHasher(loadAppSecrets(config).pinPepper) },
    { username: 'bench-marketing', role: 'marketing', firstName: 'Mara', password: PASSWORD },
  );
  const token = String(
    (await post(OPS_LOGIN_PATH, { username: 'bench-marketing', password: PASSWORD }))['api_token'],
  );

  const month: TFunnelRequest = { from: addDays(today, -29), to: today, granularity: 'day' };
  const quarter: TFunnelRequest = { from: addDays(today, -90), to: today, granularity: 'week' };

  async function ask(label: string, request: TFunnelRequest, runs = RUNS) {
    const times: number[] = [];
    let reply: Record<string, unknown> = {};
    for (let run = 0; run < runs; run += 1) {
      const at = performance.now();
      reply = await post(OPS_FUNNEL_PATH, request, token);
      times.push(performance.now() - at);
    }
    const steps = reply['steps'] as { step: string; total: number | null }[];
    const totals = steps.map((step) => step.total ?? '–').join(' › ');
    const first = millis(times[0] ?? 0).padStart(8);
    console.log(`  ${label.padEnd(40)} ${millis(median(times)).padStart(8)} ${first}   ${totals}`);
  }

  console.log('\nthe rollup');
  const rollAt = performance.now();
  // As the hourly job runs it: on a connection of its own, without the requests' statement limit.
  const jobs = connectDatabase(String(pool.options.connectionString), 1);
  const rolled = await rollUpFinishedDays({ db: jobs.db, clock: systemClock });
  const rows = await pool.query<{ n: number }>(`select count(*)::int as n from funnel_daily`);
  console.log(
    `  ${`build it: ${rolled.from}…${rolled.to}`.padEnd(52)} ${seconds(performance.now() - rollAt).padStart(9)}   ${rows.rows[0]?.n.toLocaleString('en')} rows`,
  );
  const dayAt = performance.now();
  await pool.query(`delete from funnel_rolled_days where day = $1`, [addDays(today, -1)]);
  await rollUpFinishedDays({ db: jobs.db, clock: systemClock });
  await jobs.close();
  console.log(
    `  ${'roll up one more day (the hourly job)'.padEnd(52)} ${seconds(performance.now() - dayAt).padStart(9)}`,
  );

  console.log(`\nthe funnel over HTTP (today live, the other days from the rollup)`);
  console.log(`  ${''.padEnd(40)} ${`median of ${RUNS}`.padStart(8)}  1st call   step totals`);
  await ask('a month per day', month);
  await ask('a quarter per week', quarter);
  await ask('a month per day, city', { ...month, city: cities[1] ?? '' });
  await ask('a month per day, offer', { ...month, offer: offers[1] ?? '' });
  await ask('a month per day, UTM source', { ...month, utm_source: 'google' });
  await ask('a month per day, agent', { ...month, agent: 'AG07' });
  await ask('a quarter per week, UTM source and agent', {
    ...quarter,
    utm_source: 'facebook',
    agent: 'AG05',
  });
  await ask('a year per week', { from: addDays(today, -365), to: today, granularity: 'week' });
} finally {
  await app.close();
  await opened.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
