// `npm start` builds what is not built: the web app is rebuilt when apps/web/dist is missing or older
// than any source file it is made from. `--force` always rebuilds (the browser tests use it).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
// ADR 051: the operators' page is a second build beside the customer app's.
const distOps = path.join(root, 'apps/web/dist/ops.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/ops.html',
  'apps/web/vite.config.ts',
  'apps/web/vite.ops.config.ts',
  'apps/web/build-plugins',
  'apps/web/public',
  'packages/contract/src',
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const isForced = process.argv.includes('--force');
const builtAt =
  fs.existsSync(distIndex) && fs.existsSync(distOps) ? fs.statSync(distIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));

if (isForced || builtAt === 0 || sourcesAt > builtAt) {
  console.log('Building the web app…');
  for (const config of ['vite.config.ts', 'vite.ops.config.ts']) {
    const result = spawnSync('npx', ['vite', 'build', '--config', config, '--logLevel', 'warn'], {
      cwd: path.join(root, 'apps/web'),
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
