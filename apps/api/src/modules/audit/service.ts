import type { TAuditAction, TAuditEntity } from '@konek/contract/ops-history';
import type { Db } from '../../platform/db/database';
import { insertAuditRow, listAuditRows } from './store';

// ADR 089: the audit log. A module that changes something an operator owns calls recordChange with the
// transaction the change is written in, so the row and the change commit or roll back together: there
// is no audit row for a change that did not happen, and no change without its row. This module imports
// no other: whoever reads a history names the operators itself.

export type AuditChange = {
  /** Who made it; null when nobody signed in did (`npm run ops` on the server, a production start). */
  operatorId: string | null;
  at: Date;
  entity: TAuditEntity;
  entityId: string;
  action: TAuditAction;
  /** The record as it was; null when it did not exist (a creation). */
  before: Record<string, unknown> | null;
  /** The record as it is now; null when it is gone (a deletion). */
  after: Record<string, unknown> | null;
};

export type AuditEntry = AuditChange & { id: string };

/** Writes `change` on `tx`: the same transaction (or handle) the change itself is written with. */
export async function recordChange(tx: Db, change: AuditChange): Promise<void> {
  await insertAuditRow(tx, change);
}

/** One record's changes, newest first. */
export async function historyOf(
  db: Db,
  entity: TAuditEntity,
  entityId: string,
): Promise<AuditEntry[]> {
  return (await listAuditRows(db, entity, entityId)).map((row) => ({
    id: String(row.id),
    operatorId: row.operatorId,
    at: row.at,
    entity,
    entityId: row.entityId,
    action: row.action,
    before: row.before,
    after: row.after,
  }));
}
