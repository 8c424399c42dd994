import type { TAnalyticsEvent } from '@konek/contract/submit-events';
import type { Db } from '../../platform/db/database';
import { analyticsEvents } from '../../db/schema/events';

export type EventSource =
  { kind: 'client'; targetId: string } | { kind: 'unregistered'; applicationId: string };

export async function insertAnalyticsEvents(
  db: Db,
  source: EventSource,
  events: readonly TAnalyticsEvent[],
): Promise<number> {
  const rows = events.map((event) => {
    const attribution = Object.fromEntries(
      Object.entries({
        salesman_id: event.salesman_id,
        agent_code: event.agent_code,
        utm_source: event.utm_source,
        utm_medium: event.utm_medium,
        utm_campaign: event.utm_campaign,
      }).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    return {
      source: source.kind,
      applicationId: source.kind === 'unregistered' ? source.applicationId : null,
      targetId: source.kind === 'client' ? source.targetId : null,
      eventType: event.event_type,
      day: event.day,
      epochMillis: event.epoch_millis,
      idType: event.id_type,
      idValue: event.id_value ?? null,
      pageLocation: event.page_location,
      device: event.device,
      browser: event.browser,
      resolution: event.resolution,
      tag: event.event_type === 'page_click' ? event.tag : null,
      attribution: Object.keys(attribution).length > 0 ? attribution : null,
    };
  });
  const inserted = await db
    .insert(analyticsEvents)
    .values(rows)
    .returning({ id: analyticsEvents.id });
  return inserted.length;
}
