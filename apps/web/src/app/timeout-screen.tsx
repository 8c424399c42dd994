import { useLocation } from 'react-router';
import { PaymentTimeoutScreen } from '../features/pay/result-screens';
import { readPayIds } from '../features/pay/pay-outcome';
import { TimeoutScreen as CheckTimeoutScreen } from '../features/serviceability/problem-screens';

/**
 * product §2.2 /serviceability/timeout serves two waits: the address check (serviceability) and the
 * wallet's answer (pay, ADR 045). A payment's page carries its ids in the query; anything else is the
 * address check's.
 */
export function TimeoutScreen() {
  const location = useLocation();
  const ids = readPayIds(location.search);
  if (ids.paymentSessionId || ids.orderId) return <PaymentTimeoutScreen />;
  return <CheckTimeoutScreen />;
}
