import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { getAddressesPath } from '@konek/contract/get-addresses';
import { RESERVE_APPOINTMENT_PATH } from '@konek/contract/appointments';
import type { BookingPlan } from './lib/booking-plan';
import { describeMachineGauge } from './lib/machine-gauge';
import { median } from './lib/median';
import { deployedNodeFlags } from './lib/deployed-node-flags';

// `node --import tsx bench/booking-ab.ts <checkout A> <checkout B> [turns]`: the booking benchmark
// (bench/appointments.ts) for two checkouts of Konek at once, for a decision between them (ADR 085). Each
// checkout's own bench/appointments-server.ts runs as its own process with its own embedded PostgreSQL;
// this process drives them in turns — A's address list then A's bookings, B's then B's, the order swapped
// every turn (ABBA) — so that a machine whose speed drifts from one minute to the next moves both alike.
// A side's figure is the median of its turns' ratios (bookings a second / address lists a second in the
// same turn), as in the benchmark; the gain is A's over B's. Then each server's hot-slot race (1,000
// customers, one 50-place slot). Never part of `npm test` or `npm run bench`.

const [dirA, dirB, turnsText = '9'] = process.argv.slice(2);
if (!dirA || !dirB) {
  console.error('usage: node --import tsx bench/booking-ab.ts <checkout A> <checkout B> [turns]');
  process.exit(2);
}
const TURNS = Number(turnsText);
const TURN_SECONDS = 1;
const CONNECTION_COUNTS = [10, 50];

type Side = {
  name: 'A' | 'B';
  dir: string;
  child: ChildProcess;
  plan: BookingPlan;
  logDir: string;
};

async function startSide(name: 'A' | 'B', dir: string): Promise<Side> {
  const checkout = path.resolve(dir);
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), `konek-booking-ab-${name}-`));
  const child = spawn(
    process.execPath,
    [
      ...deployedNodeFlags(),
      '--import',
      'tsx',
      path.join(checkout, 'bench', 'appointments-server.ts'),
    ],
    {
      cwd: checkout,
      stdio: ['ignore', fs.openSync(path.join(logDir, 'konek.log'), 'w'), 'inherit', 'ipc'],
    },
  );
  const plan = await new Promise<BookingPlan>((resolve, reject) => {
    child.once('message', (message: BookingPlan) => resolve(message));
    child.once('exit', (code) => reject(new Error(`${name}'s booking server exited with ${code}`)));
  });
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(plan.baseUrl)) throw new Error('loopback only');
  return { name, dir: checkout, child, plan, logDir };
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

type Turn = { perSecond: number; bad: number };

async function addressList(side: Side, connections: number): Promise<Turn> {
  const result = await autocannon({
    url: `${side.plan.baseUrl}${getAddressesPath('konek')}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: side.plan.addressListBody,
    connections,
    duration: TURN_SECONDS,
  });
  return { perSecond: result.requests.average, bad: result.errors + result.non2xx };
}

async function reserveRandom(side: Side, connections: number): Promise<Turn> {
  const { plan } = side;
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
  return { perSecond: result.requests.average, bad: result.errors + result.non2xx };
}

async function hotSlotRace(side: Side) {
  const { plan } = side;
  const startedAt = performance.now();
  const statuses = await Promise.all(
    plan.customers.map(async (customer) => {
      const reply = await fetch(`${plan.baseUrl}${RESERVE_APPOINTMENT_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}` },
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

// One after the other: two first starts at once would make each other's seed slower, nothing more.
const sides: [Side, Side] = [await startSide('A', dirA), await startSide('B', dirB)];
console.log(
  `Booking A/B: A = ${sides[0].dir}, B = ${sides[1].dir}; ${TURNS} turns of ${TURN_SECONDS} s per side and connection count, ABBA; this machine: ${describeMachineGauge()}`,
);
try {
  for (const connections of CONNECTION_COUNTS) {
    for (const side of sides) {
      await addressList(side, connections);
      await reserveRandom(side, connections);
    }
    const ratios = { A: [] as number[], B: [] as number[] };
    const rates = { A: [] as number[], B: [] as number[] };
    let bad = 0;
    for (let turn = 0; turn < TURNS; turn += 1) {
      const order = turn % 2 === 0 ? sides : ([sides[1], sides[0]] as const);
      for (const side of order) {
        const lookup = await addressList(side, connections);
        const booking = await reserveRandom(side, connections);
        bad += booking.bad;
        ratios[side.name].push(booking.perSecond / lookup.perSecond);
        rates[side.name].push(booking.perSecond);
      }
    }
    const gains = ratios.A.map((ratio, index) => ratio / ratios.B[index]!);
    console.log(
      `${connections} connections: A ${percent(median(ratios.A))} of the address list (${Math.round(median(rates.A))} bookings/s), B ${percent(median(ratios.B))} (${Math.round(median(rates.B))} bookings/s); A/B ${percent(median(ratios.A) / median(ratios.B))}, median of the turns' A/B ${percent(median(gains))} (turns ${percent(Math.min(...gains))}–${percent(Math.max(...gains))}); errors and non-2xx ${bad}`,
    );
  }
  for (const side of sides) {
    const race = await hotSlotRace(side);
    console.log(
      `${side.name} hot slot: ${side.plan.customers.length} customers for ${side.plan.hotSlotPlaces} places at once: ${race.ms} ms, ${race.won} holds, ${race.refused} refusals, ${race.other} other (${race.won === side.plan.hotSlotPlaces && race.other === 0 ? 'right' : 'WRONG'})`,
    );
  }
} finally {
  for (const side of sides) {
    side.child.kill('SIGTERM');
    fs.rmSync(side.logDir, { recursive: true, force: true });
  }
}
