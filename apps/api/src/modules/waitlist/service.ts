import type { TNonserviceableAddressEvent } from '@konek/contract/submit-events';
import type { Db } from '../../platform/db/database';
import { countNotifyRequests, insertNotifyRequests, type Area } from './store';

/**
 * Stores notify-me requests and answers how many requests the (last) request's barangay now has, so the
 * visitor sees how many neighbours asked too.
 */
export async function recordNotifyRequests(
  db: Db,
  applicationId: string,
  events: readonly TNonserviceableAddressEvent[],
): Promise<{ requests: number }> {
  await insertNotifyRequests(db, applicationId, events);
  const last = events.at(-1)!;
  return { requests: await countNotifyRequests(db, last) };
}

export async function countRequestsInArea(db: Db, area: Area): Promise<number> {
  return countNotifyRequests(db, area);
}
