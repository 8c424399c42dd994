import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, type LoadOptions, type LoadResult } from './lib/load';
import type { Scenario } from './lib/scenarios';
import { describeMachineGauge } from './lib/machine-gauge';
import { median } from './lib/median';
import { deployedNodeFlags, describeDeployedNodeFlags } from './lib/deployed-node-flags';

// `npm run bench`: the servers (Konek and its bare node:http baselines, in one process) run in a child
// process; this process drives each scenario with autocannon at 10 and at 50 connections, in 1-second
// turns that alternate between the bare server and Konek, so noise from the rest of the machine hits
// both alike. It prints Konek's throughput as a ratio of the baseline's (the median of the turn pairs'
// ratios), and the server process's CPU time per request for each (asked of the child around every
// turn). `--check` (`npm run bench:check`) makes a missed goal exit 1; otherwise the lines are a report
// and the exit code is 0.

const CONNECTION_COUNTS = [10, 50];
const TURNS = 7;
const TURN_SECONDS = 1;
const isCheck = process.argv.includes('--check');

// Konek writes its log as deployed: the default level (a line per request) to its standard output,
// here a file in the temporary directory, removed at the end. The scenarios come over the IPC channel.
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'konek-bench-log-'));
const logFile = path.join(logDir, 'konek.log');
const child = spawn(
  process.execPath,
  [...deployedNodeFlags(), '--import', 'tsx', path.join(import.meta.dirname, 'servers.ts')],
  { stdio: ['ignore', fs.openSync(logFile, 'w'), 'inherit', 'ipc'] },
);
const scenarios = await new Promise<Scenario[]>((resolve, reject) => {
  child.once('message', (message: Scenario[]) => resolve(message));
  child.once('exit', (code) => reject(new Error(`the bench servers exited with ${code}`)));
});

/** The server process's CPU time (user + system) so far, in microseconds. */
function serverCpuMicros(): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (message: { cpuMicros: number }) => resolve(message.cpuMicros));
    child.send('cpu');
  });
}

type Side = {
  requests: number;
  seconds: number;
  cpuMicros: number;
  p99s: number[];
  /** Requests per second of each turn. */
  rates: number[];
  bad: number;
};

async function turn(url: string, options: LoadOptions, side: Side): Promise<void> {
  const cpuBefore = await serverCpuMicros();
  const result: LoadResult = await load(url, { ...options, durationSeconds: TURN_SECONDS });
  side.cpuMicros += (await serverCpuMicros()) - cpuBefore;
  side.requests += result.requests;
  side.seconds += result.seconds;
  side.p99s.push(result.p99Ms);
  side.rates.push(result.requests / result.seconds);
  side.bad += result.errors + result.non2xx;
}

async function measure(scenario: Scenario, connections: number): Promise<boolean> {
  const options: LoadOptions = {
    method: scenario.method,
    connections,
    ...(scenario.body
      ? { body: scenario.body, headers: { 'content-type': 'application/json' } }
      : {}),
  };
  const empty = (): Side => ({
    requests: 0,
    seconds: 0,
    cpuMicros: 0,
    p99s: [],
    rates: [],
    bad: 0,
  });
  // A warm-up turn each, then the alternating turns.
  await turn(scenario.baselineUrl, options, empty());
  await turn(scenario.konekUrl, options, empty());
  const bare = empty();
  const konek = empty();
  for (let index = 0; index < TURNS; index += 1) {
    await turn(scenario.baselineUrl, options, bare);
    await turn(scenario.konekUrl, options, konek);
  }
  const perSecond = (side: Side) => side.requests / side.seconds;
  const cpuPerRequest = (side: Side) => Math.round(side.cpuMicros / Math.max(side.requests, 1));
  // Each Konek turn against the bare turn just before it; the median of those ratios, so a burst of
  // other work during a few turns does not decide the result.
  const ratio = median(konek.rates.map((rate, index) => rate / bare.rates[index]!));
  const goal = scenario.goalRatio;
  let isMet = goal === undefined || ratio >= goal;
  const verdict =
    goal === undefined ? '' : ` (goal ≥ ${Math.round(goal * 100)}%: ${isMet ? 'met' : 'NOT met'})`;
  console.log(
    `${scenario.name}, ${connections} connections: ${Math.round(perSecond(konek))} req/s vs baseline ${Math.round(perSecond(bare))} req/s, median turn ratio ${(ratio * 100).toFixed(1)}%${verdict}; CPU ${cpuPerRequest(konek)} µs/request (baseline ${cpuPerRequest(bare)} µs); p99 ${median(konek.p99s)} ms (baseline ${median(bare.p99s)} ms); errors and non-2xx ${konek.bad}`,
  );
  // The latency goal is for a moderate load; at 50 connections the queue sets the p99.
  if (scenario.goalP99Ms !== undefined && connections === CONNECTION_COUNTS[0]) {
    const p99 = median(konek.p99s);
    const isFastEnough = p99 <= scenario.goalP99Ms;
    console.log(
      `  p99 ${p99} ms, median of the turns (goal ≤ ${scenario.goalP99Ms} ms: ${isFastEnough ? 'met' : 'NOT met'})`,
    );
    isMet = isFastEnough && isMet;
  }
  return isMet && konek.bad === 0;
}

console.log(
  `Goals at 10 and at 50 connections: ${scenarios
    .filter((scenario) => scenario.goalRatio !== undefined)
    .map((scenario) => `${scenario.name} ≥ ${Math.round(scenario.goalRatio! * 100)}%`)
    .join(
      ', ',
    )} of the bare server; ${TURNS} alternating turns of ${TURN_SECONDS} s each; load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}; this machine: ${describeMachineGauge()}; ${describeDeployedNodeFlags()}`,
);
let isEveryGoalMet = true;
try {
  for (const scenario of scenarios) {
    for (const connections of CONNECTION_COUNTS) {
      isEveryGoalMet = (await measure(scenario, connections)) && isEveryGoalMet;
    }
  }
} finally {
  child.kill('SIGTERM');
}
console.log(`Konek's log: ${fs.statSync(logFile).size} bytes`);
fs.rmSync(logDir, { recursive: true, force: true });
if (!isEveryGoalMet)
  console.log(isCheck ? 'A goal was NOT met.' : 'A goal was NOT met (exit 1 only with --check).');
process.exit(isEveryGoalMet || !isCheck ? 0 : 1);
