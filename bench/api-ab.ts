import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, type LoadResult } from './lib/load';
import { median } from './lib/median';
import { deployedNodeFlags } from './lib/deployed-node-flags';
import { describeMachineGauge } from './lib/machine-gauge';

// `node --import tsx bench/api-ab.ts <checkout A> <checkout B> [--scenarios=list,check]`: whether a
// change to the API is worth it, measured as the machine allows (its speed swings 2× from day to day
// and other work shares its cores). Each checkout's own Konek runs in its own process
// (bench/api-ab-server.ts: its own embedded PostgreSQL and data directory, its own port, the Node flags
// of its own `npm start`, the default log level); each scenario is driven with autocannon at 10 and at
// 50 connections in 1-second turns that alternate A, B, A, B… (a warm-up turn each, then 7 each), and
// B/A is the median of the 7 turn pairs' throughput ratios. Scenarios: `shell` (the app shell for a
// route), `list` (an address list), `check` (the serviceability check, 100,000 NAPs), `account`
// (get_account, signed in: token, revocation and ownership reads, the account's own read). Every
// request carries a browser's Accept-Encoding. A tool for a decision, never part of `npm test`.

const CONNECTION_COUNTS = [10, 50];
const TURNS = 7;
const TURN_SECONDS = 1;

const args = process.argv.slice(2);
const checkouts = args.filter((arg) => !arg.startsWith('--')).map((arg) => path.resolve(arg));
const only = args
  .find((arg) => arg.startsWith('--scenarios='))
  ?.slice('--scenarios='.length)
  .split(',');
if (checkouts.length !== 2) {
  console.error(
    'usage: node --import tsx bench/api-ab.ts <checkout A> <checkout B> [--scenarios=shell,list,check,account]',
  );
  process.exit(2);
}

type Scenario = {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  headers: Record<string, string>;
};
type Side = {
  label: 'A' | 'B';
  child: ChildProcess;
  scenarios: Scenario[];
  logFile: string;
};

const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'konek-api-ab-'));

async function startSide(label: 'A' | 'B', checkout: string): Promise<Side> {
  const logFile = path.join(logDir, `${label}.log`);
  const flags = deployedNodeFlags(checkout);
  const child = spawn(
    process.execPath,
    [...flags, '--import', 'tsx', path.join(import.meta.dirname, 'api-ab-server.ts'), checkout],
    { cwd: checkout, stdio: ['ignore', fs.openSync(logFile, 'w'), 'inherit', 'ipc'] },
  );
  const scenarios = await new Promise<Scenario[]>((resolve, reject) => {
    child.once('message', (message: Scenario[]) => resolve(message));
    child.once('exit', (code) => reject(new Error(`${label}'s server exited with ${code}`)));
  });
  console.log(`${label}: ${checkout} (Node flags: ${flags.join(' ') || 'none'})`);
  return { label, child, scenarios, logFile };
}

function cpuMicros(side: Side): Promise<number> {
  return new Promise((resolve) => {
    side.child.once('message', (message: { cpuMicros: number }) => resolve(message.cpuMicros));
    side.child.send('cpu');
  });
}

type Turns = { rates: number[]; requests: number; cpuMicros: number; bad: number };

async function turn(side: Side, scenario: Scenario, connections: number, into: Turns) {
  const before = await cpuMicros(side);
  const result: LoadResult = await load(scenario.url, {
    method: scenario.method,
    headers: scenario.headers,
    connections,
    durationSeconds: TURN_SECONDS,
    ...(scenario.body ? { body: scenario.body } : {}),
  });
  into.cpuMicros += (await cpuMicros(side)) - before;
  into.requests += result.requests;
  into.rates.push(result.requests / result.seconds);
  into.bad += result.errors + result.non2xx;
}

const sides: Side[] = [];
try {
  for (const [index, checkout] of checkouts.entries())
    sides.push(await startSide(index === 0 ? 'A' : 'B', checkout));
  const [a, b] = sides as [Side, Side];
  console.log(
    `${TURNS} alternating turns of ${TURN_SECONDS} s each (A, B, A, B…); load average ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}; this machine: ${describeMachineGauge()}`,
  );
  for (const scenarioA of a.scenarios) {
    if (only && !only.includes(scenarioA.name)) continue;
    const scenarioB = b.scenarios.find((scenario) => scenario.name === scenarioA.name)!;
    for (const connections of CONNECTION_COUNTS) {
      const empty = (): Turns => ({ rates: [], requests: 0, cpuMicros: 0, bad: 0 });
      await turn(a, scenarioA, connections, empty());
      await turn(b, scenarioB, connections, empty());
      const turnsA = empty();
      const turnsB = empty();
      for (let index = 0; index < TURNS; index += 1) {
        await turn(a, scenarioA, connections, turnsA);
        await turn(b, scenarioB, connections, turnsB);
      }
      const ratios = turnsB.rates.map((rate, index) => rate / turnsA.rates[index]!);
      const cpu = (turns: Turns) => Math.round(turns.cpuMicros / Math.max(turns.requests, 1));
      const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
      console.log(
        `${scenarioA.name}, ${connections} connections: A ${Math.round(median(turnsA.rates))} req/s, B ${Math.round(median(turnsB.rates))} req/s; B/A ${percent(median(ratios))} (pairs ${percent(Math.min(...ratios))}–${percent(Math.max(...ratios))}); CPU A ${cpu(turnsA)} µs/request, B ${cpu(turnsB)} µs/request; errors and non-2xx A ${turnsA.bad}, B ${turnsB.bad}`,
      );
    }
  }
} finally {
  for (const side of sides) side.child.kill('SIGTERM');
  await Promise.all(
    sides.map(
      (side) =>
        new Promise<void>((resolve) =>
          side.child.exitCode === null ? side.child.once('exit', () => resolve()) : resolve(),
        ),
    ),
  );
  for (const side of sides)
    console.log(`${side.label}'s log: ${fs.statSync(side.logFile).size} bytes`);
  fs.rmSync(logDir, { recursive: true, force: true });
}
