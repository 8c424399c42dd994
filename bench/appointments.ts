import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { getAddressesPath } from '@konek/contract/get-addresses';
import { RESERVE_APPOINTMENT_PATH } from '@konek/contract/appointments';
import type { BookingPlan } from './lib/booking-plan';
import { descendantsCpuMs, processCpuMs } from './lib/process-cpu';
import {
  describePgStatements,
  isPgStatementsWanted,
  type PgStatement,
  type PgStatementsReply,
  type PgStatementsRequest,
} from './lib/pg-statements';

// The booking benchmark (part of `npm run bench`; ADR 035). Konek runs in a child process (see
// appointments-server.ts); this process drives it:
// 1. reserve_appointment by random customers on random slots (each call replaces that customer's hold:
//    a place taken, another given back, in one transaction), at 10 and 50 connections, as a ratio of the
//    address-list lookup measured against the same server in the same run — goal ≥ 25%;
// 2. the hot-slot race: 1,000 customers reserve the same 50-place slot at once; the time until every one
//    has its answer, and exactly 50 holds.
// With BENCH_PG_STATEMENTS=1 each booking run is followed by where PostgreSQL's time per booking went,
// statement by statement (bench/lib/pg-statements.ts).

const CONNECTION_COUNTS = [10, 50];
const DURATION_SECONDS = 5;
const GOAL_RATIO = 0.25;

const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'konek-bench-booking-log-'));
const logFile = path.join(logDir, 'konek.log');
const child = spawn(
  process.execPath,
  [
    // BENCH_CPU_PROFILE_DIR=<dir>: the server's CPU profile is written there when it stops.
    ...(process.env['BENCH_CPU_PROFILE_DIR']
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env['BENCH_CPU_PROFILE_DIR']}`]
      : []),
    '--import',
    'tsx',
    path.join(import.meta.dirname, 'appointments-server.ts'),
  ],
  { stdio: ['ignore', fs.openSync(logFile, 'w'), 'inherit', 'ipc'] },
);
const plan = await new Promise<BookingPlan>((resolve, reject) => {
  child.once('message', (message: BookingPlan) => resolve(message));
  child.once('exit', (code) => reject(new Error(`the booking bench server exited with ${code}`)));
});
if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(plan.baseUrl)) throw new Error('loopback only');

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

type Measured = { requestsPerSecond: number; p99Ms: number; non2xx: number; errors: number };

async function addressList(connections: number): Promise<Measured> {
  const result = await autocannon({
    url: `${plan.baseUrl}${getAddressesPath('konek')}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: plan.addressListBody,
    connections,
    duration: DURATION_SECONDS,
  });
  return measured(result);
}

async function reserveRandom(connections: number): Promise<Measured> {
  const result = await autocannon({
    url: `${plan.baseUrl}${RESERVE_APPOINTMENT_PATH}`,
    connections,
    duration: DURATION_SECONDS,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const customer = pick(plan.customers);
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${customer.token}`,
            },
            body: JSON.stringify({
              target_id: customer.accountId,
              target_type: 2,
              time_slot: pick(plan.slots),
            }),
          };
        },
      },
    ],
  });
  return measured(result);
}

function measured(result: autocannon.Result): Measured {
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Asks the server to reset or read PostgreSQL's statement figures, and waits for its answer. */
function askPgStatements(request: PgStatementsRequest): Promise<PgStatementsReply> {
  return new Promise((resolve) => {
    child.once('message', (reply: PgStatementsReply) => resolve(reply));
    child.send(request);
  });
}

async function pgStatementsOf(run: () => Promise<Measured>): Promise<[Measured, PgStatement[]]> {
  if (!isPgStatementsWanted()) return [await run(), []];
  await askPgStatements({ pgStatements: 'reset' });
  const measuredRun = await run();
  const reply = await askPgStatements({ pgStatements: 'read' });
  return [measuredRun, reply.pgStatements === 'reset' ? [] : reply.pgStatements];
}

type CpuSnapshot = { server: number | null; postgres: number | null; driver: NodeJS.CpuUsage };

/** CPU time so far of Konek's process, its PostgreSQL and this driver (autocannon runs in it). */
function cpuNow(): CpuSnapshot {
  return {
    server: processCpuMs(child.pid!),
    postgres: descendantsCpuMs(child.pid!),
    driver: process.cpuUsage(),
  };
}

/** Where a request's time went since `before`, in µs of CPU per request; null without /proc. */
function cpuPerRequest(before: CpuSnapshot, measured: Measured): string | null {
  const after = cpuNow();
  if (before.server === null || after.server === null) return null;
  if (before.postgres === null || after.postgres === null) return null;
  const requests = measured.requestsPerSecond * DURATION_SECONDS;
  const driver = process.cpuUsage(before.driver);
  const perRequest = (ms: number) => `${Math.round((ms * 1000) / requests)} µs`;
  return [
    `Konek ${perRequest(after.server - before.server)}`,
    `PostgreSQL ${perRequest(after.postgres - before.postgres)}`,
    `the driver ${perRequest((driver.user + driver.system) / 1000)}`,
  ].join(', ');
}

/** Every customer reserves the hot slot at once; answers the time until the last reply and the counts. */
async function hotSlotRace() {
  const startedAt = performance.now();
  const statuses = await Promise.all(
    plan.customers.map(async (customer) => {
      const reply = await fetch(`${plan.baseUrl}${RESERVE_APPOINTMENT_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${customer.token}`,
        },
        body: JSON.stringify({
          target_id: customer.accountId,
          target_type: 2,
          time_slot: plan.hotSlot,
        }),
      });
      await reply.arrayBuffer();
      return reply.status;
    }),
  );
  return {
    ms: Math.round(performance.now() - startedAt),
    won: statuses.filter((status) => status === 200).length,
    refused: statuses.filter((status) => status === 404).length,
    other: statuses.filter((status) => status !== 200 && status !== 404).length,
  };
}

let isEveryGoalMet = true;
try {
  for (const connections of CONNECTION_COUNTS) {
    await addressList(connections); // warm up
    const lookup = await addressList(connections);
    await reserveRandom(connections); // warm up
    const cpuBefore = cpuNow();
    const [reserve, statements] = await pgStatementsOf(() => reserveRandom(connections));
    const cpu = cpuPerRequest(cpuBefore, reserve);
    const ratio = reserve.requestsPerSecond / lookup.requestsPerSecond;
    const isMet = ratio >= GOAL_RATIO && reserve.non2xx === 0 && reserve.errors === 0;
    isEveryGoalMet &&= isMet;
    console.log(
      `reserve_appointment on random slots, ${connections} connections: ${Math.round(reserve.requestsPerSecond)} req/s vs address list ${Math.round(lookup.requestsPerSecond)} req/s = ${(ratio * 100).toFixed(1)}% (goal ≥ ${GOAL_RATIO * 100}%: ${isMet ? 'met' : 'NOT met'}); p99 ${reserve.p99Ms} ms (address list ${lookup.p99Ms} ms); errors ${reserve.errors}, non-2xx ${reserve.non2xx}`,
    );
    if (cpu) console.log(`  CPU per booking: ${cpu}`);
    if (statements.length > 0) {
      console.log('  PostgreSQL per booking, by statement (a function includes its statements):');
      const bookings = reserve.requestsPerSecond * DURATION_SECONDS;
      for (const line of describePgStatements(statements, bookings)) console.log(line);
    }
  }
  const race = await hotSlotRace();
  const isRight = race.won === plan.hotSlotPlaces && race.other === 0;
  isEveryGoalMet &&= isRight;
  console.log(
    `hot slot: ${plan.customers.length} customers reserving a ${plan.hotSlotPlaces}-place slot at once: all answered in ${race.ms} ms; ${race.won} holds, ${race.refused} refusals (TIME_SLOT_NOT_FOUND), ${race.other} other (${isRight ? 'right' : 'WRONG'})`,
  );
} finally {
  child.kill('SIGTERM');
}
fs.rmSync(logDir, { recursive: true, force: true });
process.exit(isEveryGoalMet ? 0 : 1);
