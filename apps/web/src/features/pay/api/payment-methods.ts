import { offeredPaymentMethods, type OfferedPaymentMethods } from '@konek/contract/payment-methods';
import { PAYMENT_METHOD_CONFIG_KEY, remoteConfigGetCall } from '@konek/contract/remote-config-get';
import { call } from '../../../lib/call';

// product §3 "A remote setting for the payment method is read" (remote config, ADR 038): which wallets are
// offered, in which order, and which is preselected. A failed read offers the seeded default (all four,
// GCash first) — the server refuses a method it does not offer, so nothing wrong can be paid.

export async function fetchPaymentMethods(
  applicationId: string,
  signal?: AbortSignal,
): Promise<OfferedPaymentMethods> {
  const result = await call(
    remoteConfigGetCall,
    { keys: [PAYMENT_METHOD_CONFIG_KEY], application_id: applicationId },
    { signal },
  );
  const value = result.ok
    ? result.reply.result_set.find((entry) => entry.key === PAYMENT_METHOD_CONFIG_KEY)?.value
    : undefined;
  return offeredPaymentMethods(value);
}
