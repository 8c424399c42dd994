import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';

// How many notify-me requests an area has (the notify-me screen shows it: "N neighbours asked too").

export const WAITLIST_COUNT_PATH = '/api/v3/waitlist/count';

export const ZWaitlistCountRequest = z.object({
  province: z.string().min(1).max(255),
  city: z.string().min(1).max(255),
  barangay: z.string().min(1).max(255),
});
export type TWaitlistCountRequest = z.infer<typeof ZWaitlistCountRequest>;

export const ZWaitlistCountResponse = envelopeWith({ requests: z.number().int().nonnegative() });
export type TWaitlistCountResponse = z.infer<typeof ZWaitlistCountResponse>;

/** The call's one description (ADR 024). */
export const waitlistCountCall = defineCall({
  path: WAITLIST_COUNT_PATH,
  auth: 'none',
  target: null,
  request: ZWaitlistCountRequest,
  reply: ZWaitlistCountResponse,
});
