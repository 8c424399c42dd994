import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, report } from './lib/load';
import type { Scenario } from './lib/scenarios';

// `npm run bench`: the servers (Konek and its bare node:http baselines, in one process) run in a child
// process; this process drives each scenario with autocannon at 10 and at 50 connections and prints
// Konek's throughput as a ratio of the baseline's, so a busy machine slows both alike. A missed goal
// makes the exit code 1.

const CONNECTION_COUNTS = [10, 50];

// Konek writes its log as deployed: the default level (a line per request) to its standard output,
// here a file in the temporary directory, removed at the end. The scenarios come over the IPC channel.
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'konek-bench-log-'));
const logFile = path.join(logDir, 'konek.log');
const child = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(import.meta.dirname, 'servers.ts')],
  { stdio: ['ignore', fs.openSync(logFile, 'w'), 'inherit', 'ipc'] },
);
const scenarios = await new Promise<Scenario[]>((resolve, reject) => {
  child.once('message', (message: Scenario[]) => resolve(message));
  child.once('exit', (code) => reject(new Error(`the bench servers exited with ${code}`)));
});

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
process.exit(isEveryGoalMet ? 0 : 1);

async function measure(scenario: Scenario, connections: number): Promise<boolean> {
  const options = {
    method: scenario.method,
    connections,
    ...(scenario.body
      ? { body: scenario.body, headers: { 'content-type': 'application/json' } }
      : {}),
  };
  // Warm both up, then measure the baseline and Konek back to back.
  await load(scenario.baselineUrl, { ...options, durationSeconds: 1 });
  await load(scenario.konekUrl, { ...options, durationSeconds: 1 });
  const baseline = await load(scenario.baselineUrl, options);
  const subject = await load(scenario.konekUrl, options);
  const name = `${scenario.name}, ${connections} connections`;
  let isMet = report(name, subject, baseline, scenario.goalRatio);
  // The latency goal is for a moderate load; at 50 connections the queue sets the p99.
  if (scenario.goalP99Ms !== undefined && connections === CONNECTION_COUNTS[0]) {
    const isFastEnough = subject.p99Ms <= scenario.goalP99Ms;
    console.log(
      `  p99 ${subject.p99Ms} ms (goal ≤ ${scenario.goalP99Ms} ms: ${isFastEnough ? 'met' : 'NOT met'})`,
    );
    isMet = isFastEnough && isMet;
  }
  return isMet;
}
