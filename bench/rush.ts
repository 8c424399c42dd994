import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADD_ADDRESS_PATH } from '@konek/contract/address-book';
import {
  GET_AVAILABLE_TIME_SLOTS_PATH,
  RESERVE_APPOINTMENT_PATH,
} from '@konek/contract/appointments';
import { DEFAULT_APPLICATION_ID, DEFAULT_OSS_SEGMENT, LOGIN_TYPE } from '@konek/contract/constants';
import { createOtpPath } from '@konek/contract/create-otp';
import { FETCH_PAYMENT_SESSION_DATA_PATH } from '@konek/contract/fetch-payment-session-data';
import { LOGIN_PATH } from '@konek/contract/login';
import { CREATE_ORDER_PATH } from '@konek/contract/orders';
import { hashPin } from '@konek/contract/pin-hash';
import { RESERVE_RESOURCE_PATH } from '@konek/contract/resource';
import { SANDBOX_OUTBOX_PATH } from '@konek/contract/sandbox-outbox';
import { verifyOtpPath } from '@konek/contract/verify-otp';
import { PIN_SCRYPT_PARAMETERS } from '../apps/api/src/modules/identity/pin-secret';
import { describeMachineGauge } from './lib/machine-gauge';
import { descendantsCpuMs } from './lib/process-cpu';
import type { RushPlan } from './lib/rush-plan';
import { deployedNodeFlags, describeDeployedNodeFlags } from './lib/deployed-node-flags';

// The launch-day rush (`npm run bench:rush`, also run by `npm run bench`; ADR 040): N complete
// journeys through the API at once, as customers' browsers make them — a sign-up code read from the SMS
// outbox, the number verified, the account registered (one scrypt PIN hash on the server, ADR 006,
// unchanged), the address saved and the network reserved, a slot read and held, the order created, and
// the wallet's authorization on the sandbox checkout, which posts the signed paid webhook — then the
// payloading screen's read until it says paid. Reports journeys per minute, errors, and where the time
// goes: each step's latency, and the server's scrypt work against the machine's cores.
//
// RUSH_JOURNEYS (default 500) and RUSH_CONCURRENCY (default 50). The goal is 10,000 journeys in 15
// minutes on this 2-core machine; a run of N extrapolates linearly (N = 10,000 takes the full time).

const JOURNEYS = Number(process.env['RUSH_JOURNEYS'] ?? 500);
const CONCURRENCY = Number(process.env['RUSH_CONCURRENCY'] ?? 50);
const GOAL_JOURNEYS = 10_000;
const GOAL_MINUTES = 15;
const PIN = '482916';

const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'konek-bench-rush-log-'));
const logFile = path.join(logDir, 'konek.log');
const child = spawn(
  process.execPath,
  [
    // RUSH_CPU_PROFILE=<dir>: the server's CPU profile (.cpuprofile) is written there when it stops.
    ...(process.env['RUSH_CPU_PROFILE']
      ? ['--cpu-prof', '--cpu-prof-dir', process.env['RUSH_CPU_PROFILE']]
      : []),
    ...deployedNodeFlags(),
    '--import',
    'tsx',
    path.join(import.meta.dirname, 'rush-server.ts'),
  ],
  { stdio: ['ignore', fs.openSync(logFile, 'w'), 'inherit', 'ipc'] },
);
const plan = await new Promise<RushPlan>((resolve, reject) => {
  child.once('message', (message: RushPlan) => resolve(message));
  child.once('exit', (code) => reject(new Error(`the rush server exited with ${code}`)));
});
if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(plan.baseUrl)) throw new Error('loopback only');

const STEPS = [
  'create_otp',
  'read_outbox',
  'verify_otp',
  'register',
  'add_address',
  'reserve_resource',
  'get_slots',
  'reserve_appointment',
  'create_order',
  'pay_at_wallet',
  'payloading',
] as const;
type Step = (typeof STEPS)[number];

const timings = new Map<Step, number[]>(STEPS.map((step) => [step, []]));
const errors = new Map<string, number>();

class StepError extends Error {
  constructor(
    readonly step: Step,
    readonly status: number,
  ) {
    super(`${step} answered ${status}`);
  }
}

async function timed<T>(step: Step, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await run();
  } finally {
    timings.get(step)!.push(performance.now() - started);
  }
}

async function post(step: Step, url: string, body: object, token?: string) {
  return timed(step, async () => {
    const reply = await fetch(`${plan.baseUrl}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const json = (await reply.json()) as Record<string, unknown>;
    if (reply.status !== 200) throw new StepError(step, reply.status);
    return json;
  });
}

// Distinct numbers for every journey of the run (random ones collided: 10,000 draws from 10⁹ share a
// number about one run in twenty, and the second registration is rightly refused).
const firstNumber = crypto.randomInt(0, 1e9);
let journeysStarted = 0;
const nextMsisdn = () => `639${String((firstNumber + journeysStarted++) % 1e9).padStart(9, '0')}`;

async function journey(): Promise<void> {
  const msisdn = nextMsisdn();
  const created = await post('create_otp', createOtpPath(DEFAULT_OSS_SEGMENT), { msisdn });
  const code = await timed('read_outbox', async () => {
    const reply = await fetch(`${plan.baseUrl}${SANDBOX_OUTBOX_PATH}?msisdn=${msisdn}`, {
      headers: { accept: 'application/json' },
    });
    if (reply.status !== 200) throw new StepError('read_outbox', reply.status);
    const { messages } = (await reply.json()) as { messages: { body: string }[] };
    const found = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
    if (!found) throw new StepError('read_outbox', 0);
    return found;
  });
  await post('verify_otp', verifyOtpPath(DEFAULT_OSS_SEGMENT), {
    msisdn,
    code,
    reference_id: created['reference_id'],
  });
  const registered = await post('register', LOGIN_PATH, {
    application_id: DEFAULT_APPLICATION_ID,
    login_id: msisdn,
    login_type: LOGIN_TYPE,
    login_secret: await hashPin(msisdn, PIN),
    user_properties: { first_name: 'Maria', last_name: 'Santos' },
  });
  const token = registered['api_token'] as string;
  const target = { target_id: registered['account_id'] as string, target_type: 2 };
  await post('add_address', ADD_ADDRESS_PATH, { parts: plan.parts, type: 4, ...target }, token);
  const reserved = await post(
    'reserve_resource',
    RESERVE_RESOURCE_PATH,
    { address: plan.parts, customer: { first_name: 'Maria', last_name: 'Santos' }, ...target },
    token,
  );
  const resource = reserved['resource'] as {
    external_order_id: string;
    external_order_action_id: string;
  };
  const listed = (await post('get_slots', GET_AVAILABLE_TIME_SLOTS_PATH, target, token))[
    'time_slots'
  ] as Record<string, { start_time: string; end_time: string }>;
  const slots = Object.entries(listed);
  const [slotId, times] = slots[crypto.randomInt(0, slots.length)]!;
  const booked = await post(
    'reserve_appointment',
    RESERVE_APPOINTMENT_PATH,
    { ...target, time_slot: { id: slotId, ...times } },
    token,
  );
  const appointment = booked['appointment'] as { appointment_id: string };
  const order = await post(
    'create_order',
    CREATE_ORDER_PATH,
    {
      ...target,
      unified_fiber_creation: true,
      external_order_id: resource.external_order_id,
      external_order_action_id: resource.external_order_action_id,
      appointment_id: appointment.appointment_id,
      entity_ids: [{ id: 'konek-prepaid-50', type: 'offer', quantity: 1 }],
      payment_method: 1,
    },
    token,
  );
  // The wallet's page: authorize → the gateway posts the signed paid webhook, then redirects back.
  await timed('pay_at_wallet', async () => {
    const reply = await fetch(`${plan.baseUrl}${order['checkout_url'] as string}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=authorize',
      redirect: 'manual',
    });
    await reply.arrayBuffer();
    if (reply.status !== 303) throw new StepError('pay_at_wallet', reply.status);
  });
  const session = (
    await post(
      'payloading',
      FETCH_PAYMENT_SESSION_DATA_PATH,
      { payment_session_id: order['payment_session_id'], application_id: DEFAULT_APPLICATION_ID },
      token,
    )
  )['payment_session'] as { status: string };
  if (session.status !== 'paid') throw new StepError('payloading', 0);
}

/**
 * One PIN hash with the production parameters (ADR 006): the CPU time it costs (scrypt runs on libuv's
 * pool, whose threads count in this process's CPU time), not the wall time, which a busy machine inflates.
 */
async function scryptMilliseconds(): Promise<number> {
  const samples = 10;
  const before = process.cpuUsage();
  for (let index = 0; index < samples; index += 1) {
    await new Promise<void>((resolve, reject) =>
      crypto.scrypt(
        crypto.randomBytes(32),
        crypto.randomBytes(16),
        32,
        {
          ...PIN_SCRYPT_PARAMETERS,
          maxmem: 2 * 128 * PIN_SCRYPT_PARAMETERS.N * PIN_SCRYPT_PARAMETERS.r,
        },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
  }
  return cpuMs(process.cpuUsage(before)) / samples;
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

/** The server process's CPU time so far (all its threads), in milliseconds. */
function serverCpuMs(): Promise<number> {
  return new Promise((resolve) => {
    const listener = (message: { cpu?: NodeJS.CpuUsage }) => {
      if (!message.cpu) return;
      child.off('message', listener);
      resolve((message.cpu.user + message.cpu.system) / 1000);
    };
    child.on('message', listener);
    child.send('cpu');
  });
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

let exitCode = 0;
try {
  const scryptMs = await scryptMilliseconds();
  let next = 0;
  let done = 0;
  const serverCpuBefore = await serverCpuMs();
  const postgresCpuBefore = descendantsCpuMs(child.pid!);
  const driverCpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, JOURNEYS) }, async () => {
      while (next < JOURNEYS) {
        next += 1;
        try {
          await journey();
          done += 1;
        } catch (error) {
          const key =
            error instanceof StepError
              ? `${error.step} ${error.status}`
              : String(error).slice(0, 80);
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  const wallSeconds = (performance.now() - started) / 1000;
  const serverCpuPerJourney = ((await serverCpuMs()) - serverCpuBefore) / JOURNEYS;
  const driverCpuPerJourney = cpuMs(process.cpuUsage(driverCpuBefore)) / JOURNEYS;
  const postgresCpuAfter = descendantsCpuMs(child.pid!);
  const postgresCpuPerJourney =
    postgresCpuBefore === null || postgresCpuAfter === null
      ? null
      : (postgresCpuAfter - postgresCpuBefore) / JOURNEYS;
  const perMinute = (done / wallSeconds) * 60;
  const goalMinutes = GOAL_JOURNEYS / perMinute;
  const cores = os.availableParallelism();
  const scryptShare = (JOURNEYS * scryptMs) / 1000 / (wallSeconds * cores);
  const errorCount = [...errors.values()].reduce((sum, count) => sum + count, 0);

  console.log(
    `\nRush: ${JOURNEYS} journeys, ${CONCURRENCY} at once, on ${cores} cores (${describeMachineGauge()}; ${describeDeployedNodeFlags()})`,
  );
  console.log(`  completed ${done}, errors ${errorCount} in ${wallSeconds.toFixed(1)} s`);
  for (const [key, count] of errors) console.log(`    ${count} × ${key}`);
  console.log(`  ${perMinute.toFixed(0)} journeys per minute`);
  console.log(
    `  10,000 journeys would take ${goalMinutes.toFixed(1)} min at this rate ` +
      `(extrapolated from ${JOURNEYS}; goal ≤ ${GOAL_MINUTES} min): ` +
      (goalMinutes <= GOAL_MINUTES ? 'met' : 'NOT met'),
  );
  console.log(
    `  scrypt (N=${PIN_SCRYPT_PARAMETERS.N}, r=${PIN_SCRYPT_PARAMETERS.r}): ${scryptMs.toFixed(0)} ms ` +
      `of one core per journey; ${(scryptShare * 100).toFixed(0)}% of the machine's core time in this run; ` +
      `alone it would cap the rush at ${((cores * 60_000) / scryptMs).toFixed(0)} journeys/min`,
  );
  const machineMsPerJourney = (wallSeconds * 1000 * cores) / JOURNEYS;
  console.log(
    `  core time per journey: ${machineMsPerJourney.toFixed(0)} ms of the machine — Konek's process ` +
      `${serverCpuPerJourney.toFixed(0)} ms (scrypt ≈ ${scryptMs.toFixed(0)}, the rest ` +
      `${Math.max(0, serverCpuPerJourney - scryptMs).toFixed(0)}), this driver ${driverCpuPerJourney.toFixed(0)} ms, ` +
      `PostgreSQL ${postgresCpuPerJourney === null ? 'unknown' : `${postgresCpuPerJourney.toFixed(0)} ms`}, ` +
      `other work on the machine ${Math.max(
        0,
        machineMsPerJourney -
          serverCpuPerJourney -
          driverCpuPerJourney -
          (postgresCpuPerJourney ?? 0),
      ).toFixed(0)} ms; ` +
      `10,000 in ${GOAL_MINUTES} min leaves ${((GOAL_MINUTES * 60_000 * cores) / GOAL_JOURNEYS).toFixed(0)} ms`,
  );
  console.log(`  load average at the end: ${os.loadavg()[0]!.toFixed(1)}`);
  console.log('  step latency (ms): mean / p95');
  const totalMean = STEPS.reduce((sum, step) => {
    const values = timings.get(step)!;
    return sum + values.reduce((total, value) => total + value, 0) / Math.max(values.length, 1);
  }, 0);
  for (const step of STEPS) {
    const values = timings.get(step)!;
    const mean = values.reduce((total, value) => total + value, 0) / Math.max(values.length, 1);
    console.log(
      `    ${step.padEnd(20)} ${mean.toFixed(0).padStart(6)} / ${percentile(values, 0.95)
        .toFixed(0)
        .padStart(6)}   ${((mean / totalMean) * 100).toFixed(0).padStart(3)}% of a journey`,
    );
  }
  console.log(`  server log: ${logFile}`);
  // Any error, or a rate that would not finish 10,000 journeys in time, is a missed goal (exit 1).
  if (errorCount > 0 || goalMinutes > GOAL_MINUTES) exitCode = 1;
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}
process.exit(exitCode);
