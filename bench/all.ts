import { spawnSync } from 'node:child_process';
import path from 'node:path';

// `npm run bench`: the API benchmarks one after the other — the request paths against their bare
// baselines (run.ts, with --check), the booking benchmark (appointments.ts), the launch-day rush
// (rush.ts) and the network planner's NAP file import (nap-import.ts, figures only). Each runs to its
// end whatever the one before it found, so a missed goal in one still shows the others' figures; then
// one line per benchmark, and exit code 1 when any of them missed a goal or failed.

const BENCHMARKS: { name: string; args: string[] }[] = [
  { name: 'request paths (bench/run.ts)', args: ['run.ts', '--check'] },
  { name: 'booking (bench/appointments.ts)', args: ['appointments.ts'] },
  { name: 'launch-day rush (bench/rush.ts)', args: ['rush.ts'] },
  { name: 'NAP file import (bench/nap-import.ts)', args: ['nap-import.ts'] },
];

const verdicts = BENCHMARKS.map(({ name, args }) => {
  const [script, ...rest] = args;
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, script!), ...rest],
    { stdio: 'inherit' },
  );
  const verdict =
    run.status === 0
      ? 'every goal met'
      : run.status === null
        ? `stopped (${run.signal ?? 'no exit code'})`
        : 'a goal missed or an error (exit code 1)';
  return { name, verdict, isMet: run.status === 0 };
});

console.log('\nnpm run bench:');
for (const { name, verdict } of verdicts) console.log(`  ${name}: ${verdict}`);
process.exit(verdicts.every((each) => each.isMet) ? 0 : 1);
