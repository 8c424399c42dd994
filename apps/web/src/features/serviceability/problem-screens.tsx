import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { findRoute, PATHS } from '@konek/contract/routes';
import { readReserveRefusal, type TReserveRefusal } from '../../lib/location-error-state';
import { askCoverageAgain, readCheckedOutcome } from '../../lib/journey-store';
import { ButtonLink } from '../../ui/button-link';
import { AlertIcon, ErrorCircleIcon, InfoIcon } from '../../ui/icons';
import { StatusActions, StatusCard, StatusText } from '../../ui/status-card';
import {
  LOCATION_ERROR_PATH,
  NOTIFY_ME_PATH,
  SERVER_ERROR_PATH,
  TIMEOUT_PATH,
} from './serviceability-paths';
import { i18n, msg } from '../../i18n/i18n';

// product §2.6 / §8: the failure pages. Later steps send customers here too (resource reservation,
// appointment reservation), so the words stay general. "Try again" goes back to the check-address
// form, which still holds the saved address.

type ProblemScreenProps = {
  path: string;
  icon: ReactNode;
  tone: 'warning' | 'error';
  text: string;
};

function ProblemScreen({ path, icon, tone, text }: ProblemScreenProps) {
  return (
    <StatusCard icon={icon} tone={tone} title={findRoute(path)?.title ?? ''}>
      <StatusText>{i18n._(text)}</StatusText>
      <StatusActions>
        <ButtonLink to={PATHS.home} data-tag={`${path.split('/').pop()}_try_again`}>
          {i18n._('Try again')}
        </ButtonLink>
      </StatusActions>
    </StatusCard>
  );
}

export function LocationErrorScreen() {
  const location = useLocation();
  const refusal = readReserveRefusal(location.state);
  if (refusal) return <ReservationRefused refusal={refusal} />;
  return (
    <ProblemScreen
      path={LOCATION_ERROR_PATH}
      icon={<InfoIcon />}
      tone="warning"
      text={msg(
        /*i18n*/ "We couldn't use the location we were given for your home. Please check your address and place the pin on your home again.",
      )}
    />
  );
}

const REFUSAL_TEXTS: Record<TReserveRefusal, string> = {
  'no-free-port': msg(
    /*i18n*/ 'The fibre network near your home has no free connection right now, so we could not reserve one for you. Your details are saved. We can tell you as soon as a connection frees up.',
  ),
  'not-serviceable': msg(
    /*i18n*/ "Our fibre network doesn't reach the address you saved. Please check that the address and the pin on the map are right, or ask us to tell you when fibre arrives.",
  ),
  other: msg(
    /*i18n*/ "We couldn't reserve a fibre connection for your home just now. Your details are saved, so you can try again in a moment.",
  ),
};

/**
 * product §4.3 step 7 / §8: the details submit could not reserve a port for the home. A full network or an
 * address outside it can be told when fibre is free (notify-me asks the server again first); anything
 * else is worth another try.
 */
function ReservationRefused({ refusal }: { refusal: TReserveRefusal }) {
  // ADR 030: the server refused the network for this address, so its earlier "available" is claimed no
  // more — forgotten once this page is on screen, so the details page's gate never sees it first.
  useEffect(() => {
    if (refusal === 'other') return;
    const address = readCheckedOutcome()?.address;
    if (address) askCoverageAgain(address);
  }, [refusal]);
  const editAddress = (
    <ButtonLink to={PATHS.checkAddress} variant="secondary" data-tag="locationerror_edit_address">
      {i18n._('Edit my address')}
    </ButtonLink>
  );
  return (
    <StatusCard
      icon={<InfoIcon />}
      tone="warning"
      title={i18n._(findRoute(LOCATION_ERROR_PATH)?.title ?? '')}
    >
      <StatusText>{i18n._(REFUSAL_TEXTS[refusal])}</StatusText>
      <StatusActions>
        {refusal === 'other' ? (
          <ButtonLink to={PATHS.filloutdetail} data-tag="locationerror_try_again">
            {i18n._('Try again')}
          </ButtonLink>
        ) : (
          <ButtonLink to={NOTIFY_ME_PATH} data-tag="locationerror_notify_me">
            {i18n._('Notify me')}
          </ButtonLink>
        )}
        {editAddress}
      </StatusActions>
    </StatusCard>
  );
}

export function ServerErrorScreen() {
  return (
    <ProblemScreen
      path={SERVER_ERROR_PATH}
      icon={<ErrorCircleIcon />}
      tone="error"
      text={msg(
        /*i18n*/ "It's not you: our system couldn't finish your request just now. Please try again in a moment.",
      )}
    />
  );
}

export function TimeoutScreen() {
  return (
    <ProblemScreen
      path={TIMEOUT_PATH}
      icon={<AlertIcon />}
      tone="warning"
      text={msg(
        /*i18n*/ "We didn't get an answer in time. Please check your internet connection, then try again.",
      )}
    />
  );
}
