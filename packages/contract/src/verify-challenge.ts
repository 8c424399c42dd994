import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
import { ZMsisdn } from './msisdn';
import { ZPinSecret } from './pin-hash';
import { ZOtpCode } from './verify-otp';
import { CHALLENGE_CONTEXT_TYPE_PIN_RESET, CHALLENGE_TYPE_SMS_CODE } from './create-challenge';

// product §7.1 "verify challenge": the reset code and the new PIN (hashed, as login_secret). Success sets
// the PIN, unlocks the account and signs out every device (ADR 008); the customer then signs in. Without
// `new_secret` the call only confirms the code (ADR 029): checkotp asks it before the new PIN is chosen;
// a wrong try counts, a right code stays usable, and the reply says pin_changed false.

export const VERIFY_CHALLENGE_PATH = '/api/v3/user/verify_challenge';

export const ZVerifyChallengeRequest = z.object({
  challenge_type: z.literal(CHALLENGE_TYPE_SMS_CODE),
  context_type: z.literal(CHALLENGE_CONTEXT_TYPE_PIN_RESET),
  msisdn: ZMsisdn,
  challenge_id: z.string().min(1).max(64),
  otp_code: ZOtpCode,
  /** `hashPin(msisdn, newPin)` from pin-hash.ts; absent to only confirm the code. */
  new_secret: ZPinSecret.optional(),
  operator_name: z.string().min(1).max(64),
  application_id: z.string().min(1).max(64),
});
export type TVerifyChallengeRequest = z.infer<typeof ZVerifyChallengeRequest>;

export const ZVerifyChallengeResponse = envelopeWith({ pin_changed: z.boolean() });
export type TVerifyChallengeResponse = z.infer<typeof ZVerifyChallengeResponse>;

/** The call's one description (ADR 024). */
export const verifyChallengeCall = defineCall({
  path: VERIFY_CHALLENGE_PATH,
  auth: 'none',
  target: null,
  request: ZVerifyChallengeRequest,
  reply: ZVerifyChallengeResponse,
  errors: [
    'auth.LOGIN_NOT_FOUND',
    'auth.PIN_TOO_COMMON',
    'otp.OTP_INVALID',
    'otp.OTP_EXPIRED',
    'otp.OTP_ALREADY_USED',
    'otp.OTP_TOO_MANY_ATTEMPTS',
  ],
  rateLimited: true,
});
