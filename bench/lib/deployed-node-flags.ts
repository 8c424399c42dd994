import fs from 'node:fs';
import path from 'node:path';

// The benchmarks run Konek's server as `npm start` runs it, with the same Node flags (none today: ADR 070's
// was measured and removed). They are read from the start script itself, so there is one place that
// sets them.

const START_COMMAND =
  /\bexec node ((?:--[\w-]+(?:=\S+)? )*)--import tsx apps\/api\/src\/server\.ts\b/;

/**
 * The flags `npm start` gives Node before `--import tsx apps/api/src/server.ts`, in this checkout or in
 * the one at `root` (bench/api-ab.ts runs another checkout's server as that checkout deploys it).
 */
export function deployedNodeFlags(root = path.join(import.meta.dirname, '../..')): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const start = manifest.scripts?.['start'] ?? '';
  const match = START_COMMAND.exec(start);
  if (!match) {
    throw new Error(
      `bench: npm start's script no longer reads "exec node … --import tsx …": ${start}`,
    );
  }
  return match[1]!.split(' ').filter(Boolean);
}

/** For the benchmarks' first line: how Konek's process was started. */
export function describeDeployedNodeFlags(): string {
  const flags = deployedNodeFlags();
  return `Konek's Node flags as npm start gives them: ${flags.length > 0 ? flags.join(' ') : 'none'}`;
}
