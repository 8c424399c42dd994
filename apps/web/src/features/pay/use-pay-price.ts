import { useQuery, useQueryClient } from '@tanstack/react-query';
import { previewPrice, type PriceRead } from './api/price';

type PriceInput = {
  accountId: string;
  operatorName: string;
  offerId: string;
  voucherCodes: string[];
};

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
export function usePayPrice(input: PriceInput) {
  const queryClient = useQueryClient();
  const base = useQuery(priceQuery({ ...input, voucherCodes: [] }));
  const applied = useQuery({ ...priceQuery(input), enabled: input.voucherCodes.length > 0 });
  const previewWith = (voucherCodes: string[]): Promise<PriceRead> =>
    queryClient.fetchQuery(priceQuery({ ...input, voucherCodes }));
  return { base, applied, previewWith };
}
