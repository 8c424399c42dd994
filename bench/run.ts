import { spawn } from 'node:child_process';
import path from 'node:path';
import { load, report } from './lib/load';
import type { Scenario } from './lib/scenarios';

// `npm run bench`: the servers (Konek and its bare node:http baselines, in one process) run in a child
// process; this process drives each scenario with autocannon and prints Konek's throughput as a ratio
// of the baseline's, so a busy machine slows both alike. A missed goal makes the exit code 1.

const child = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(import.meta.dirname, 'servers.ts')],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const scenarios = await new Promise<Scenario[]>((resolve, reject) => {
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const line = output.split('\n').find((candidate) => candidate.startsWith('SCENARIOS '));
    if (line) resolve(JSON.parse(line.slice('SCENARIOS '.length)));
  });
  child.once('exit', (code) => reject(new Error(`the bench servers exited with ${code}`)));
});

let isEveryGoalMet = true;
try {
  for (const scenario of scenarios) {
    const options = {
      method: scenario.method,
      ...(scenario.body
        ? { body: scenario.body, headers: { 'content-type': 'application/json' } }
        : {}),
    };
    // Warm both up, then measure the baseline and Konek back to back.
    await load(scenario.baselineUrl, { ...options, durationSeconds: 1 });
    await load(scenario.konekUrl, { ...options, durationSeconds: 1 });
    const baseline = await load(scenario.baselineUrl, options);
    const subject = await load(scenario.konekUrl, options);
    isEveryGoalMet = report(scenario.name, subject, baseline, scenario.goalRatio) && isEveryGoalMet;
    if (scenario.goalP99Ms !== undefined) {
      const isFastEnough = subject.p99Ms <= scenario.goalP99Ms;
      console.log(
        `  p99 ${subject.p99Ms} ms (goal ≤ ${scenario.goalP99Ms} ms: ${isFastEnough ? 'met' : 'NOT met'})`,
      );
      isEveryGoalMet = isFastEnough && isEveryGoalMet;
    }
  }
} finally {
  child.kill('SIGTERM');
}
process.exit(isEveryGoalMet ? 0 : 1);
