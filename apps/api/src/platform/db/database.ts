import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { DatabaseTimeouts } from '../config';

export type Db = NodePgDatabase;

export type Database = {
  db: Db;
  pool: pg.Pool;
  /** True when the server answers a trivial query (in time, on a pool with time limits). */
  isUp: () => Promise<boolean>;
  close: () => Promise<void>;
};

const DB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db');
const MIGRATIONS_DIR = path.join(DB_DIR, 'migrations');
/** ADR 085: the booking rules, one `CREATE OR REPLACE FUNCTION` per file. */
const FUNCTIONS_DIR = path.join(DB_DIR, 'functions');

// ADR 078: bounded waits on PostgreSQL. A server that stalls (stopped, swapping, its disk hung) answers
// nothing at all, so PostgreSQL's own statement_timeout cannot end the wait: pg's query_timeout does,
// this long after it, so a server that is merely slow cancels its statement first (57014) and keeps
// the connection.
const ANSWER_GRACE_MS = 1000;
/**
 * A transaction left open without a statement (a process that hangs, a connection Konek gave up on)
 * holds its row locks from every replica's bookings until the server ends its session after this long.
 * Longer than any outside call a transaction may wait for (PAYMONGO_TIMEOUT_MS is at most 60 s).
 */
const IDLE_IN_TRANSACTION_MS = 120_000;

/** pg's error for a query that got no answer within query_timeout. */
const UNANSWERED = 'Query read timeout';

/**
 * The pool's connections. pg answers a query that got no answer in time with an error but keeps the
 * connection, still waiting for that answer: handed out again, the next request's statements would
 * queue behind it, and a transaction whose ROLLBACK never went out would stay open on the server, to be
 * committed later by whichever request used the connection next. So a connection whose query went
 * unanswered is closed, and the pool drops it. A connection lost while a request holds it (a restarted
 * server) fails that request's query; its 'error' event, which the pool listens to only while the
 * connection is idle, would otherwise end the process.
 */
class PooledClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => undefined);
    const closeIfUnanswered = (error: unknown) => {
      if (error instanceof Error && error.message === UNANSWERED) this.connection.stream.destroy();
    };
    const query = (this.query as (...args: unknown[]) => unknown).bind(this);
    // pg's query takes a callback last (the pool's own queries) or returns a promise (drizzle's).
    const watched = (...args: unknown[]): unknown => {
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = (error: unknown, result: unknown) => {
          closeIfUnanswered(error);
          Reflect.apply(callback, undefined, [error, result]);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result instanceof Promise) result.catch(closeIfUnanswered);
      return result;
    };
    Object.assign(this, { query: watched });
  }
}

function boundedWaits({ acquireMs, statementMs }: DatabaseTimeouts): pg.PoolConfig {
  return {
    // pg-pool: the wait for an idle connection or for a new one to open; pg: a new one's connect (the
    // listening connections outside the pool are opened with the pool's options too).
    connectionTimeoutMillis: acquireMs,
    statement_timeout: statementMs,
    query_timeout: statementMs + ANSWER_GRACE_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
  };
}

/**
 * A pool of `maxConnections`. With `timeouts` (serving requests) every wait on PostgreSQL is bounded;
 * without (migrations, the seed, the test template, the ops command), a statement may take as long as it
 * needs.
 */
export function connectDatabase(
  url: string,
  maxConnections = 10,
  timeouts?: DatabaseTimeouts,
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    Client: PooledClient,
    ...(timeouts ? boundedWaits(timeouts) : {}),
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool);
  // The health check's trivial query waits no longer for its answer than a query for a connection.
  const probe = { text: 'select 1', ...(timeouts ? { query_timeout: timeouts.acquireMs } : {}) };
  return {
    db,
    pool,
    isUp: async () => {
      try {
        await pool.query(probe);
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}

/**
 * The migrations (drizzle's journal), then the SQL functions of `db/functions` (ADR 085): each file is
 * the function's whole current source, applied on every start in one transaction (CREATE OR REPLACE is
 * idempotent), so the rules are read in one file each, not in the migration that last replaced them.
 * Replicas starting together take turns (an advisory lock), as two CREATE OR REPLACE of one function at
 * once would fail.
 */
export async function runMigrations(database: Database): Promise<void> {
  await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });
  await applyFunctions(database.pool);
}

async function applyFunctions(pool: pg.Pool): Promise<void> {
  const files = fs
    .readdirSync(FUNCTIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`select pg_advisory_xact_lock(hashtextextended('konek:functions', 0))`);
    for (const file of files) {
      await client.query(fs.readFileSync(path.join(FUNCTIONS_DIR, file), 'utf8'));
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
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
