import {
  PREVIEW_PRICING_PATH,
  ZPreviewPricingResponse,
  type TTotalPrice,
} from '@konek/contract/preview-pricing';
import { TARGET_TYPE_ACCOUNT } from '@konek/contract/constants';
import { SUCCESS_CODE } from '@konek/contract/envelope';
import { apiPost } from '../../../lib/api-client';

// spec §7.1 "preview pricing", §3 "Pricing preview result": the server prices the offer and its
// vouchers (ADR 013, integer centavos); the browser only shows the answer.

export type PreviewResult =
  | { kind: 'ok'; totalPrice: TTotalPrice }
  /** An invalid, expired, used-up or not-applicable voucher: the server's message (spec §8). */
  | { kind: 'failed'; message: string };

export type PreviewInput = {
  accountId: string;
  operatorName: string;
  offerId: string;
  voucherCodes: readonly string[];
};

const UNREADABLE = "We couldn't read the price. Please try again.";

export async function previewPricing(
  input: PreviewInput,
  signal?: AbortSignal,
): Promise<PreviewResult> {
  const reply = await apiPost(
    PREVIEW_PRICING_PATH,
    {
      voucher_codes: [...input.voucherCodes],
      target_id: input.accountId,
      target_type: TARGET_TYPE_ACCOUNT,
      operator_name: input.operatorName,
      entity_ids: [{ id: input.offerId, type: 'offer', quantity: 1 }],
    },
    { authenticated: true, signal },
  );
  if (reply.code !== SUCCESS_CODE) return { kind: 'failed', message: reply.message };
  const parsed = ZPreviewPricingResponse.safeParse(reply);
  if (!parsed.success) return { kind: 'failed', message: UNREADABLE };
  return { kind: 'ok', totalPrice: parsed.data.total_price };
}
