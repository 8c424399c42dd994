import { PATHS } from '@konek/contract/routes';
import { ButtonLink } from '../ui/button-link';
import { InfoIcon } from '../ui/icons';
import { StatusActions, StatusCard, StatusText } from '../ui/status-card';
import { useRouteEntry } from './use-route-entry';
import { i18n, msg } from '../i18n/i18n';

// ADR 030: a result page opened with nothing behind it (a bookmark, a shared link, Back after the
// journey moved on) never thanks for an order or reports a payment that this customer does not have.
// Until the pay step leaves an order or a payment here, these pages say so and show the way on.

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

/** The result pages that need an order or a payment, and which of the two they are about. */
export const NO_ORDER_TEXTS: Readonly<Record<string, typeof ORDER_TEXT>> = {
  [PATHS.thanks]: ORDER_TEXT,
  [PATHS.specialOfferOrderconfirmed]: ORDER_TEXT,
  [PATHS.ordercancelled]: ORDER_TEXT,
  [PATHS.failed]: PAYMENT_TEXT,
  [PATHS.payloading]: PAYMENT_TEXT,
};

export function NoOrderScreen() {
  const route = useRouteEntry();
  const texts = (route && NO_ORDER_TEXTS[route.path]) ?? ORDER_TEXT;
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
