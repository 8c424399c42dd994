import fs from 'node:fs';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/platform/config';
import { openDatabase } from '../../apps/api/src/platform/db/open-database';
import type { Database } from '../../apps/api/src/platform/db/database';
import { loadSigningKeys } from '../../apps/api/src/platform/auth/signing-keys';
import { makeReachableTempDir } from '../../apps/api/src/platform/db/embedded-postgres';
import { makeCustomers, type BenchCustomer } from './bench-customers';
import {
  createPgStatements,
  isPgStatementsWanted,
  loadPgStatementsAtNextStart,
} from './pg-statements';

// The booking benchmark's Konek: as deployed (production settings, default log level to standard
// output), on an embedded PostgreSQL in a temporary directory, with signed-in customers made straight in
// the database — signing up a thousand through the API would cost a thousand SMS codes and PIN hashes.

export type { BenchCustomer };

export type BookingServer = {
  baseUrl: string;
  dataDir: string;
  database: Database;
  /** `count` customers with accounts and session tokens (30 minutes). */
  customers: (count: number) => Promise<BenchCustomer[]>;
  close: () => Promise<void>;
};

/**
 * `env` replaces settings: the rush benchmark (bench/rush.ts) runs the whole journey, so it needs the
 * SMS outbox and the local payment gateway, which production refuses.
 */
export async function startBookingServer(
  env?: Record<string, string>,
  prefix = 'konek-bench-booking-',
): Promise<BookingServer> {
  const dataDir = makeReachableTempDir(prefix);
  const config = {
    ...loadConfig(
      env
        ? { DATA_DIR: dataDir, ...env }
        : {
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
            // The pool size to measure with, when given (ADR 043).
            ...(process.env['DATABASE_POOL_SIZE']
              ? { DATABASE_POOL_SIZE: process.env['DATABASE_POOL_SIZE'] }
              : {}),
            // bench/booking-sql.ts times statements, not requests: it keeps its set-up's request lines
            // out of its report. Its own variable, so a LOG_LEVEL left in a shell never turns the
            // request log off in the benchmarks that measure as deployed.
            ...(process.env['BOOKING_SQL_LOG_LEVEL']
              ? { LOG_LEVEL: process.env['BOOKING_SQL_LOG_LEVEL'] }
              : {}),
          },
    ),
    port: 0,
  };
  const logger = { info: () => undefined, warn: console.warn };
  let opened = await openDatabase(config, logger);
  if (isPgStatementsWanted()) {
    // The statement figures' library loads only at start: started once more, with it.
    await loadPgStatementsAtNextStart(opened.database);
    await opened.close();
    opened = await openDatabase(config, logger);
    await createPgStatements(opened.database);
  }
  const keys = await loadSigningKeys(dataDir);
  const app = await buildApp({ config, database: opened.database, keys });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    dataDir,
    database: opened.database,
    customers: (count) => makeCustomers(opened.database, keys, config, count),
    close: async () => {
      await app.close();
      await opened.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
