import { CLIENT_STORAGE_MAX_CONTEXTS } from '@konek/contract/client-storage-add';
import type { TStoredContext } from '@konek/contract/client-storage-get';
import { DomainError } from '../../platform/domain-error';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { findContext, saveContextWithinLimit, type StoredContext } from './store';

// product §3 stored per-user context, §7.1 get / add context: JSON per user and context name, replaced as
// a whole on add, so a customer resumes on any device where they left off (docs/architecture.md).

const toReply = (stored: StoredContext): TStoredContext => ({
  context: stored.context,
  value: stored.value,
  updated_at: stored.updatedAt.toISOString(),
});

/** result_set: the stored context, or empty when nothing is stored under that name. */
export async function readContext(
  db: Db,
  userId: string,
  context: string,
): Promise<TStoredContext[]> {
  const stored = await findContext(db, userId, context);
  return stored ? [toReply(stored)] : [];
}

export async function writeContext(
  db: Db,
  clock: Clock,
  userId: string,
  context: string,
  data: Record<string, unknown>,
): Promise<TStoredContext[]> {
  const saved = await saveContextWithinLimit(
    db,
    userId,
    context,
    data,
    clock.now(),
    CLIENT_STORAGE_MAX_CONTEXTS,
  );
  // ADR 023: each name is a row; without a bound one account could fill the table.
  if (!saved) {
    throw new DomainError('clientstorage', 'TOO_MANY_CONTEXTS', {
      field: 'context',
      max_contexts: CLIENT_STORAGE_MAX_CONTEXTS,
    });
  }
  return [toReply(saved)];
}
