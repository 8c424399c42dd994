import type { Db } from '../../platform/db/database';
import { findSettings } from './store';

/** product §7.1 remote config: the settings named, in the order asked; unknown keys are left out. */
export async function readSettings(
  db: Db,
  keys: readonly string[],
): Promise<{ key: string; value: unknown }[]> {
  const found = new Map((await findSettings(db, keys)).map((row) => [row.key, row.value]));
  return [...new Set(keys)].flatMap((key) =>
    found.has(key) ? [{ key, value: found.get(key) }] : [],
  );
}
