import { and, countDistinct, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { notifyRequests } from '../../db/schema/coverage';

export type Area = { province: string; city: string; barangay: string };

export type NotifyRequest = Omit<
  typeof notifyRequests.$inferInsert,
  'id' | 'applicationId' | 'createdAt'
>;

export async function insertNotifyRequests(
  db: Db,
  applicationId: string,
  requests: readonly NotifyRequest[],
): Promise<void> {
  await db
    .insert(notifyRequests)
    .values(requests.map((request) => ({ ...request, applicationId })));
}

/**
 * People (distinct emails, whatever their case), not requests: asking twice does not count twice.
 */
export async function countNotifyRequests(db: Db, area: Area): Promise<number> {
  const [row] = await db
    .select({ requests: countDistinct(sql`lower(${notifyRequests.email})`) })
    .from(notifyRequests)
    .where(
      and(
        eq(notifyRequests.province, area.province),
        eq(notifyRequests.city, area.city),
        eq(notifyRequests.barangay, area.barangay),
      ),
    );
  return row?.requests ?? 0;
}
