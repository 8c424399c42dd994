import { buildApp } from './app';
import { loadAppSecrets } from './platform/auth/data-secrets';
import { systemClock } from './platform/clock';
import { createPinHasher } from './modules/identity/service';
import { prepareDemoOperators } from './demo-operators';
import { loadConfig } from './platform/config';
import { openDatabase } from './platform/db/open-database';
import { loadSigningKeys } from './platform/auth/signing-keys';

// The one Node process: database (embedded or external), migrations, seed, then the HTTP server.
const startedAt = performance.now();
const log = (message: string) =>
  console.log(JSON.stringify({ level: 30, time: Date.now(), msg: message }));
const warn = (message: string) =>
  console.warn(JSON.stringify({ level: 40, time: Date.now(), msg: message }));

// A configuration that must not run (ADR 019: production with the outbox or the sandbox) stops the start
// with its one-line reason, not a stack trace.
function readConfig(): ReturnType<typeof loadConfig> {
  try {
    return loadConfig();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(JSON.stringify({ level: 60, time: Date.now(), msg: message }));
    console.error(`Konek did not start. ${message}`);
    process.exit(1);
  }
}
const config = readConfig();

const opened = await openDatabase(config, { info: log, warn });
const keys = await loadSigningKeys(config.dataDir, {
  privateKeyFile: config.jwtPrivateKeyFile,
  publicKeyFile: config.jwtPublicKeyFile,
});
// ADR 046, 089: the demo operators, made in development and disabled in production.
await prepareDemoOperators(
  config,
  {
    db: opened.database.db,
    clock: systemClock,
    passwords: () => createPinHasher(loadAppSecrets(config).pinPepper),
  },
  { info: log, warn },
);
const app = await buildApp({ config, database: opened.database, keys });

let isShuttingDown = false;
async function shutdown(signal: string): Promise<void> {
  if (isShuttingDown) return;
  isShuttingDown = true;
  app.log.info(`${signal} received, shutting down`);
  await app.close();
  await opened.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
  // Written at once, like the lines of the start before it: the request log is written in batches.
  log(
    `Konek is ready on http://localhost:${config.port} in ${Math.round(performance.now() - startedAt)} ms`,
  );
} catch (error) {
  app.log.error({ err: error }, 'could not start the HTTP server');
  await opened.close();
  process.exit(1);
}
