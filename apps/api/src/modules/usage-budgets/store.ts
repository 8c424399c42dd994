import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';

export type WindowSpend = {
  key: string;
  windowStart: Date;
  windowEndsAt: Date;
  amount: number;
  limit: number;
};

/**
 * Adds `amount` to the key's count for the window, only while the total stays within `limit`; answers the
 * new count, or undefined when it would pass the limit. One statement: the row lock of the upsert makes concurrent spends on any replica queue, so no
 * two can both take the last unit. A row from an earlier window restarts at `amount`.
 */
export async function spendInWindow(tx: Db, spend: WindowSpend): Promise<number | undefined> {
  const { rows } = await tx.execute<{ used: number }>(sql`
    insert into usage_counters as counter (key, window_start, window_ends_at, used)
    values (${spend.key}, ${spend.windowStart}, ${spend.windowEndsAt}, ${spend.amount})
    on conflict (key) do update set
      window_start = greatest(counter.window_start, excluded.window_start),
      window_ends_at = greatest(counter.window_ends_at, excluded.window_ends_at),
      used = case
        when counter.window_start < excluded.window_start then excluded.used
        else counter.used + excluded.used
      end
    where counter.window_start < excluded.window_start
      or counter.used + excluded.used <= ${spend.limit}
    returning used`);
  return rows[0]?.used;
}

/**
 * Deletes up to `batch` rows whose window ended before `now`. Rows another transaction holds are skipped,
 * so this never waits and cannot deadlock with a spend.
 */
export async function deleteEndedWindows(tx: Db, now: Date, batch: number): Promise<void> {
  await tx.execute(sql`
    delete from usage_counters where key in (
      select key from usage_counters where window_ends_at < ${now}
      limit ${batch} for update skip locked)`);
}
