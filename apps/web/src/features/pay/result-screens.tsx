import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type {
  TPaymentFailureReason,
  TPaymentSession,
} from '@konek/contract/fetch-payment-session-data';
import { REFUND_CAUSES } from '@konek/contract/lifecycle';
import { PAYABLE_ORDER_STATES, type TOrder } from '@konek/contract/orders';
import { paymentMethodByNumber } from '@konek/contract/payment-methods';
import { PATHS } from '@konek/contract/routes';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { ButtonLink } from '../../ui/button-link';
import { buttonClassName } from '../../ui/button-styles';
import { AlertIcon, CheckCircleIcon, ErrorCircleIcon, InfoIcon } from '../../ui/icons';
import { ScreenLoading } from '../../ui/screen-loading';
import { StatusActions, StatusCard, StatusText } from '../../ui/status-card';
import { NoPaymentCard, SignInToSee } from './no-payment';
import { slotText } from '../../lib/formats';
import { mobileText, pesoText } from '../../lib/number-formats';
import { scheduleNoticeState } from '../../lib/schedule-notice';
import { payPath, screenFor, type PayIds, type PayScreen } from './pay-outcome';
import { usePaymentResult } from './use-payment-result';
import { restartWaiting } from './waiting-clock';
import styles from './result-screens.module.css';
import { i18n, msg } from '../../i18n/i18n';

// product §2.2 thanks, specialOfferOrderconfirmed, failed, ordercancelled and timeout after a payment
// (ADR 045). Each asks the server about the payment and its order; when they lead elsewhere (the wallet's
// cancel URL is the same for a decline, a cancel and an expiry) the page moves there, so no page claims
// what did not happen.

type Shown = { ids: PayIds; session: TPaymentSession | null; order: TOrder | null };

/** The page's content once the server has answered and this is the right page for it. */
function ResultFor({
  screen,
  about,
  children,
}: {
  screen: PayScreen;
  about: 'order' | 'payment';
  children: (shown: Shown) => ReactNode;
}) {
  const { result, query } = usePaymentResult();
  if (!result) return <ScreenLoading label={i18n._('Getting your order…')} />;
  if (result.kind === 'none' || result.kind === 'not-found') return <NoPaymentCard about={about} />;
  if (result.kind === 'signed-out') return <SignInToSee />;
  if (result.kind === 'failed') {
    return (
      <StatusCard icon={<AlertIcon />} tone="warning" title={i18n._('We couldn’t load your order')}>
        <StatusText>
          {i18n._('We couldn’t reach our system just now. Your payment is safe; please try again.')}
        </StatusText>
        <StatusActions>
          <Button onClick={() => void query.refetch()}>{i18n._('Try again')}</Button>
        </StatusActions>
      </StatusCard>
    );
  }
  const right = screenFor(result.session, result.order);
  // A payment the wallet has not answered yet is waited for on payloading, except on the timeout page,
  // which is where that wait ends.
  if (right !== screen && !(screen === 'timeout' && right === 'payloading')) {
    return (
      <Navigate
        to={payPath(right, result.ids)}
        replace
        state={right === 'schedule' ? scheduleNoticeState('paid-needs-new-time') : undefined}
      />
    );
  }
  return children(result);
}

function walletOf(shown: Shown): string {
  const number = shown.session?.payment_method ?? shown.order?.payment_method;
  return (number && paymentMethodByNumber(number)?.label) || i18n._('your e-wallet');
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function OrderConfirmed({ shown, isSpecial }: { shown: Shown; isSpecial: boolean }) {
  const session = useSession();
  const { order } = shown;
  const amount = shown.session?.amount ?? order?.amount;
  const installation = order?.installation ? slotText(order.installation) : null;
  const mobile = session?.mobileId ? mobileText(session.mobileId) : null;
  return (
    <StatusCard
      icon={<CheckCircleIcon />}
      tone="success"
      eyebrow={isSpecial ? i18n._('Special offer') : undefined}
      title={
        isSpecial ? i18n._('Your special offer is confirmed!') : i18n._('Thank you for your order!')
      }
    >
      <StatusText>
        {isSpecial
          ? i18n._(
              'Your special offer order is confirmed. We will text you before your installation.',
            )
          : i18n._('Your payment went through and your installation is booked.')}
      </StatusText>
      <dl className={styles.facts} aria-label={i18n._('Your order')}>
        {order ? <Fact label={i18n._('Order number')}>{order.order_number}</Fact> : null}
        {order ? (
          <Fact label={i18n._('Plan')}>
            {Object.values(order.entities.product)
              .map((product) => product.name)
              .join(', ')}
          </Fact>
        ) : null}
        {amount !== undefined ? (
          <Fact label={i18n._('Amount paid')}>
            {pesoText(amount)} <span className={styles.muted}>({walletOf(shown)})</span>
          </Fact>
        ) : null}
        {installation ? <Fact label={i18n._('Installation')}>{installation}</Fact> : null}
      </dl>
      {mobile ? (
        <StatusText className={styles.muted}>
          {i18n._('We’ve sent a confirmation by SMS to {mobile}.', { mobile })}
        </StatusText>
      ) : null}
      <StatusActions>
        <ButtonLink to={PATHS.trackmyorder} data-tag="thanks_track_order">
          {i18n._('Track my order')}
        </ButtonLink>
        <ButtonLink to={PATHS.home} variant="secondary" data-tag="thanks_home">
          {i18n._('Back to home page')}
        </ButtonLink>
      </StatusActions>
    </StatusCard>
  );
}

export function ThanksScreen() {
  return (
    <ResultFor screen="thanks" about="order">
      {(shown) => <OrderConfirmed shown={shown} isSpecial={false} />}
    </ResultFor>
  );
}

export function SpecialOfferConfirmedScreen() {
  return (
    <ResultFor screen="specialOfferOrderconfirmed" about="order">
      {(shown) => <OrderConfirmed shown={shown} isSpecial />}
    </ResultFor>
  );
}

function TryAgain(props: { 'data-tag': string }) {
  return (
    <ButtonLink to={PATHS.pay} {...props}>
      {i18n._('Try again')}
    </ButtonLink>
  );
}

// Why the wallet refused, in the customer's words (the catalogue's message is the same for every refusal).
const FAILURE_TEXTS: Record<TPaymentFailureReason, string> = {
  insufficient_funds: msg(
    /*i18n*/ '{wallet} declined the payment because there are not enough funds in your wallet.',
  ),
  declined: msg(/*i18n*/ '{wallet} declined the payment.'),
  cancelled: msg(/*i18n*/ 'The payment on {wallet} was cancelled.'),
  expired: msg(/*i18n*/ 'The payment on {wallet} was not completed in time.'),
  // ADR 077: a payment the wallet took and the order does not keep; shown on ordercancelled.
  duplicate: msg(
    /*i18n*/ 'Your order was already paid, so this second payment is being refunded to {wallet} in full.',
  ),
  amount_mismatch: msg(
    /*i18n*/ '{wallet} charged a different amount than your order’s total, so we didn’t accept it. It is being refunded to {wallet} in full.',
  ),
  order_ended: msg(
    /*i18n*/ 'Your payment arrived after this order was cancelled, so it is being refunded to {wallet} in full.',
  ),
  not_fulfillable: msg(
    /*i18n*/ 'The fibre connection reserved for your home was released before your payment arrived, so it is being refunded to {wallet} in full.',
  ),
};

/** ADR 077: the payment was taken and is being given back. */
const isRefundCause = (reason: TPaymentFailureReason) =>
  (REFUND_CAUSES as readonly string[]).includes(reason);

function failureText(shown: Shown): string {
  const reason = shown.session?.failure?.reason ?? 'declined';
  return i18n._(FAILURE_TEXTS[reason], { wallet: walletOf(shown) });
}

export function PaymentFailedScreen() {
  return (
    <ResultFor screen="failed" about="payment">
      {(shown) => (
        <StatusCard icon={<ErrorCircleIcon />} tone="error" title={i18n._('Payment failed')}>
          <StatusText>{failureText(shown)}</StatusText>
          <StatusText>
            {i18n._('Nothing was charged. You can try again with the same or another e-wallet.')}
          </StatusText>
          <StatusActions>
            <TryAgain data-tag="failed_try_again" />
            <ButtonLink to={PATHS.home} variant="secondary">
              {i18n._('Back to home page')}
            </ButtonLink>
          </StatusActions>
        </StatusCard>
      )}
    </ResultFor>
  );
}

export function OrderCancelledScreen() {
  return (
    <ResultFor screen="ordercancelled" about="order">
      {(shown) => {
        const reason = shown.session?.failure?.reason;
        if (reason && isRefundCause(reason)) {
          return <PaymentGivenBack shown={shown} reason={reason} />;
        }
        const refunded =
          shown.session?.status === 'refunded' || shown.order?.state_name === 'refunded';
        const canPayAgain = !refunded && shown.order?.state_name !== 'cancelled';
        return (
          <StatusCard icon={<InfoIcon />} tone="warning" title={i18n._('Order cancelled')}>
            <StatusText>
              {refunded
                ? i18n._('Your order was cancelled and {amount} is being refunded to {wallet}.', {
                    amount: pesoText(shown.session?.refunded_amount ?? shown.order?.amount ?? 0),
                    wallet: walletOf(shown),
                  })
                : canPayAgain
                  ? i18n._(
                      'The payment on {wallet} was cancelled, so your order is not placed yet. Nothing was charged.',
                      {
                        wallet: walletOf(shown),
                      },
                    )
                  : i18n._(
                      'Your order has been cancelled. You can start a new order whenever you are ready.',
                    )}
            </StatusText>
            <StatusActions>
              {canPayAgain ? <TryAgain data-tag="ordercancelled_try_again" /> : null}
              <ButtonLink to={PATHS.home} variant={canPayAgain ? 'secondary' : undefined}>
                {i18n._('Back to home page')}
              </ButtonLink>
            </StatusActions>
          </StatusCard>
        );
      }}
    </ResultFor>
  );
}

/**
 * ADR 077: the wallet took money the order does not keep (a wrong amount, an order that had ended, a
 * connection released meanwhile): it is being given back in full, and the way on depends on why.
 */
function PaymentGivenBack({ shown, reason }: { shown: Shown; reason: TPaymentFailureReason }) {
  const canPayAgain = shown.order !== null && PAYABLE_ORDER_STATES.includes(shown.order.state);
  return (
    <StatusCard icon={<InfoIcon />} tone="warning" title={i18n._('Your payment is being refunded')}>
      <StatusText>{i18n._(FAILURE_TEXTS[reason], { wallet: walletOf(shown) })}</StatusText>
      <StatusActions>
        {canPayAgain ? (
          <ButtonLink to={PATHS.pay} data-tag="refunded_pay_again">
            {i18n._('Pay again')}
          </ButtonLink>
        ) : reason === 'not_fulfillable' ? (
          <ButtonLink to={PATHS.filloutdetail} data-tag="refunded_details">
            {i18n._('Fill out my details')}
          </ButtonLink>
        ) : (
          <ButtonLink to={PATHS.trackmyorder} data-tag="refunded_track">
            {i18n._('Track my order')}
          </ButtonLink>
        )}
        <ButtonLink to={PATHS.home} variant="secondary">
          {i18n._('Back to home page')}
        </ButtonLink>
      </StatusActions>
    </StatusCard>
  );
}

/** The timeout page for a payment: the wallet has not answered in time, or the checkout expired. */
export function PaymentTimeoutScreen() {
  return (
    <ResultFor screen="timeout" about="payment">
      {(shown) => {
        const wallet = walletOf(shown);
        if (shown.session?.status === 'expired') {
          return (
            <StatusCard
              icon={<AlertIcon />}
              tone="warning"
              title={i18n._('Your payment time ran out')}
            >
              <StatusText>
                {i18n._(
                  'The payment on {wallet} was not completed in time, so nothing was charged.',
                  {
                    wallet,
                  },
                )}
              </StatusText>
              <StatusActions>
                <TryAgain data-tag="timeout_try_again" />
                <ButtonLink to={PATHS.home} variant="secondary">
                  {i18n._('Back to home page')}
                </ButtonLink>
              </StatusActions>
            </StatusCard>
          );
        }
        const key = shown.ids.paymentSessionId ?? shown.ids.orderId ?? '';
        return (
          <StatusCard
            icon={<AlertIcon />}
            tone="warning"
            title={i18n._('This is taking longer than expected')}
          >
            <StatusText>
              {i18n._(
                '{wallet} hasn’t confirmed your payment yet. If you approved it, it will show here as soon as {wallet} tells us — you won’t be charged twice.',
                {
                  wallet,
                },
              )}
            </StatusText>
            <StatusActions>
              <ButtonLink
                to={payPath('payloading', shown.ids)}
                onClick={() => restartWaiting(key)}
                data-tag="timeout_check_again"
              >
                {i18n._('Check again')}
              </ButtonLink>
              {shown.session?.checkout_url ? (
                <a
                  className={buttonClassName({ variant: 'secondary' })}
                  href={shown.session.checkout_url}
                >
                  {i18n._('Go back to {wallet}', { wallet })}
                </a>
              ) : null}
            </StatusActions>
          </StatusCard>
        );
      }}
    </ResultFor>
  );
}
