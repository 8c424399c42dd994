import fs from 'node:fs';
import http from 'node:http';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/platform/config';
import { openDatabase } from '../../apps/api/src/platform/db/open-database';
import type { Database } from '../../apps/api/src/platform/db/database';
import { loadSigningKeys } from '../../apps/api/src/platform/auth/signing-keys';
import { makeReachableTempDir } from '../../apps/api/src/platform/db/embedded-postgres';
import { makeCustomers, type BenchCustomer } from './bench-customers';

export type RunningServer = { baseUrl: string; close: () => Promise<void> };

/** Konek as startKonek runs it, and a way to make a signed-in customer in it. */
export type RunningKonek = RunningServer & { newCustomer: () => Promise<BenchCustomer> };

function portOf(server: http.Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('server is not listening on a port');
  return address.port;
}

/**
 * The real Konek app (embedded PostgreSQL in a temporary directory, built web app) on a free port, as
 * deployed: the default log level (a request line per request) on standard output. `prepare` runs
 * against the seeded database before the app starts (e.g. to add load data), as migrations do: without
 * the serving pool's time limits (ADR 078); `env` adds settings (e.g.
 * rate limits out of reach). `newCustomer` makes a signed-in customer (bench/lib/bench-customers.ts).
 */
export async function startKonek(
  prepare?: (database: Database) => Promise<void>,
  env: Record<string, string> = {},
): Promise<RunningKonek> {
  const dataDir = makeReachableTempDir('konek-bench-');
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      // Production refuses the outbox (ADR 019); the benchmark sends no SMS, so the key is never used.
      SMS_PROVIDER: 'semaphore',
      SEMAPHORE_API_KEY: 'benchmark-sends-no-sms',
      // …and the email outbox (ADR 093): the SMTP server is never reached, no email is sent.
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtp://127.0.0.1:9',
      EMAIL_FROM: 'Konek <bench@konek.invalid>',
      // Production refuses the local payment gateway too (ADR 038); the benchmark takes no payment.
      PAYMENT_PROVIDER: 'paymongo',
      PAYMONGO_SECRET_KEY: 'sk_test_benchmark-takes-no-payment',
      PAYMONGO_WEBHOOK_SECRET: 'whsk_benchmark-takes-no-payment',
      PUBLIC_BASE_URL: 'http://127.0.0.1',
      ...env,
    }),
    port: 0,
  };
  const opened = await openDatabase(config, { info: () => undefined, warn: console.warn }, prepare);
  const keys = await loadSigningKeys(dataDir);
  const app = await buildApp({ config, database: opened.database, keys });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl: `http://127.0.0.1:${portOf(app.server)}`,
    newCustomer: async () => {
      const [customer] = await makeCustomers(opened.database, keys, config, 1);
      if (!customer) throw new Error('no customer was made');
      return customer;
    },
    close: async () => {
      await app.close();
      await opened.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The baseline: a bare node:http server answering every request with the same bytes. */
export async function startBareServer(
  body: string | Buffer,
  contentType: string,
): Promise<RunningServer> {
  const server = http.createServer((request, response) => {
    request.resume();
    response.writeHead(200, {
      'content-type': contentType,
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${portOf(server)}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
