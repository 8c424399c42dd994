import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    skipReason: string;
    /** The server's data directory: `npm run ops` reads its secrets there (ADR 046). */
    dataDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(
  baseUrl: string,
  server: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const reply = await fetch(`${baseUrl}/api/health`);
      if (reply.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not become healthy in time');
}

/**
 * Starts the real server (`apps/api/src/server.ts`, built web app, embedded PostgreSQL) on a free port
 * with a temporary data directory. Without Chromium the browser tests are skipped — and under CI that is
 * a failure.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    const reason = `Browser tests skipped: Chromium is not installed at ${CHROMIUM_PATH} (apt-get install chromium).`;
    if (process.env['CI'] === 'true') throw new Error(`${reason} Under CI this is a failure.`);
    console.warn(`\n${reason}\n`);
    project.provide('skipReason', reason);
    project.provide('baseUrl', '');
    project.provide('databaseUrl', '');
    project.provide('dataDir', '');
    return async () => undefined;
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'konek-e2e-'));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    // No map tiles: the machine has no network, and the map must work without them.
    MAP_TILE_URL: '',
    // Every browser of the run signs in from 127.0.0.1; the API tests prove the per-IP limits.
    RATE_LIMIT_LOGIN_PER_MINUTE: '60',
    // Journeys registered through the API ask for codes and check emails faster than a person would.
    RATE_LIMIT_SMS_PER_MINUTE: '600',
    RATE_LIMIT_EMAIL_VALIDATION_PER_MINUTE: '600',
    // The same for the SMS and notify-me budgets (ADR 022): every account of the run is made from here.
    SMS_PER_ADDRESS_PER_HOUR: '100000',
    SMS_PER_ADDRESS_PER_DAY: '100000',
    SMS_PER_NUMBER_PER_DAY: '100000',
    NOTIFY_PER_ADDRESS_PER_HOUR: '100000',
    NOTIFY_PER_EMAIL_PER_DAY: '100000',
    // And the help page's contact form (ADR 079).
    RATE_LIMIT_SUPPORT_PER_MINUTE: '600',
    SUPPORT_PER_ADDRESS_PER_HOUR: '100000',
    SUPPORT_PER_NUMBER_PER_DAY: '100000',
    // And the analytics, error-report and email-lookup budgets per address (ADR 097).
    EVENTS_PER_ADDRESS_PER_MINUTE: '100000',
    EVENTS_PER_ADDRESS_PER_HOUR: '1000000',
    CLIENT_ERRORS_PER_ADDRESS_PER_MINUTE: '100000',
    CLIENT_ERRORS_PER_ADDRESS_PER_HOUR: '1000000',
    EMAIL_LOOKUPS_PER_ADDRESS_PER_HOUR: '100000',
    // The privacy notice names the data protection officer from configuration (ADR 028).
    DPO_NAME: 'Maria Santos',
    DPO_EMAIL: 'dpo@konek.example',
  };
  delete environment['DATABASE_URL'];
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: environment,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server, 180_000);

  // The tests read what reached the database straight from the embedded server.
  const lock = fs
    .readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
    .split('\n');
  const password = fs
    .readFileSync(path.join(dataDir, 'secrets', 'postgres-password'), 'utf8')
    .trim();
  project.provide('baseUrl', baseUrl);
  project.provide(
    'databaseUrl',
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${lock[3]}/konek`,
  );
  project.provide('skipReason', '');
  project.provide('dataDir', dataDir);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => {
      if (server.exitCode !== null) resolve(undefined);
      else server.once('exit', resolve);
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
