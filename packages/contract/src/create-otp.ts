import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
import { ZMsisdn } from './msisdn';

// product §7.1 "send OTP": msisdn → (not shown) a reference_id that verify_otp names, plus the limits the
// screen shows (expiry, resend countdown). The code goes by SMS; it proves the number for sign-up.

export const createOtpPath = (ossSegment: string) => `/api/v3/${ossSegment}/otp/create_otp`;

export const ZCreateOtpRequest = z.object({ msisdn: ZMsisdn });
export type TCreateOtpRequest = z.infer<typeof ZCreateOtpRequest>;

export const codeIssuedFields = {
  expires_in_seconds: z.number().int(),
  resend_after_seconds: z.number().int(),
};

export const ZCreateOtpResponse = envelopeWith({
  reference_id: z.string(),
  ...codeIssuedFields,
});
export type TCreateOtpResponse = z.infer<typeof ZCreateOtpResponse>;

/** The call's one description (ADR 024). */
export const createOtpCall = defineCall({
  path: createOtpPath,
  auth: 'none',
  target: null,
  request: ZCreateOtpRequest,
  reply: ZCreateOtpResponse,
  errors: ['otp.OTP_RESEND_TOO_SOON', 'otp.OTP_HOURLY_LIMIT', 'common.SERVICE_UNAVAILABLE'],
  rateLimited: true,
});
