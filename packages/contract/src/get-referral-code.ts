import * as z from 'zod';
import { defineCall } from './call';
import { TARGET_TYPE_ACCOUNT } from './constants';
import { envelopeWith } from './envelope';
import { accountTargetFields } from './targets';

// Not in the spec (ADR 014): a signed-in customer's own referral code, to share with friends. The
// account gets its code on the first call; later calls answer the same code.

export const GET_REFERRAL_CODE_PATH = '/api/v3/referral/get_my_code';

export const ZGetReferralCodeRequest = z.object(accountTargetFields);
export type TGetReferralCodeRequest = z.infer<typeof ZGetReferralCodeRequest>;

export const ZGetReferralCodeResponse = envelopeWith({
  referral_code: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type TGetReferralCodeResponse = z.infer<typeof ZGetReferralCodeResponse>;

/** The call's one description (ADR 024). */
export const getReferralCodeCall = defineCall({
  path: GET_REFERRAL_CODE_PATH,
  auth: 'required',
  target: TARGET_TYPE_ACCOUNT,
  request: ZGetReferralCodeRequest,
  reply: ZGetReferralCodeResponse,
});
