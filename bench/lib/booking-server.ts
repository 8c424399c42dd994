import fs from 'node:fs';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/platform/config';
import { openDatabase } from '../../apps/api/src/platform/db/open-database';
import type { Database } from '../../apps/api/src/platform/db/database';
import { loadSigningKeys, type SigningKeys } from '../../apps/api/src/platform/auth/signing-keys';
import { createSessionTokens } from '../../apps/api/src/platform/auth/session-tokens';
import { systemClock } from '../../apps/api/src/platform/clock';
import { makeReachableTempDir } from '../../apps/api/src/platform/db/embedded-postgres';
import { DEFAULT_APPLICATION_ID, DEFAULT_OPERATOR_NAME } from '@konek/contract/constants';
import {
  createPgStatements,
  isPgStatementsWanted,
  loadPgStatementsAtNextStart,
} from './pg-statements';

// The booking benchmark's Konek: as deployed (production settings, default log level to standard
// output), on an embedded PostgreSQL in a temporary directory, with signed-in customers made straight in
// the database — signing up a thousand through the API would cost a thousand SMS codes and PIN hashes.

export type BenchCustomer = { accountId: string; token: string };

export type BookingServer = {
  baseUrl: string;
  dataDir: string;
  database: Database;
  /** `count` customers with accounts and session tokens (30 minutes). */
  customers: (count: number) => Promise<BenchCustomer[]>;
  close: () => Promise<void>;
};

function randomMsisdns(count: number): string[] {
  const numbers = new Set<string>();
  while (numbers.size < count) {
    numbers.add(`639${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`);
  }
  return [...numbers];
}

async function makeCustomers(
  database: Database,
  keys: SigningKeys,
  config: ReturnType<typeof loadConfig>,
  count: number,
): Promise<BenchCustomer[]> {
  const now = new Date();
  const { rows } = await database.pool.query<{
    user_id: string;
    account_id: string;
    msisdn: string;
  }>(
    `with made as (
       insert into users (msisdn, first_name, last_name, application_id, pin_hash, pin_changed_at, created_at)
       select msisdn, 'Maria', 'Santos', $2, 'bench-customer-has-no-pin', $3, $3
         from unnest($1::text[]) as msisdn
       returning id, msisdn)
     insert into accounts (user_id, provider_id, created_at)
     select id, $4, $3 from made
     returning user_id, id as account_id,
               (select msisdn from users where users.id = accounts.user_id) as msisdn`,
    [randomMsisdns(count), DEFAULT_APPLICATION_ID, now, DEFAULT_OPERATOR_NAME],
  );
  const tokens = createSessionTokens(keys, systemClock, {
    issuer: config.tokenIssuer,
    audience: config.tokenAudience,
    lifetimeSeconds: config.tokenLifetimeSeconds,
  });
  return Promise.all(
    rows.map(async (row) => ({
      accountId: row.account_id,
      token: (
        await tokens.issue(
          { userId: row.user_id, accountId: row.account_id, msisdn: row.msisdn },
          null,
        )
      ).token,
    })),
  );
}

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
