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
import { describeMachineGauge } from './lib/machine-gauge';
import { median } from './lib/median';
import { deployedNodeFlags, describeDeployedNodeFlags } from './lib/deployed-node-flags';

// The booking benchmark (part of `npm run bench`; ADR 035). Konek runs in a child process (see
// appointments-server.ts); this process drives it:
// 1. reserve_appointment by random customers on random slots (each call replaces that customer's hold:
//    a place taken, another given back, in one transaction), at 10 and 50 connections, as a ratio of the
//    address-list lookup measured against the same server in the same run — goal ≥ 25%. As in
//    bench/run.ts, in 1-second turns alternating between the two, the ratio being the median of the turn
//    pairs' ratios: a machine whose speed drifts by a quarter from one minute to the next (as this one
//    does) then moves both sides of a pair alike;
// 2. the hot-slot race: 1,000 customers reserve the same 50-place slot at once; the time until every one
//    has its answer, and exactly 50 holds.
// With BENCH_PG_STATEMENTS=1 each booking run is followed by where PostgreSQL's time per booking went,
// statement by statement (bench/lib/pg-statements.ts).

const CONNECTION_COUNTS = [10, 50];
const TURNS = 7;
const TURN_SECONDS = 1;
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
    ...deployedNodeFlags(),
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

type Measured = {
  requestsPerSecond: number;
  /** Requests answered, and the seconds the run took: for sums over several turns. */
  requests: number;
  seconds: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
};

async function addressList(connections: number): Promise<Measured> {
  const result = await autocannon({
    url: `${plan.baseUrl}${getAddressesPath('konek')}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: plan.addressListBody,
    connections,
    duration: TURN_SECONDS,
  });
  return measured(result);
}

async function reserveRandom(connections: number): Promise<Measured> {
  const result = await autocannon({
    url: `${plan.baseUrl}${RESERVE_APPOINTMENT_PATH}`,
    connections,
    duration: TURN_SECONDS,
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
    requests: result.requests.total,
    seconds: result.duration,
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

async function pgStatementsOf<T>(run: () => Promise<T>): Promise<[T, PgStatement[]]> {
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

type CpuSpent = { server: number; postgres: number; driver: number };

/** CPU time spent since `before` by Konek, its PostgreSQL and this driver, in ms; null without /proc. */
function cpuSince(before: CpuSnapshot): CpuSpent | null {
  const after = cpuNow();
  if (before.server === null || after.server === null) return null;
  if (before.postgres === null || after.postgres === null) return null;
  const driver = process.cpuUsage(before.driver);
  return {
    server: after.server - before.server,
    postgres: after.postgres - before.postgres,
    driver: (driver.user + driver.system) / 1000,
  };
}

/** Where a request's time went, in µs of CPU per request. */
function cpuPerRequest(spent: CpuSpent, requests: number): string {
  const perRequest = (ms: number) => `${Math.round((ms * 1000) / requests)} µs`;
  return [
    `Konek ${perRequest(spent.server)}`,
    `PostgreSQL ${perRequest(spent.postgres)}`,
    `the driver ${perRequest(spent.driver)}`,
  ].join(', ');
}

/**
 * The most bookings a second this machine could answer at this CPU per booking, with every core busy
 * with nothing else: its cores' time divided by what one booking costs Konek, its PostgreSQL and the
 * driver together. Against the address list's rate in the same turns, it says whether the goal needs
 * less CPU per booking or only more of the machine's time put to use.
 */
function ceilingOf(spent: CpuSpent, booked: number, lookupsPerSecond: number): string {
  const cores = os.availableParallelism();
  const microsPerBooking = ((spent.server + spent.postgres + spent.driver) * 1000) / booked;
  const ceiling = (cores * 1_000_000) / microsPerBooking;
  return `at most ${Math.round(ceiling)} bookings a second on ${cores} cores at ${Math.round(microsPerBooking)} µs of CPU each: ${percent(ceiling / lookupsPerSecond)} of the address list's rate`;
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

const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

/** The turns of one connection count: each address-list turn, then a booking turn against it. */
async function alternatingTurns(connections: number) {
  const lookups: Measured[] = [];
  const bookings: Measured[] = [];
  const spent: CpuSpent = { server: 0, postgres: 0, driver: 0 };
  for (let index = 0; index < TURNS; index += 1) {
    lookups.push(await addressList(connections));
    const before = cpuNow();
    bookings.push(await reserveRandom(connections));
    const cpu = cpuSince(before);
    spent.server += cpu?.server ?? Number.NaN;
    spent.postgres += cpu?.postgres ?? Number.NaN;
    spent.driver += cpu?.driver ?? Number.NaN;
  }
  return { lookups, bookings, spent };
}

console.log(
  `Booking: reserve_appointment ≥ ${GOAL_RATIO * 100}% of the address list, ${TURNS} alternating turns of ${TURN_SECONDS} s each; this machine: ${describeMachineGauge()}; ${describeDeployedNodeFlags()}`,
);
let isEveryGoalMet = true;
try {
  for (const connections of CONNECTION_COUNTS) {
    // A warm-up turn each, then the alternating turns.
    await addressList(connections);
    await reserveRandom(connections);
    const [{ lookups, bookings, spent }, statements] = await pgStatementsOf(() =>
      alternatingTurns(connections),
    );
    const ratios = bookings.map(
      (booking, index) => booking.requestsPerSecond / lookups[index]!.requestsPerSecond,
    );
    const ratio = median(ratios);
    const sum = (runs: Measured[], key: 'requests' | 'seconds' | 'errors' | 'non2xx') =>
      runs.reduce((total, run) => total + run[key], 0);
    const booked = sum(bookings, 'requests');
    const perSecond = (runs: Measured[]) =>
      Math.round(sum(runs, 'requests') / sum(runs, 'seconds'));
    const bad = sum(bookings, 'errors') + sum(bookings, 'non2xx');
    const isMet = ratio >= GOAL_RATIO && bad === 0;
    isEveryGoalMet &&= isMet;
    console.log(
      `reserve_appointment on random slots, ${connections} connections: ${perSecond(bookings)} req/s vs address list ${perSecond(lookups)} req/s, median turn ratio ${percent(ratio)} (turns ${percent(Math.min(...ratios))}–${percent(Math.max(...ratios))}; goal ≥ ${GOAL_RATIO * 100}%: ${isMet ? 'met' : 'NOT met'}); p99 ${median(bookings.map((run) => run.p99Ms))} ms (address list ${median(lookups.map((run) => run.p99Ms))} ms); errors and non-2xx ${bad}`,
    );
    if (!Number.isNaN(spent.server)) {
      console.log(`  CPU per booking: ${cpuPerRequest(spent, booked)}`);
      console.log(`  ${ceilingOf(spent, booked, perSecond(lookups))}`);
    }
    if (statements.length > 0) {
      console.log('  PostgreSQL per booking, by statement (a function includes its statements):');
      for (const line of describePgStatements(statements, booked)) console.log(line);
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
