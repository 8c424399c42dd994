import {
  VALIDATE_REFERRAL_PATH,
  ZValidateReferralResponse,
} from '@konek/contract/validate-referral';
import { TARGET_TYPE_ACCOUNT } from '@konek/contract/constants';
import { SUCCESS_CODE } from '@konek/contract/envelope';
import { apiPost } from '../../../lib/api-client';

// spec §7.1 "validate referral"; spec §8: INVALID_REFERRAL_CODE 3, ALREADY_REFERRED 5, SELF_REFERRAL 8
// come back with the referral module's message, which is shown as is.

export type ReferralResult =
  { kind: 'accepted'; referralCode: string } | { kind: 'rejected'; message: string };

export async function validateReferral(input: {
  accountId: string;
  operatorName: string;
  referralCode: string;
}): Promise<ReferralResult> {
  const reply = await apiPost(
    VALIDATE_REFERRAL_PATH,
    {
      referral_code: input.referralCode,
      target_id: input.accountId,
      target_type: TARGET_TYPE_ACCOUNT,
      operator_name: input.operatorName,
    },
    { authenticated: true },
  );
  if (reply.code !== SUCCESS_CODE) return { kind: 'rejected', message: reply.message };
  const parsed = ZValidateReferralResponse.safeParse(reply);
  if (!parsed.success) {
    return { kind: 'rejected', message: "We couldn't check this code. Please try again." };
  }
  return { kind: 'accepted', referralCode: parsed.data.referral_code };
}
