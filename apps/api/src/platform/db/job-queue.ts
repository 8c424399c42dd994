import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from './database';

// ADR 094: background work that must survive a crash and run once across replicas (the coverage-arrival
// alerts) goes through pg-boss, a maintained job queue kept in PostgreSQL (its own schema, `pgboss`). A
// job can be queued inside the transaction of the change that asks for it, so the change and its job
// commit together or not at all.

export type JobQueue = {
  boss: PgBoss;
  /** pg-boss's connection option for a drizzle transaction: `boss.insert(jobs, inTransaction(tx))`. */
  inTransaction: (tx: Db) => PgBoss.ConnectionOptions;
  stop: () => Promise<void>;
};

/** pg-boss's statement (with $1, $2… parameters) as drizzle SQL, run on the transaction's connection. */
function statementOf(text: string, values: readonly unknown[]): SQL {
  const statement = sql.empty();
  const parts = text.split(/\$(\d+)/);
  parts.forEach((part, index) => {
    if (index % 2 === 0) statement.append(sql.raw(part));
    else statement.append(sql`${values[Number(part) - 1] ?? null}`);
  });
  return statement;
}

export async function startJobQueue(
  database: Database,
  log: { error: (object: object, message: string) => void },
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: {
      executeSql: async (text, values) => database.pool.query(text, values),
    },
    // Finished jobs are kept a day for the console, then deleted (the alerts' own table keeps the story).
    deleteAfterDays: 1,
    archiveCompletedAfterSeconds: 3600,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue: maintenance failed'));
  await boss.start();
  return {
    boss,
    inTransaction: (tx) => ({
      db: {
        executeSql: async (text, values) => {
          const result = await tx.execute(statementOf(text, values));
          return { rows: result.rows };
        },
      },
    }),
    stop: () => boss.stop({ graceful: true, timeout: 10_000, wait: true }),
  };
}
