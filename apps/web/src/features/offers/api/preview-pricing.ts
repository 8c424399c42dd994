import { previewPricingCall, type TTotalPrice } from '@konek/contract/preview-pricing';
import { call } from '../../../lib/call';

// product §7.1 "preview pricing", §3 "Pricing preview result": the server prices the offer and its
// vouchers (ADR 013, integer centavos); the browser only shows the answer.

export type PreviewResult =
  | { kind: 'ok'; totalPrice: TTotalPrice }
  /** An invalid, expired, used-up or not-applicable voucher: the server's message (product §8). */
  | { kind: 'failed'; message: string };

export type PreviewInput = {
  accountId: string;
  operatorName: string;
  offerId: string;
  voucherCodes: readonly string[];
};

export async function previewPricing(
  input: PreviewInput,
  signal?: AbortSignal,
): Promise<PreviewResult> {
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
  if (!result.ok) return { kind: 'failed', message: result.message };
  return { kind: 'ok', totalPrice: result.reply.total_price };
}
