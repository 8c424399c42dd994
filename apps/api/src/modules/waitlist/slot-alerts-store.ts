import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { slotAlerts } from '../../db/schema/slot-alerts';

export type StoredSlotAlert = typeof slotAlerts.$inferSelect;

/**
 * One request per account: a pending one stays as it is (its city follows the reservation); one already
 * sent starts again from now.
 */
export async function upsertSlotAlert(
  db: Db,
  values: { accountId: string; msisdn: string; cityCode: string | null; now: Date },
): Promise<StoredSlotAlert> {
  const [row] = await db
    .insert(slotAlerts)
    .values({
      accountId: values.accountId,
      msisdn: values.msisdn,
      cityCode: values.cityCode,
      requestedAt: values.now,
    })
    .onConflictDoUpdate({
      target: slotAlerts.accountId,
      set: {
        msisdn: sql`excluded.msisdn`,
        cityCode: sql`excluded.city_code`,
        requestedAt: sql`case when ${slotAlerts.notifiedAt} is null then ${slotAlerts.requestedAt}
          else excluded.requested_at end`,
        notifiedAt: null,
      },
    })
    .returning();
  return row!;
}

/** The cities that have requests not yet sent. */
export async function listPendingCities(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ cityCode: slotAlerts.cityCode })
    .from(slotAlerts)
    .where(isNull(slotAlerts.notifiedAt));
  return rows.flatMap((row) => (row.cityCode === null ? [] : [row.cityCode]));
}

/**
 * Up to `limit` requests not yet sent in these cities, oldest first, locked until the transaction ends;
 * rows another check holds are skipped (never waits, never sends twice).
 */
export async function lockPendingInCities(
  tx: Db,
  cityCodes: string[],
  limit: number,
): Promise<StoredSlotAlert[]> {
  if (cityCodes.length === 0) return [];
  return tx
    .select()
    .from(slotAlerts)
    .where(and(isNull(slotAlerts.notifiedAt), inArray(slotAlerts.cityCode, cityCodes)))
    .orderBy(asc(slotAlerts.requestedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markNotified(tx: Db, accountId: string, at: Date): Promise<void> {
  await tx
    .update(slotAlerts)
    .set({ notifiedAt: at })
    .where(and(eq(slotAlerts.accountId, accountId), isNull(slotAlerts.notifiedAt)));
}
