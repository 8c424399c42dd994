import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { remoteConfig } from '../../db/schema/identity';

export async function findSettings(
  db: Db,
  keys: readonly string[],
): Promise<{ key: string; value: unknown }[]> {
  return db
    .select({ key: remoteConfig.key, value: remoteConfig.value })
    .from(remoteConfig)
    .where(inArray(remoteConfig.key, [...keys]));
}
