import { validateReferralCall } from '@konek/contract/validate-referral';
import { call } from '../../../lib/call';

// product §7.1 "validate referral"; product §8: INVALID_REFERRAL_CODE 3, ALREADY_REFERRED 5, SELF_REFERRAL 8
// come back with the referral module's message, which is shown as is.

export type ReferralResult =
  { kind: 'accepted'; referralCode: string } | { kind: 'rejected'; message: string };

export async function validateReferral(input: {
  accountId: string;
  operatorName: string;
  referralCode: string;
}): Promise<ReferralResult> {
  const result = await call(validateReferralCall, {
    referral_code: input.referralCode,
    target_id: input.accountId,
    operator_name: input.operatorName,
  });
  if (!result.ok) return { kind: 'rejected', message: result.message };
  return { kind: 'accepted', referralCode: result.reply.referral_code };
}
