import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../platform/config';
import { connectDatabase, type Database } from '../platform/db/database';
import { loadSigningKeys, type SigningKeys } from '../platform/auth/signing-keys';
import type { Clock } from '../platform/clock';
import type { LogDestination } from '../platform/logging';
import type { PinHasher } from '../modules/identity/pin-secret';
import type { PaymentSettledObserver } from '../modules/payments/service';

/** Another app on the same database and data directory: a restarted process, or a second replica. */
export type SecondApp = { app: FastifyInstance; close: () => Promise<void> };

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  keys: SigningKeys;
  config: AppConfig;
  startAnotherApp: () => Promise<SecondApp>;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  clock?: Clock;
  /** Where the first app's log lines go (tests that read the log); standard output otherwise. */
  logDestination?: LogDestination;
  /** scrypt with the pepper unless a test counts the hashes (ADR 023). */
  pinHasher?: PinHasher;
  /** Observes (or fails) payment settlements (ADR 038). */
  onPaymentSettled?: PaymentSettledObserver;
  /** The longest a client may take to send a request (30 s). */
  requestTimeoutMs?: number;
  /**
   * The address the app connects to, given its database's: a test puts a proxy between them to make
   * PostgreSQL stall or go away for this app alone (ADR 078).
   */
  connectThrough?: (databaseUrl: string) => Promise<string>;
  /**
   * Another PostgreSQL than the test run's, with a migrated, seeded template database of its own: a test
   * that crashes its server (ADR 085) must not take the other test files' down.
   */
  server?: { adminUrl: string; templateDatabase: string };
};

/** The sandbox gateway's own sweep stays out of the way: tests call it on their controlled clock. */
const NO_BACKGROUND_SWEEP_MS = 24 * 60 * 60 * 1000;

/** A fresh database copied from the migrated template, and the app built on it, for one test file. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const adminUrl = options.server?.adminUrl ?? inject('adminDatabaseUrl');
  const templateDatabase = options.server?.templateDatabase ?? inject('templateDatabase');
  const name = `konek_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${templateDatabase}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'konek-api-data-'));
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
    webDistDir: path.join(dataDir, 'no-web-build'),
    // Every request of a test comes from 127.0.0.1: per-IP limits are set out of reach here, and the
    // rate-limit tests set their own.
    rateLimits: {
      loginPerMinute: 10_000,
      lookupPerMinute: 10_000,
      smsPerMinute: 10_000,
      emailValidationPerMinute: 10_000,
      supportPerMinute: 10_000,
    },
    // The same for the budgets in PostgreSQL (ADR 022); the budget tests set their own.
    smsBudgets: {
      perAddressPerHour: 1_000_000,
      perAddressPerDay: 1_000_000,
      perNumberPerDay: 1_000_000,
      globalPerHour: 1_000_000,
    },
    notifyBudgets: { perAddressPerHour: 1_000_000, perEmailPerDay: 1_000_000 },
    supportBudgets: { perAddressPerHour: 1_000_000, perNumberPerDay: 1_000_000 },
    eventBudgets: { perAddressPerMinute: 1_000_000, perAddressPerHour: 1_000_000 },
    clientErrorBudgets: { perAddressPerMinute: 1_000_000, perAddressPerHour: 1_000_000 },
    emailLookupBudgets: { perAccountPerDay: 1_000_000, perAddressPerHour: 1_000_000 },
    ...overrides,
  };
  const appUrl = options.connectThrough
    ? await options.connectThrough(url.toString())
    : url.toString();
  // The app's waits on PostgreSQL are bounded as when it serves (ADR 078).
  const database = connectDatabase(appUrl, 4, config.databaseTimeouts);
  const keys = await loadSigningKeys(dataDir);
  const app = await buildApp({
    config,
    database,
    keys,
    clock: options.clock,
    logDestination: options.logDestination,
    pinHasher: options.pinHasher,
    onPaymentSettled: options.onPaymentSettled,
    sandboxSweepMs: NO_BACKGROUND_SWEEP_MS,
    orderRepairMs: NO_BACKGROUND_SWEEP_MS,
    requestTimeoutMs: options.requestTimeoutMs,
  });
  await app.ready();

  return {
    app,
    database,
    keys,
    config,
    startAnotherApp: async () => {
      // Its own connection pool and its own keys read back from the data directory, as a new process.
      const second = connectDatabase(url.toString(), 2, config.databaseTimeouts);
      const secondApp = await buildApp({
        config,
        database: second,
        keys: await loadSigningKeys(dataDir),
        clock: options.clock,
        pinHasher: options.pinHasher,
        onPaymentSettled: options.onPaymentSettled,
        sandboxSweepMs: NO_BACKGROUND_SWEEP_MS,
        orderRepairMs: NO_BACKGROUND_SWEEP_MS,
      });
      await secondApp.ready();
      return {
        app: secondApp,
        close: async () => {
          await secondApp.close();
          await second.close();
        },
      };
    },
    close: async () => {
      await app.close();
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
