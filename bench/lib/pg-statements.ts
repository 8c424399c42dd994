import type { Database } from '../../apps/api/src/platform/db/database';

// BENCH_PG_STATEMENTS=1 (the booking benchmark): where PostgreSQL's time per booking goes, statement by
// statement — pg_stat_statements with `track = all`, so the statements a PL/pgSQL function runs are
// counted too (a function's own line includes theirs). A diagnostic beside the CPU line, off by default:
// the extension loads only when the cluster starts, so turning it on costs a restart of the embedded
// PostgreSQL while the benchmark prepares.

export const isPgStatementsWanted = (): boolean => process.env['BENCH_PG_STATEMENTS'] === '1';

/** What the driver asks the benchmark's server, and the server's answer to a read. */
export type PgStatementsRequest = { pgStatements: 'reset' | 'read' };
export type PgStatement = { calls: number; totalMs: number; walRecords: number; query: string };
export type PgStatementsReply = { pgStatements: 'reset' } | { pgStatements: PgStatement[] };

/** Tells the running cluster to load the extension at its next start (superuser, as the embedded one). */
export async function loadPgStatementsAtNextStart(database: Database): Promise<void> {
  await database.pool.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
  await database.pool.query(`alter system set pg_stat_statements.track = 'all'`);
}

export async function createPgStatements(database: Database): Promise<void> {
  await database.pool.query('create extension if not exists pg_stat_statements');
}

export async function resetPgStatements(database: Database): Promise<void> {
  await database.pool.query('select pg_stat_statements_reset()');
}

/** The statements that took the most time since the last reset, most first. */
export async function readPgStatements(database: Database, limit = 12): Promise<PgStatement[]> {
  const { rows } = await database.pool.query<{
    calls: string;
    total_ms: number;
    wal_records: string;
    query: string;
  }>(
    `select calls, total_exec_time as total_ms, wal_records,
            regexp_replace(query, '\\s+', ' ', 'g') as query
       from pg_stat_statements
      where query not like '%pg_stat_statements%'
      order by total_exec_time desc
      limit $1`,
    [limit],
  );
  return rows.map((row) => ({
    calls: Number(row.calls),
    totalMs: row.total_ms,
    walRecords: Number(row.wal_records),
    query: row.query,
  }));
}

/** One line per statement: µs and calls per booking, WAL records per call, the statement's start. */
export function describePgStatements(statements: PgStatement[], bookings: number): string[] {
  return statements.map((statement) => {
    const microseconds = Math.round((statement.totalMs * 1000) / bookings);
    const callsPerBooking = (statement.calls / bookings).toFixed(2);
    const walPerCall = (statement.walRecords / Math.max(statement.calls, 1)).toFixed(1);
    return `    ${String(microseconds).padStart(5)} µs  ${callsPerBooking.padStart(5)} calls  ${walPerCall.padStart(4)} WAL/call  ${statement.query.slice(0, 90)}`;
  });
}
