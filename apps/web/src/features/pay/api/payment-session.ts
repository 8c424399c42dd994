import {
  fetchPaymentSessionDataCall,
  type TPaymentSession,
} from '@konek/contract/fetch-payment-session-data';
import { call, type CallFailure } from '../../../lib/call';

// product §7.1 fetch payment session data (payment_session_id, application_id): the payment's status,
// what it was for and why it failed (ADR 038).

export type SessionRead =
  | { kind: 'ok'; session: TPaymentSession }
  /** Unknown, malformed or another account's session: the server answers the same 404. */
  | { kind: 'not-found' }
  | { kind: 'failed'; failure: CallFailure };

export async function fetchPaymentSession(
  paymentSessionId: string,
  applicationId: string,
  signal?: AbortSignal,
): Promise<SessionRead> {
  const result = await call(
    fetchPaymentSessionDataCall,
    { payment_session_id: paymentSessionId, application_id: applicationId },
    { signal },
  );
  if (result.ok) return { kind: 'ok', session: result.reply.payment_session };
  if (result.status === 404) return { kind: 'not-found' };
  return { kind: 'failed', failure: result };
}
