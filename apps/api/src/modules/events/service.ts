import type { TAnalyticsEvent } from '@konek/contract/submit-events';
import { ANALYTICS_ID_TYPE_DEVICE, ANALYTICS_ID_TYPE_USER } from '@konek/contract/submit-events';
import { DomainError } from '../../platform/domain-error';
import type { Db } from '../../platform/db/database';
import { insertAnalyticsEvents } from './store';

/** Anonymous events identify a device; they may not claim to be a user. */
export async function recordUnregisteredEvents(
  db: Db,
  applicationId: string,
  events: readonly TAnalyticsEvent[],
): Promise<number> {
  if (events.some((event) => event.id_type !== ANALYTICS_ID_TYPE_DEVICE)) {
    throw new DomainError(
      'common',
      'VALIDATION_FAILED',
      { field: 'events.id_type' },
      'events.id_type: anonymous events use id_type 100.',
    );
  }
  return insertAnalyticsEvents(db, { kind: 'unregistered', applicationId }, events);
}

/** A signed-in user's events are recorded as that user: a user-typed id must be the caller's own. */
export async function recordClientEvents(
  db: Db,
  userId: string,
  events: readonly TAnalyticsEvent[],
): Promise<number> {
  if (
    events.some((event) => event.id_type === ANALYTICS_ID_TYPE_USER && event.id_value !== userId)
  ) {
    throw new DomainError('common', 'FORBIDDEN');
  }
  return insertAnalyticsEvents(db, { kind: 'client', targetId: userId }, events);
}
