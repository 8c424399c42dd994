import * as z from 'zod';
import { TARGET_TYPE_USER } from './constants';
import { envelopeWith } from './envelope';

// spec §3 "Analytics event fields" and §7.1 "analytics events": page views and tagged clicks, batched.
// Signed in, events go to /client with the user as target (id_type 3); anonymous, to /unregistered with
// the application id (id_type 100: the device id).

export const SUBMIT_EVENTS_CLIENT_PATH = '/api/v3/event/submit/client';
export const SUBMIT_EVENTS_UNREGISTERED_PATH = '/api/v3/event/submit/unregistered';

export const ANALYTICS_ID_TYPE_USER = 3;
export const ANALYTICS_ID_TYPE_DEVICE = 100;
export const MAX_EVENTS_PER_BATCH = 50;

const shortText = z.string().max(255);

const ZAnalyticsEventBase = z.object({
  /** Local calendar day of the event, YYYY-MM-DD. */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'day must be YYYY-MM-DD'),
  epoch_millis: z.number().int().nonnegative(),
  id_type: z.union([z.literal(ANALYTICS_ID_TYPE_USER), z.literal(ANALYTICS_ID_TYPE_DEVICE)]),
  /** The user id (id_type 3) or the device id (id_type 100). */
  id_value: shortText.min(1),
  page_location: z.string().max(2048),
  device: z.enum(['mobile', 'tablet', 'desktop']),
  browser: shortText,
  /** Screen resolution as WIDTHxHEIGHT. */
  resolution: z.string().regex(/^\d{1,5}x\d{1,5}$/, 'resolution must be WIDTHxHEIGHT'),
  salesman_id: shortText.optional(),
  /** spec §3: sales-agent attribution code derived from the stored campaign tracking. */
  agent_code: shortText.optional(),
  utm_source: shortText.optional(),
  utm_medium: shortText.optional(),
  utm_campaign: shortText.optional(),
});

export const ZPageViewEvent = ZAnalyticsEventBase.extend({ event_type: z.literal('page_view') });
export const ZPageClickEvent = ZAnalyticsEventBase.extend({
  event_type: z.literal('page_click'),
  /** The clicked element's tag attribute. */
  tag: shortText.min(1),
  quantity: z.number().int().positive().max(1000).optional(),
});

export const ZAnalyticsEvent = z.discriminatedUnion('event_type', [
  ZPageViewEvent,
  ZPageClickEvent,
]);
export type TAnalyticsEvent = z.infer<typeof ZAnalyticsEvent>;

const ZEvents = z.array(ZAnalyticsEvent).min(1).max(MAX_EVENTS_PER_BATCH);

export const ZSubmitEventsUnregisteredRequest = z.object({
  application_id: shortText.min(1),
  events: ZEvents,
});
export type TSubmitEventsUnregisteredRequest = z.infer<typeof ZSubmitEventsUnregisteredRequest>;

export const ZSubmitEventsClientRequest = z.object({
  target_id: shortText.min(1),
  target_type: z.literal(TARGET_TYPE_USER),
  events: ZEvents,
});
export type TSubmitEventsClientRequest = z.infer<typeof ZSubmitEventsClientRequest>;

export const ZSubmitEventsResponse = envelopeWith({ accepted: z.number().int() });
export type TSubmitEventsResponse = z.infer<typeof ZSubmitEventsResponse>;
