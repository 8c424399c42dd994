import * as z from 'zod';
import { defineCall } from './call';
import { TARGET_TYPE_USER } from './constants';
import { envelopeWith } from './envelope';
import {
  ANALYTICS_ID_TYPE_DEVICE,
  ANALYTICS_ID_TYPE_USER,
  MAX_EVENTS_PER_BATCH,
  NOTIFY_ID_TYPE_EMAIL,
  SUBMIT_EVENTS_CLIENT_PATH,
  SUBMIT_EVENTS_UNREGISTERED_PATH,
} from './event-constants';
import { MESSAGE_SPECIAL_CHARACTERS, PROPERTY_TYPES, email, personName } from './validation';
import { ZLatitude, ZLongitude } from './serviceability-check';

// product §3 "Analytics event fields" and §7.1 "analytics events": page views and tagged clicks, batched.
// Signed in, events go to /client with the user as target (id_type 3); anonymous, to /unregistered with
// the application id (id_type 100: the device id).

const shortText = z.string().max(255);

const ZAnalyticsEventBase = z.object({
  /** Local calendar day of the event, YYYY-MM-DD. */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'day must be YYYY-MM-DD'),
  epoch_millis: z.number().int().nonnegative(),
  id_type: z.union([z.literal(ANALYTICS_ID_TYPE_USER), z.literal(ANALYTICS_ID_TYPE_DEVICE)]),
  /**
   * The user id (id_type 3) or the device id (id_type 100). Konek's addition to product §3's fields
   * (ADR 081): a signed-in event without it is the caller's, an anonymous one names no device.
   */
  id_value: shortText.min(1).optional(),
  page_location: z.string().max(2048),
  device: z.enum(['mobile', 'tablet', 'desktop']),
  browser: shortText,
  /** Screen resolution as WIDTHxHEIGHT. */
  resolution: z.string().regex(/^\d{1,5}x\d{1,5}$/, 'resolution must be WIDTHxHEIGHT'),
  salesman_id: shortText.optional(),
  /** product §3: sales-agent attribution code derived from the stored campaign tracking. */
  agent_code: shortText.optional(),
  utm_source: shortText.optional(),
  utm_medium: shortText.optional(),
  utm_campaign: shortText.optional(),
});

export const ZPageViewEvent = ZAnalyticsEventBase.extend({ event_type: z.literal('page_view') });
export const ZPageClickEvent = ZAnalyticsEventBase.extend({
  event_type: z.literal('page_click'),
  /** The clicked element's tag attribute; Konek's addition to product §3's fields (ADR 081). */
  tag: shortText.min(1).optional(),
  quantity: z.number().int().positive().max(1000).optional(),
});

export const ZAnalyticsEvent = z.discriminatedUnion('event_type', [
  ZPageViewEvent,
  ZPageClickEvent,
]);
export type TAnalyticsEvent = z.infer<typeof ZAnalyticsEvent>;

// product §7.1 "unregistered (notify-me)": sent for an address that is not serviceable, identified by the
// visitor's email (id_type 101).

/**
 * ADR 022: what a person types is text, never markup — no angle brackets, control characters or lone
 * surrogates. (An ampersand arrives as &amp;, product §5; the waitlist stores it as "&".)
 */
const plainText = shortText.check((ctx) => {
  if (/[<>\p{Cc}\p{Cs}]/u.test(ctx.value)) {
    ctx.issues.push({ code: 'custom', message: MESSAGE_SPECIAL_CHARACTERS, input: ctx.value });
  }
});
const optionalText = plainText.optional();

export const ZNonserviceableAddressEvent = z.object({
  event_type: z.literal('nonserviceable_address'),
  operator_id: plainText.min(1),
  epoch_millis: z.number().int().nonnegative(),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'day must be YYYY-MM-DD'),
  id_type: z.literal(NOTIFY_ID_TYPE_EMAIL),
  id_value: email,
  first_name: personName,
  middle_name: optionalText,
  last_name: personName,
  suffix: optionalText,
  msisdn: z
    .string()
    .regex(/^63\d{9,10}$/, 'msisdn must be 63 followed by 9 or 10 digits')
    .optional(),
  address_type: z.enum(PROPERTY_TYPES),
  province: plainText.min(1),
  city: plainText.min(1),
  barangay: plainText.min(1),
  house_number: optionalText,
  street: optionalText,
  village: optionalText,
  latitude: ZLatitude,
  longitude: ZLongitude,
  floor: optionalText,
  unit_number: optionalText,
  building_name: optionalText,
  page_location: z
    .string()
    .max(2048)
    .regex(/^[^<>\p{Cc}\p{Cs}]*$/u, MESSAGE_SPECIAL_CHARACTERS),
});
export type TNonserviceableAddressEvent = z.infer<typeof ZNonserviceableAddressEvent>;

export const ZUnregisteredEvent = z.discriminatedUnion('event_type', [
  ZPageViewEvent,
  ZPageClickEvent,
  ZNonserviceableAddressEvent,
]);
export type TUnregisteredEvent = z.infer<typeof ZUnregisteredEvent>;

const ZEvents = z.array(ZAnalyticsEvent).min(1).max(MAX_EVENTS_PER_BATCH);

export const ZSubmitEventsUnregisteredRequest = z.object({
  application_id: shortText.min(1),
  events: z.array(ZUnregisteredEvent).min(1).max(MAX_EVENTS_PER_BATCH),
});
export type TSubmitEventsUnregisteredRequest = z.infer<typeof ZSubmitEventsUnregisteredRequest>;

export const ZSubmitEventsClientRequest = z.object({
  target_id: shortText.min(1),
  target_type: z.literal(TARGET_TYPE_USER),
  events: ZEvents,
});
export type TSubmitEventsClientRequest = z.infer<typeof ZSubmitEventsClientRequest>;

export const ZSubmitEventsResponse = envelopeWith({
  accepted: z.number().int(),
  /** After a notify-me event: how many requests its barangay now has. */
  waitlist: z.object({ requests: z.number().int() }).optional(),
});
export type TSubmitEventsResponse = z.infer<typeof ZSubmitEventsResponse>;

/** The call's one description (ADR 024). */
export const submitEventsUnregisteredCall = defineCall({
  path: SUBMIT_EVENTS_UNREGISTERED_PATH,
  auth: 'none',
  target: null,
  request: ZSubmitEventsUnregisteredRequest,
  reply: ZSubmitEventsResponse,
  // Notify-me requests past a client address's or an email's budget (ADR 022); events past the
  // address's minute or hour (ADR 097).
  errors: ['common.TOO_MANY_REQUESTS'],
});

export const submitEventsClientCall = defineCall({
  path: SUBMIT_EVENTS_CLIENT_PATH,
  auth: 'required',
  target: TARGET_TYPE_USER,
  request: ZSubmitEventsClientRequest,
  reply: ZSubmitEventsResponse,
  // ADR 097: events past the client address's minute or hour.
  errors: ['common.TOO_MANY_REQUESTS'],
});
