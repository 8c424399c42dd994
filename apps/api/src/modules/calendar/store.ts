import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { calendarBlocks } from '../../db/schema/calendar';
import { opsUsers } from '../../db/schema/ops';

// ADR 092: the blocks dispatchers put on installation periods. Whether a slot is blocked is the SQL
// function konek_blocked_period's to say (db/functions), for every booking and listing alike.

export type StoredBlock = typeof calendarBlocks.$inferSelect;
export type BlockWithOperator = StoredBlock & { blockedByFirstName: string | null };

/** A new live block; undefined when the same day, period and zone are blocked already. */
export async function insertBlock(
  tx: Db,
  block: Pick<
    StoredBlock,
    'day' | 'period' | 'workZoneCode' | 'reason' | 'blockedBy' | 'blockedAt'
  >,
): Promise<StoredBlock | undefined> {
  const [row] = await tx.insert(calendarBlocks).values(block).onConflictDoNothing().returning();
  return row;
}

/** The live block of that day, period and zone; if any. */
export async function findLiveBlock(
  db: Db,
  block: Pick<StoredBlock, 'day' | 'period' | 'workZoneCode'>,
): Promise<StoredBlock | undefined> {
  const rows = await db
    .select()
    .from(calendarBlocks)
    .where(and(eq(calendarBlocks.day, block.day), isNull(calendarBlocks.unblockedAt)));
  return rows.find((row) => row.period === block.period && row.workZoneCode === block.workZoneCode);
}

/** Lifts a live block (the row stays, with who and when); the block as it was, or undefined. */
export async function liftBlock(
  tx: Db,
  blockId: string,
  by: string,
  at: Date,
): Promise<{ before: StoredBlock; after: StoredBlock } | undefined> {
  const [before] = await tx
    .select()
    .from(calendarBlocks)
    .where(and(eq(calendarBlocks.id, blockId), isNull(calendarBlocks.unblockedAt)))
    .for('update');
  if (!before) return undefined;
  const [after] = await tx
    .update(calendarBlocks)
    .set({ unblockedBy: by, unblockedAt: at })
    .where(eq(calendarBlocks.id, blockId))
    .returning();
  return { before, after: after! };
}

/** The live blocks from `from` (YYYY-MM-DD) on, by day, with who blocked them. */
export async function listLiveBlocks(db: Db, from: string): Promise<BlockWithOperator[]> {
  const rows = await db
    .select({ block: calendarBlocks, firstName: opsUsers.firstName })
    .from(calendarBlocks)
    .leftJoin(opsUsers, eq(opsUsers.id, calendarBlocks.blockedBy))
    .where(and(gte(calendarBlocks.day, from), isNull(calendarBlocks.unblockedAt)))
    .orderBy(asc(calendarBlocks.day), asc(calendarBlocks.period), asc(calendarBlocks.blockedAt));
  return rows.map((row) => ({ ...row.block, blockedByFirstName: row.firstName }));
}
