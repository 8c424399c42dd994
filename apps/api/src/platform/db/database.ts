import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';

export type Db = NodePgDatabase;

export type Database = {
  db: Db;
  pool: pg.Pool;
  /** True when the server answers a trivial query. */
  isUp: () => Promise<boolean>;
  close: () => Promise<void>;
};

const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../db/migrations',
);

export function connectDatabase(url: string, maxConnections = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool);
  return {
    db,
    pool,
    isUp: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}

export async function runMigrations(database: Database): Promise<void> {
  await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });
}

/** Creates `name` on the server of `adminUrl` when it does not exist yet. */
export async function ensureDatabaseExists(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '')}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
