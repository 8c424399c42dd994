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

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  keys: SigningKeys;
  config: AppConfig;
  close: () => Promise<void>;
};

/** A fresh database copied from the migrated template, and the app built on it, for one test file. */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `konek_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${inject('templateDatabase')}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connectDatabase(url.toString(), 4);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'konek-api-data-'));
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
    webDistDir: path.join(dataDir, 'no-web-build'),
    ...overrides,
  };
  const keys = await loadSigningKeys(dataDir);
  const app = await buildApp({ config, database, keys });
  await app.ready();

  return {
    app,
    database,
    keys,
    config,
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
