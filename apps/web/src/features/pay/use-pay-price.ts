import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTotalPrice } from '@konek/contract/preview-pricing';
import type { CallResult } from '../../lib/call';
import { previewPrice, type PriceInput } from '../../lib/pricing';

function priceQuery({ accountId, operatorName, offerId, voucherCodes }: PriceInput) {
  return {
    queryKey: ['pay-price', accountId, offerId, ...voucherCodes],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      previewPrice({ accountId, operatorName, offerId, voucherCodes }, signal),
  };
}

/**
 * product §7.1 preview pricing for the plan: its price with no voucher (the plan line) and with the
 * customer's vouchers (the discounts and the total), both the server's numbers. `previewWith` asks for a
 * new set of codes before the screen takes them, so a refused voucher only shows its message.
 */
export function usePayPrice(input: PriceInput & { voucherCodes: string[] }) {
  const queryClient = useQueryClient();
  const base = useQuery(priceQuery({ ...input, voucherCodes: [] }));
  const applied = useQuery({ ...priceQuery(input), enabled: input.voucherCodes.length > 0 });
  const previewWith = (voucherCodes: string[]): Promise<CallResult<TTotalPrice>> =>
    queryClient.fetchQuery(priceQuery({ ...input, voucherCodes }));
  return { base, applied, previewWith };
}
