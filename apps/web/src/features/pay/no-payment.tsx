import { useLocation } from 'react-router';
import { PATHS } from '@konek/contract/routes';
import { signInReturnState } from '../../lib/sign-in-return';
import { ButtonLink } from '../../ui/button-link';
import { InfoIcon } from '../../ui/icons';
import { StatusActions, StatusCard, StatusText } from '../../ui/status-card';
import { i18n, msg } from '../../i18n/i18n';

// ADR 030: a result page opened with nothing behind it (a bookmark, a shared link, Back after the journey
// moved on) never thanks for an order or reports a payment this customer does not have: it says so and
// shows the way on.

const ORDER_TEXT = {
  title: msg(/*i18n*/ 'There is no order to show here'),
  text: msg(
    /*i18n*/ "We couldn't find an order placed from this browser. If you have ordered, you can follow it in Track my order; otherwise start by checking your address.",
  ),
};

const PAYMENT_TEXT = {
  title: msg(/*i18n*/ 'There is no payment to show here'),
  text: msg(
    /*i18n*/ "We couldn't find a payment started from this browser. If you were paying for an order, its status is in Track my order; otherwise start by checking your address.",
  ),
};

/** The result pages and what they say opened with nothing behind them. */
export const NO_RESULT_TEXTS: Readonly<Record<string, typeof ORDER_TEXT>> = {
  [PATHS.thanks]: ORDER_TEXT,
  [PATHS.specialOfferOrderconfirmed]: ORDER_TEXT,
  [PATHS.ordercancelled]: ORDER_TEXT,
  [PATHS.failed]: PAYMENT_TEXT,
  [PATHS.payloading]: PAYMENT_TEXT,
};

export function NoPaymentCard({ about = 'payment' }: { about?: 'order' | 'payment' }) {
  const texts = about === 'order' ? ORDER_TEXT : PAYMENT_TEXT;
  return (
    <StatusCard icon={<InfoIcon />} title={i18n._(texts.title)}>
      <StatusText>{i18n._(texts.text)}</StatusText>
      <StatusActions>
        <ButtonLink to={PATHS.trackmyorder}>{i18n._('Track my order')}</ButtonLink>
        <ButtonLink to={PATHS.home} variant="secondary">
          {i18n._('Check my address')}
        </ButtonLink>
      </StatusActions>
    </StatusCard>
  );
}

/** A payment named in the URL, but nobody signed in to ask about it: signing in comes back here. */
export function SignInToSee() {
  const location = useLocation();
  return (
    <StatusCard icon={<InfoIcon />} title={i18n._('Sign in to see your order')}>
      <StatusText>
        {i18n._('For your privacy, your order and payment are shown only after you sign in.')}
      </StatusText>
      <StatusActions>
        <ButtonLink
          to={PATHS.signin}
          state={signInReturnState(`${location.pathname}${location.search}`)}
        >
          {i18n._('Sign in')}
        </ButtonLink>
      </StatusActions>
    </StatusCard>
  );
}
