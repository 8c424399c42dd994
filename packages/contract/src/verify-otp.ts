import * as z from 'zod';
import { defineCall } from './call';
import { OTP_LENGTH } from './identity-limits';
import { envelopeWith } from './envelope';
import { ZMsisdn } from './msisdn';

// product §7.1 "verify OTP": msisdn, code, reference_id. A verified sign-up code lets the number register
// for 10 minutes (ADR 009) and its reference_id reads the subscriber profile (get account, prepaid).

export const verifyOtpPath = (ossSegment: string) => `/api/v3/${ossSegment}/otp/verify_otp`;

export const ZOtpCode = z
  .string()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `must be the ${OTP_LENGTH}-digit code`);

export const ZVerifyOtpRequest = z.object({
  msisdn: ZMsisdn,
  code: ZOtpCode,
  reference_id: z.string().min(1).max(64),
});
export type TVerifyOtpRequest = z.infer<typeof ZVerifyOtpRequest>;

export const ZVerifyOtpResponse = envelopeWith({
  reference_id: z.string(),
  verified: z.literal(true),
});
export type TVerifyOtpResponse = z.infer<typeof ZVerifyOtpResponse>;

/** The call's one description (ADR 024). */
export const verifyOtpCall = defineCall({
  path: verifyOtpPath,
  auth: 'none',
  target: null,
  request: ZVerifyOtpRequest,
  reply: ZVerifyOtpResponse,
  errors: [
    'otp.OTP_INVALID',
    'otp.OTP_EXPIRED',
    'otp.OTP_ALREADY_USED',
    'otp.OTP_TOO_MANY_ATTEMPTS',
  ],
});
