import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { pesoText } from '../../lib/number-formats';
import { paymentMethodByNumber } from '@konek/contract/payment-methods';
import { withMinimumDelay } from '../../lib/min-delay';
import { Spinner } from '../../ui/spinner';
import { StatusCard, StatusText } from '../../ui/status-card';
import { NoPaymentCard, SignInToSee } from './no-payment';
import { scheduleNoticeState } from '../../lib/schedule-notice';
import { payPath, screenFor } from './pay-outcome';
import { usePaymentResult, type PaymentResult } from './use-payment-result';
import { PAYLOADING_GIVE_UP_MS, PAYLOADING_POLL_MS, waitingSince } from './waiting-clock';
import styles from './result-screens.module.css';
import { i18n } from '../../i18n/i18n';

/** Whether the wallet has answered: the payment is no longer pending, or the order is paid. */
function isSettled(result: Extract<PaymentResult, { kind: 'ready' }>): boolean {
  if (result.order?.purchased) return true;
  if (result.session) return result.session.status !== 'pending';
  return result.order !== null && result.order.state_name !== 'awaiting_payment';
}

/**
 * product §2.2 /serviceability/payloading: the wallet sends the customer back here. It asks the server
 * about the payment every 2 s (each read at least product §9's 200 ms) until the wallet has answered,
 * then moves to the result; after 90 s of no answer it says so on the timeout page. The payment's id is
 * in the URL, so a refresh keeps waiting for the same payment, on the same clock.
 */
export function PayLoadingScreen() {
  const { result } = usePaymentResult({ pollMs: PAYLOADING_POLL_MS, pace: withMinimumDelay });
  const ids = result && 'ids' in result ? result.ids : null;
  const clockKey = ids?.paymentSessionId ?? ids?.orderId ?? null;
  const [hasGivenUp, setHasGivenUp] = useState(false);
  useEffect(() => {
    if (!clockKey) return undefined;
    const left = waitingSince(clockKey) + PAYLOADING_GIVE_UP_MS - Date.now();
    const timer = window.setTimeout(() => setHasGivenUp(true), Math.max(0, left));
    return () => window.clearTimeout(timer);
  }, [clockKey]);

  if (!result) return <Waiting result={null} />;
  if (result.kind === 'failed') {
    return hasGivenUp ? (
      <Navigate to={payPath('timeout', result.ids)} replace />
    ) : (
      <Waiting result={null} />
    );
  }
  if (result.kind === 'none' || result.kind === 'not-found') return <NoPaymentCard />;
  if (result.kind === 'signed-out') return <SignInToSee />;
  if (isSettled(result)) {
    const screen = screenFor(result.session, result.order);
    return (
      <Navigate
        to={payPath(screen, result.ids)}
        replace
        state={screen === 'schedule' ? scheduleNoticeState('paid-needs-new-time') : undefined}
      />
    );
  }
  if (hasGivenUp) return <Navigate to={payPath('timeout', result.ids)} replace />;
  return <Waiting result={result} />;
}

function Waiting({ result }: { result: Extract<PaymentResult, { kind: 'ready' }> | null }) {
  const payment = result?.session ?? null;
  const wallet = payment ? paymentMethodByNumber(payment.payment_method)?.label : undefined;
  return (
    <StatusCard icon={<Spinner size="large" />} title={i18n._('Confirming your payment')}>
      <StatusText role="status">
        {payment && wallet
          ? i18n._('We’re waiting for {wallet} to confirm your payment of {amount}.', {
              wallet,
              amount: pesoText(payment.amount),
            })
          : i18n._('We’re waiting for your e-wallet to confirm your payment.')}
      </StatusText>
      <StatusText>
        {i18n._(
          'This usually takes a few seconds. Please keep this page open; you won’t be charged twice.',
        )}
      </StatusText>
      {payment?.checkout_url && wallet ? (
        <p className={styles.aside}>
          {i18n._('Closed the payment page before finishing?')}{' '}
          <a href={payment.checkout_url}>{i18n._('Go back to {wallet}', { wallet })}</a>
        </p>
      ) : null}
    </StatusCard>
  );
}
