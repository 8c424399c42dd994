import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { seedRuns } from '../schema/platform';

/** Runs `apply` unless the seed `name` is already recorded at `version`; records it after. */
export async function runSeedOnce(
  db: Db,
  name: string,
  version: string,
  apply: (transaction: Db) => Promise<void>,
): Promise<boolean> {
  const [existing] = await db.select().from(seedRuns).where(eq(seedRuns.name, name));
  if (existing?.version === version) return false;
  await db.transaction(async (transaction) => {
    await apply(transaction);
    await transaction
      .insert(seedRuns)
      .values({ name, version })
      .onConflictDoUpdate({ target: seedRuns.name, set: { version, completedAt: new Date() } });
  });
  return true;
}

export function chunk<T>(rows: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size)
    chunks.push(rows.slice(start, start + size));
  return chunks;
}
