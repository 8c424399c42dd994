import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { webConfigQuery } from '../../lib/web-config';
import { previewPrice } from '../../lib/pricing';

/**
 * The offer's price with no voucher, and a mutation that previews it with one voucher (product §7.1
 * preview pricing). Both are the server's numbers; the browser never adds or subtracts them.
 */
export function usePricePreview(offerId: string, accountId: string) {
  const queryClient = useQueryClient();
  const operatorName = async () => (await queryClient.ensureQueryData(webConfigQuery)).operatorName;
  const base = useQuery({
    queryKey: ['price-preview', offerId, accountId],
    queryFn: async ({ signal }) =>
      previewPrice(
        { accountId, offerId, operatorName: await operatorName(), voucherCodes: [] },
        signal,
      ),
  });
  const withVoucher = useMutation({
    mutationFn: async (voucherCode: string) =>
      previewPrice({
        accountId,
        offerId,
        operatorName: await operatorName(),
        voucherCodes: [voucherCode],
      }),
  });
  return { base, withVoucher };
}
