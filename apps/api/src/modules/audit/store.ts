import { and, desc, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit';
import type { Db } from '../../platform/db/database';

export type StoredAuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = Omit<StoredAuditRow, 'id'>;

/** One audit row, on the handle (a transaction) the change itself is written with. */
export async function insertAuditRow(tx: Db, row: NewAuditRow): Promise<void> {
  await tx.insert(auditLog).values(row);
}

/** A record's audit rows, newest first (the index on entity, entity_id, at desc). */
export async function listAuditRows(
  db: Db,
  entity: string,
  entityId: string,
): Promise<StoredAuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.at), desc(auditLog.id));
}
