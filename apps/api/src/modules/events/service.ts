import {
  type TAnalyticsEvent,
  type TNonserviceableAddressEvent,
  type TUnregisteredEvent,
} from '@konek/contract/submit-events';
import { ANALYTICS_ID_TYPE_DEVICE, ANALYTICS_ID_TYPE_USER } from '@konek/contract/event-constants';
import type { TReportClientErrorRequest } from '@konek/contract/report-client-error';
import { recordNotifyRequests, type WaitlistDependencies } from '../waitlist/service';
import { scrubPersonalData, withoutQuery } from '../../platform/logging';
import { DomainError } from '../../platform/domain-error';
import type { Db } from '../../platform/db/database';
import { insertAnalyticsEvents } from './store';

/**
 * Anonymous events: page views and clicks identify a device (they may not claim to be a user), and
 * notify-me requests go to the waitlist, whose count for the area comes back.
 */
export async function recordUnregisteredEvents(
  waitlist: WaitlistDependencies,
  request: { applicationId: string; clientAddress: string },
  batch: readonly TUnregisteredEvent[],
): Promise<{ accepted: number; waitlist?: { requests: number } }> {
  const notifyEvents = batch.filter(
    (event): event is TNonserviceableAddressEvent => event.event_type === 'nonserviceable_address',
  );
  const events = batch.filter(
    (event): event is TAnalyticsEvent => event.event_type !== 'nonserviceable_address',
  );
  if (events.some((event) => event.id_type !== ANALYTICS_ID_TYPE_DEVICE)) {
    throw new DomainError(
      'common',
      'VALIDATION_FAILED',
      { field: 'events.id_type' },
      'events.id_type: anonymous events use id_type 100.',
    );
  }
  // Notify-me first: a batch refused by its budgets (ADR 022) records nothing.
  const requests =
    notifyEvents.length > 0
      ? await recordNotifyRequests(
          waitlist,
          request.applicationId,
          request.clientAddress,
          notifyEvents,
        )
      : undefined;
  const accepted =
    events.length > 0
      ? await insertAnalyticsEvents(
          waitlist.db,
          { kind: 'unregistered', applicationId: request.applicationId },
          events,
        )
      : 0;
  if (!requests) return { accepted };
  return { accepted: accepted + notifyEvents.length, waitlist: requests };
}

/**
 * A signed-in user's events are recorded as that user: a user-typed id must be the caller's own, and a
 * user-typed event that names none is the caller's (product §3 lists no id_value, ADR 081).
 */
export async function recordClientEvents(
  db: Db,
  userId: string,
  events: readonly TAnalyticsEvent[],
): Promise<number> {
  const isUserTyped = (event: TAnalyticsEvent) => event.id_type === ANALYTICS_ID_TYPE_USER;
  if (events.some((event) => isUserTyped(event) && (event.id_value ?? userId) !== userId)) {
    throw new DomainError('common', 'FORBIDDEN');
  }
  const named = events.map((event) =>
    isUserTyped(event) ? { ...event, id_value: userId } : event,
  );
  return insertAnalyticsEvents(db, { kind: 'client', targetId: userId }, named);
}

/** A stack frame as Chromium (`at f (url:1:2)`) or Firefox and Safari (`f@url:1:2`) write it. */
const STACK_FRAME = /^\s*(?:at\s+(?:[\w$.<>[\] ]+\s+\()?\S+:\d+:\d+\)?|[\w$.<>/]*@\S+:\d+:\d+)\s*$/;

/**
 * Only the stack's frames, their addresses without query strings: the other lines (the error's text, in
 * the first) are free text a page may have filled with what the customer typed.
 */
function stackFrames(stack: string): string | undefined {
  const frames = stack
    .split('\n')
    .filter((line) => STACK_FRAME.test(line))
    .map((line) => line.trim().replace(/\?[^\s:)]*(?=:\d+:\d+)/g, ''));
  return frames.length > 0 ? frames.join('\n') : undefined;
}

/**
 * A browser's error report as the log keeps it (ADR 021): free text with anything that looks like an
 * email, a number or a coordinate masked, the addresses without their query strings, and of the stack
 * its frames only.
 */
export function clientErrorForLog(report: TReportClientErrorRequest): TReportClientErrorRequest {
  return {
    message: scrubPersonalData(report.message),
    page_location: scrubPersonalData(withoutQuery(report.page_location)),
    call_path: report.call_path === undefined ? undefined : withoutQuery(report.call_path),
    status: report.status,
    stack: report.stack === undefined ? undefined : stackFrames(report.stack),
    user_agent: report.user_agent === undefined ? undefined : scrubPersonalData(report.user_agent),
  };
}
