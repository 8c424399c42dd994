import { previewPricingCall, type TTotalPrice } from '@konek/contract/preview-pricing';
import { validateReferralCall } from '@konek/contract/validate-referral';
import { call, mapReply, type CallFailure, type CallResult } from './call';

// product §7.1 preview pricing (the server's price of the plan with the vouchers, ADR 013, integer
// centavos) and validate referral (ADR 014), for the offers page and the pay page alike. The screens show
// the server's numbers; create order prices again on the server.

export type PriceInput = {
  accountId: string;
  operatorName: string;
  offerId: string;
  voucherCodes: readonly string[];
};

/** The plan's price with the vouchers; a refused voucher is a failure with the server's message. */
export async function previewPrice(
  input: PriceInput,
  signal?: AbortSignal,
): Promise<CallResult<TTotalPrice>> {
  const result = await call(
    previewPricingCall,
    {
      voucher_codes: [...input.voucherCodes],
      target_id: input.accountId,
      operator_name: input.operatorName,
      entity_ids: [{ id: input.offerId, type: 'offer', quantity: 1 }],
    },
    { signal },
  );
  return mapReply(result, (reply) => reply.total_price);
}

/** The voucher code a refused price names (not found, expired, used up, not for this plan), if any. */
export function refusedVoucherCode(failure: CallFailure): string | null {
  const named = failure.reply?.['voucher_code'];
  return typeof named === 'string' ? named : null;
}

/**
 * The referral code as the server accepted it; product §8 INVALID_REFERRAL_CODE, ALREADY_REFERRED and
 * SELF_REFERRAL come back as failures with the referral module's message, shown as is.
 */
export async function checkReferral(input: {
  accountId: string;
  operatorName: string;
  referralCode: string;
}): Promise<CallResult<string>> {
  const result = await call(validateReferralCall, {
    referral_code: input.referralCode,
    target_id: input.accountId,
    operator_name: input.operatorName,
  });
  return mapReply(result, (reply) => reply.referral_code);
}
