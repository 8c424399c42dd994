import {
  fetchPaymentSessionDataCall,
  type TPaymentSession,
} from '@konek/contract/fetch-payment-session-data';
import { call, mapReply, type CallResult } from '../../../lib/call';

// product §7.1 fetch payment session data (payment_session_id, application_id): the payment's status,
// what it was for and why it failed (ADR 038). Unknown, malformed or another account's session: the
// server answers the same 404.

export async function fetchPaymentSession(
  paymentSessionId: string,
  applicationId: string,
  signal?: AbortSignal,
): Promise<CallResult<TPaymentSession>> {
  const result = await call(
    fetchPaymentSessionDataCall,
    { payment_session_id: paymentSessionId, application_id: applicationId },
    { signal },
  );
  return mapReply(result, (reply) => reply.payment_session);
}
