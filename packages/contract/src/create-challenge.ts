import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
import { ZMsisdn } from './msisdn';
import { codeIssuedFields } from './create-otp';

// product §7.1 "create challenge" (forgot PIN): a reset code goes by SMS to a registered number; the
// challenge_id names it in verify_challenge.

export const CREATE_CHALLENGE_PATH = '/api/v3/user/create_challenge';

/** product §7.1: the PIN-reset challenge is context_type 4, challenge_type 0. */
export const CHALLENGE_CONTEXT_TYPE_PIN_RESET = 4;
export const CHALLENGE_TYPE_SMS_CODE = 0;

export const ZCreateChallengeRequest = z.object({
  msisdn: ZMsisdn,
  application_id: z.string().min(1).max(64),
  context_type: z.literal(CHALLENGE_CONTEXT_TYPE_PIN_RESET),
  challenge_type: z.literal(CHALLENGE_TYPE_SMS_CODE),
});
export type TCreateChallengeRequest = z.infer<typeof ZCreateChallengeRequest>;

export const ZCreateChallengeResponse = envelopeWith({
  challenge_id: z.string(),
  ...codeIssuedFields,
});
export type TCreateChallengeResponse = z.infer<typeof ZCreateChallengeResponse>;

/** The call's one description (ADR 024). */
export const createChallengeCall = defineCall({
  path: CREATE_CHALLENGE_PATH,
  auth: 'none',
  target: null,
  request: ZCreateChallengeRequest,
  reply: ZCreateChallengeResponse,
  errors: [
    'auth.LOGIN_NOT_FOUND',
    'otp.OTP_RESEND_TOO_SOON',
    'otp.OTP_HOURLY_LIMIT',
    'common.SERVICE_UNAVAILABLE',
  ],
  rateLimited: true,
});
