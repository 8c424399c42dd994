import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';

// ADR 094: when fibre reaches a household on the notify-me waitlist, Konek tells it once by SMS and
// email. Each message carries two signed links: one opens Konek at the household's address with the
// check done, one unsubscribes its email from the waitlist's messages. Konek's own calls (not product
// §7), under the waitlist prefix; no account needed, the token is the proof.

export const ALERT_LINK_KINDS = ['open', 'unsubscribe'] as const;
export type TAlertLinkKind = (typeof ALERT_LINK_KINDS)[number];

/** The query parameters of `/` that carry a link's token. */
export const ARRIVED_QUERY = 'arrived';
export const UNSUBSCRIBE_QUERY = 'unsubscribe';

const ZLinkToken = z.object({ token: z.string().trim().min(1).max(200) });

export const ARRIVED_ADDRESS_PATH = '/api/v3/waitlist/arrived_address';
export const WAITLIST_UNSUBSCRIBE_PATH = '/api/v3/waitlist/unsubscribe';

/** The address the household gave on notify-me, as it gave it. */
export const ZArrivedAddress = z.object({
  address_type: z.string(),
  province: z.string(),
  city: z.string(),
  barangay: z.string(),
  house_number: z.string().nullable(),
  street: z.string().nullable(),
  village: z.string().nullable(),
  floor: z.string().nullable(),
  unit_number: z.string().nullable(),
  building_name: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export type TArrivedAddress = z.infer<typeof ZArrivedAddress>;

export const arrivedAddressCall = defineCall({
  path: ARRIVED_ADDRESS_PATH,
  auth: 'none',
  target: null,
  request: ZLinkToken,
  reply: envelopeWith({ address: ZArrivedAddress }),
  errors: ['coverage_alert.LINK_INVALID'],
});

export const waitlistUnsubscribeCall = defineCall({
  path: WAITLIST_UNSUBSCRIBE_PATH,
  auth: 'none',
  target: null,
  request: ZLinkToken,
  reply: envelopeWith({ unsubscribed: z.literal(true) }),
  errors: ['coverage_alert.LINK_INVALID'],
});

// ── The network planner's view of the alerts (/api/ops) ─────────────────────────────────────────

export const OPS_COVERAGE_ALERTS_PATH = '/api/ops/coverage/alerts';
export const OPS_RETRY_COVERAGE_ALERTS_PATH = '/api/ops/coverage/alerts/retry';

export const ZCoverageAlertCounts = z.object({
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type TCoverageAlertCounts = z.infer<typeof ZCoverageAlertCounts>;

/** How many alerts are queued, being handed over, sent, failed and skipped. */
export const opsCoverageAlertsCall = defineCall({
  path: OPS_COVERAGE_ALERTS_PATH,
  auth: 'required',
  target: null,
  request: z.object({}).nullish(),
  reply: envelopeWith({ counts: ZCoverageAlertCounts }),
  errors: ['ops.ROLE_NOT_ALLOWED'],
});

/** Queues the failed alerts again (each is handed over once more). */
export const opsRetryCoverageAlertsCall = defineCall({
  path: OPS_RETRY_COVERAGE_ALERTS_PATH,
  auth: 'required',
  target: null,
  request: z.object({}).nullish(),
  reply: envelopeWith({ requeued: z.number().int() }),
  errors: ['ops.ROLE_NOT_ALLOWED'],
});
