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
import type { AddressBudgets } from '../../platform/config';
import type { Clock } from '../../platform/clock';
import { spendBudgets, type Budget } from '../usage-budgets/service';
import { insertAnalyticsEvents, type EventSource } from './store';

/** ADR 097: what the analytics and error-report calls may take from one client address. */
export type EventLimits = { db: Db; clock: Clock; events: AddressBudgets; errors: AddressBudgets };

/** One budget per window of the client address, each spending `amount` units (ADR 022, 097). */
function addressBudgets(
  kind: 'events' | 'client-errors',
  budgets: AddressBudgets,
  clientAddress: string,
  amount: number,
  message: string,
): Budget[] {
  const refusal = (retryAfterSeconds: number) =>
    new DomainError(
      'common',
      'TOO_MANY_REQUESTS',
      { retry_after_seconds: retryAfterSeconds },
      message,
    );
  return [
    {
      key: `${kind}:address:${clientAddress}`,
      window: 'minute',
      limit: budgets.perAddressPerMinute,
      amount,
      refusal,
    },
    {
      key: `${kind}:address:${clientAddress}`,
      window: 'hour',
      limit: budgets.perAddressPerHour,
      amount,
      refusal,
    },
  ];
}

const TOO_MANY_EVENTS = 'Too many analytics events from this address. Please try again later.';

/** Analytics events stored only when the client address's budgets take them all (ADR 097). */
async function insertWithinBudget(
  limits: EventLimits,
  clientAddress: string,
  source: EventSource,
  events: readonly TAnalyticsEvent[],
): Promise<number> {
  return limits.db.transaction(async (tx) => {
    const budgets = addressBudgets(
      'events',
      limits.events,
      clientAddress,
      events.length,
      TOO_MANY_EVENTS,
    );
    await spendBudgets(tx, limits.clock.now(), budgets);
    return insertAnalyticsEvents(tx, source, events);
  });
}

/**
 * ADR 097: the web app's error reports from one client address, per minute and hour. A refused report is
 * not logged.
 */
export async function spendClientErrorReport(
  limits: EventLimits,
  clientAddress: string,
): Promise<void> {
  const budgets = addressBudgets(
    'client-errors',
    limits.errors,
    clientAddress,
    1,
    'Too many error reports from this address. Please try again later.',
  );
  // In a transaction: a refusal by one window rolls back what the other spent.
  await limits.db.transaction((tx) => spendBudgets(tx, limits.clock.now(), budgets));
}

/**
 * Anonymous events: page views and clicks identify a device (they may not claim to be a user), and
 * notify-me requests go to the waitlist, whose count for the area comes back.
 */
export async function recordUnregisteredEvents(
  waitlist: WaitlistDependencies,
  limits: EventLimits,
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
      ? await insertWithinBudget(
          limits,
          request.clientAddress,
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
  limits: EventLimits,
  caller: { userId: string; clientAddress: string },
  events: readonly TAnalyticsEvent[],
): Promise<number> {
  const { userId } = caller;
  const isUserTyped = (event: TAnalyticsEvent) => event.id_type === ANALYTICS_ID_TYPE_USER;
  if (events.some((event) => isUserTyped(event) && (event.id_value ?? userId) !== userId)) {
    throw new DomainError('common', 'FORBIDDEN');
  }
  const named = events.map((event) =>
    isUserTyped(event) ? { ...event, id_value: userId } : event,
  );
  return insertWithinBudget(
    limits,
    caller.clientAddress,
    { kind: 'client', targetId: userId },
    named,
  );
}

/** A stack frame as Chromium (`at f (url:1:2)`) or Firefox and Safari (`f@url:1:2`) write it. */
const STACK_FRAME = /^\s*(?:at\s+(?:[\w$.<>[\] ]+\s+\()?\S+:\d+:\d+\)?|[\w$.<>/]*@\S+:\d+:\d+)\s*$/;

/** ADR 097: the most of each field a report's log line keeps (the line stays under about 1.5 KB). */
export const CLIENT_ERROR_LOG_LIMITS = {
  message: 300,
  page_location: 200,
  call_path: 120,
  stack: 600,
  user_agent: 200,
} as const;
/** Of the stack, its first frames only: the ones that say where it broke. */
const STACK_FRAMES_KEPT = 5;

/** Cut to `max` characters, marked with an ellipsis when cut. */
const cut = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;

/**
 * What the customer may have typed is masked: emails, coordinates, and numbers — a mobile number written
 * with spaces or dashes (0917 555 0301) too, which the log's own scrubbing reads as three short numbers.
 */
const maskNumbers = (text: string) => text.replace(/\+?\d(?:[\s.-]?\d){6,}/g, '[number]');
const scrubbed = (text: string) => maskNumbers(scrubPersonalData(text));

/**
 * Only the stack's frames, their addresses without query strings: the other lines (the error's text, in
 * the first) are free text a page may have filled with what the customer typed.
 */
function stackFrames(stack: string): string | undefined {
  const frames = stack
    .split('\n')
    .filter((line) => STACK_FRAME.test(line))
    .slice(0, STACK_FRAMES_KEPT)
    .map((line) => maskNumbers(line.trim().replace(/\?[^\s:)]*(?=:\d+:\d+)/g, '')));
  return frames.length > 0 ? cut(frames.join('\n'), CLIENT_ERROR_LOG_LIMITS.stack) : undefined;
}

/**
 * A browser's error report as the log keeps it (ADR 021, 097): free text with anything that looks like
 * an email, a number or a coordinate masked, the addresses without their query strings, of the stack its
 * first frames only, and each field cut to CLIENT_ERROR_LOG_LIMITS — a report of the contract's largest
 * size (about 13 KB) is logged in about 1.5 KB.
 */
export function clientErrorForLog(report: TReportClientErrorRequest): TReportClientErrorRequest {
  const limits = CLIENT_ERROR_LOG_LIMITS;
  return {
    message: cut(scrubbed(report.message), limits.message),
    page_location: cut(scrubbed(withoutQuery(report.page_location)), limits.page_location),
    call_path:
      report.call_path === undefined
        ? undefined
        : cut(scrubbed(withoutQuery(report.call_path)), limits.call_path),
    status: report.status,
    stack: report.stack === undefined ? undefined : stackFrames(report.stack),
    user_agent:
      report.user_agent === undefined
        ? undefined
        : cut(scrubbed(report.user_agent), limits.user_agent),
  };
}
