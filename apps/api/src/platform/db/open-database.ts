import type { AppConfig } from '../config';
import { connectDatabase, ensureDatabaseExists, runMigrations, type Database } from './database';
import { startEmbeddedPostgres } from './embedded-postgres';
import { seedDatabase } from '../../db/seed/seed';

type Logger = { info: (message: string) => void; warn: (message: string) => void };

const EMBEDDED_DATABASE_NAME = 'konek';

/**
 * DATABASE_URL set: use that server, start nothing. Otherwise start the embedded PostgreSQL in DATA_DIR.
 * Either way, migrations and the idempotent seed run before the app serves, on connections of their own
 * without time limits (a first start imports the whole geography); the app serves from a pool whose
 * waits are bounded (ADR 078). `prepare` (a benchmark's load data) runs after the seed, as it does.
 */
export async function openDatabase(
  config: AppConfig,
  logger: Logger,
  prepare?: (setup: Database) => Promise<void>,
): Promise<{ database: Database; close: () => Promise<void> }> {
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir, logger);
  try {
    const url =
      config.databaseUrl ?? (await ensureDatabaseExists(embedded!.url, EMBEDDED_DATABASE_NAME));
    const setup = connectDatabase(url, config.databasePoolSize);
    try {
      await runMigrations(setup);
      await seedDatabase(setup, logger);
      await prepare?.(setup);
    } finally {
      await setup.close();
    }
    const database = connectDatabase(url, config.databasePoolSize, config.databaseTimeouts);
    return {
      database,
      close: async () => {
        await database.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
