import { previewPricingCall, type TTotalPrice } from '@konek/contract/preview-pricing';
import { validateReferralCall } from '@konek/contract/validate-referral';
import { call } from '../../../lib/call';

// product §7.1 preview pricing (the server's price of the plan with the vouchers, ADR 013) and validate
// referral (ADR 014). The screen shows the server's numbers; create order prices again on the server.

export type PriceRead =
  | { kind: 'ok'; totalPrice: TTotalPrice }
  /**
   * A voucher refused (not found, expired, used up, not for this plan): the server's message and, when it
   * names one, the code refused.
   */
  | { kind: 'refused'; message: string; voucherCode: string | null };

export async function previewPrice(
  input: { accountId: string; operatorName: string; offerId: string; voucherCodes: string[] },
  signal?: AbortSignal,
): Promise<PriceRead> {
  const result = await call(
    previewPricingCall,
    {
      voucher_codes: input.voucherCodes,
      target_id: input.accountId,
      operator_name: input.operatorName,
      entity_ids: [{ id: input.offerId, type: 'offer', quantity: 1 }],
    },
    { signal },
  );
  if (!result.ok) {
    const named = result.reply?.['voucher_code'];
    return {
      kind: 'refused',
      message: result.message,
      voucherCode: typeof named === 'string' ? named : null,
    };
  }
  return { kind: 'ok', totalPrice: result.reply.total_price };
}

export type ReferralRead =
  { kind: 'accepted'; code: string } | { kind: 'refused'; message: string };

export async function checkReferral(input: {
  accountId: string;
  operatorName: string;
  referralCode: string;
}): Promise<ReferralRead> {
  const result = await call(validateReferralCall, {
    referral_code: input.referralCode,
    target_id: input.accountId,
    operator_name: input.operatorName,
  });
  if (!result.ok) return { kind: 'refused', message: result.message };
  return { kind: 'accepted', code: result.reply.referral_code };
}
