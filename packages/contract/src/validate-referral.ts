import * as z from 'zod';
import { defineCall } from './call';
import { TARGET_TYPE_ACCOUNT } from './constants';
import { envelopeWith } from './envelope';
import { ZOperatorName } from './get-offers';
import { ZTypedCode } from './offer-codes';
import { accountTargetFields } from './targets';

// product §7.1 "validate referral": referral_code, target_id, target_type, operator_name; product §8 referral
// codes INVALID_REFERRAL_CODE 3, ALREADY_REFERRED 5, SELF_REFERRAL 8. ADR 014: the target is the
// account that would be referred (type 2); validating records nothing.

export const VALIDATE_REFERRAL_PATH = '/api/v3/referral/validate_referral';

export const ZValidateReferralRequest = z.object({
  referral_code: ZTypedCode,
  ...accountTargetFields,
  operator_name: ZOperatorName,
});
export type TValidateReferralRequest = z.infer<typeof ZValidateReferralRequest>;

/** code 0: the code is accepted; any other answer is one of the referral module's codes. */
export const ZValidateReferralResponse = envelopeWith({
  /** The code as stored (upper case, no spaces or hyphens): what the order should carry. */
  referral_code: z.string(),
});
export type TValidateReferralResponse = z.infer<typeof ZValidateReferralResponse>;

/** The call's one description (ADR 024). */
export const validateReferralCall = defineCall({
  path: VALIDATE_REFERRAL_PATH,
  auth: 'required',
  target: TARGET_TYPE_ACCOUNT,
  request: ZValidateReferralRequest,
  reply: ZValidateReferralResponse,
  errors: ['referral.INVALID_REFERRAL_CODE', 'referral.ALREADY_REFERRED', 'referral.SELF_REFERRAL'],
});
