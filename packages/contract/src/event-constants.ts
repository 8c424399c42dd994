// product §3 / §7.1: the event calls' paths and identifier types. Kept apart from the zod schemas of
// submit-events.ts, so the analytics code that ships with every page does not pull zod in.

export const SUBMIT_EVENTS_CLIENT_PATH = '/api/v3/event/submit/client';
export const SUBMIT_EVENTS_UNREGISTERED_PATH = '/api/v3/event/submit/unregistered';

/** A signed-in user's events: id_value is the user id. */
export const ANALYTICS_ID_TYPE_USER = 3;
/** An anonymous visitor's events: id_value is the device id. */
export const ANALYTICS_ID_TYPE_DEVICE = 100;
/** A notify-me request: id_value is the visitor's email. */
export const NOTIFY_ID_TYPE_EMAIL = 101;
/** ADR 097: a bigger batch is refused (400 naming `events`); the web app sends at most this many. */
export const MAX_EVENTS_PER_BATCH = 20;
