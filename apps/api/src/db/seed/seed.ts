import type { Database } from '../../platform/db/database';

type Logger = { info: (message: string) => void };

/** Imports reference and demo data that is missing. Each part records its version and is skipped when current. */
export async function seedDatabase(_database: Database, _logger: Logger): Promise<void> {
  // Geography, coverage, offers and slots are added by their modules' seeds.
}
