import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { pageConfigs } from '../../db/schema/content';

export type PageConfigRow = typeof pageConfigs.$inferSelect;

export async function findPageConfig(db: Db, id: number): Promise<PageConfigRow | undefined> {
  const [row] = await db.select().from(pageConfigs).where(eq(pageConfigs.id, id));
  return row;
}
