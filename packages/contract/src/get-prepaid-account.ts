import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
import { ZLocalMsisdn } from './msisdn';

// product §7.1 "get account (prepaid)" at /api/v3/{oss}/get_account: the number without the 63 prefix and
// the reference_id of a code verified for it → the operator's subscriber profile (product §3 "Account
// profile"), which pre-fills the details form.

export const getPrepaidAccountPath = (ossSegment: string) => `/api/v3/${ossSegment}/get_account`;

export const ZGetPrepaidAccountRequest = z.object({
  msisdn: ZLocalMsisdn,
  reference_id: z.string().min(1).max(64),
});
export type TGetPrepaidAccountRequest = z.infer<typeof ZGetPrepaidAccountRequest>;

export const ZSubscriberProfile = z.object({
  first_name: z.string(),
  /** Empty when the subscriber has none. */
  middle_name: z.string(),
  last_name: z.string(),
  gender: z.enum(['Male', 'Female']),
  /** product §3: DD/MM/YYYY. */
  birthday: z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/),
  email: z.string(),
  mother_maiden_name: z.string(),
});
export type TSubscriberProfile = z.infer<typeof ZSubscriberProfile>;

export const ZGetPrepaidAccountResponse = envelopeWith({ result: ZSubscriberProfile });
export type TGetPrepaidAccountResponse = z.infer<typeof ZGetPrepaidAccountResponse>;

/** The call's one description (ADR 024). */
export const getPrepaidAccountCall = defineCall({
  path: getPrepaidAccountPath,
  auth: 'none',
  target: null,
  request: ZGetPrepaidAccountRequest,
  reply: ZGetPrepaidAccountResponse,
  errors: ['subscriber.REFERENCE_NOT_VERIFIED', 'subscriber.PROFILE_NOT_FOUND'],
});
