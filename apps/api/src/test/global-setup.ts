import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, ensureDatabaseExists, runMigrations } from '../platform/db/database';
import { makeReachableTempDir, startEmbeddedPostgres } from '../platform/db/embedded-postgres';
import { seedDatabase } from '../db/seed/seed';
import { startJobQueue } from '../platform/db/job-queue';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL per test run — the embedded one in a temporary directory, or the server of DATABASE_URL
 * (CI's second pass) — with a migrated, seeded template database that each test file copies.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const quiet = { info: () => undefined, warn: (message: string) => console.warn(message) };
  const externalUrl = process.env['DATABASE_URL'];
  const tempDir = externalUrl ? null : makeReachableTempDir('konek-api-test-');
  const embedded = tempDir ? await startEmbeddedPostgres(tempDir, quiet) : null;
  const adminUrl = externalUrl ?? embedded!.url;

  const templateDatabase = `konek_template_${crypto.randomBytes(4).toString('hex')}`;
  const templateUrl = await ensureDatabaseExists(adminUrl, templateDatabase);
  const template = connectDatabase(templateUrl, 2);
  await runMigrations(template);
  await seedDatabase(template, quiet);
  // The job queue's own tables (pg-boss makes them at its first start): made once, copied by each file.
  const queue = await startJobQueue(template, { error: (_, message) => console.warn(message) });
  await queue.stop();
  await template.close();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const leftovers = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'konek_test_%' or datname = $1",
      [templateDatabase],
    );
    for (const { datname } of leftovers.rows) {
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    await admin.end();
    await embedded?.stop();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  };
}
