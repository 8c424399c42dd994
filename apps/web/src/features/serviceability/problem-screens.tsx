import type { ReactNode } from 'react';
import { findRoute, PATHS } from '@konek/contract/routes';
import { ButtonLink } from '../../ui/button-link';
import { AlertIcon, ErrorCircleIcon, InfoIcon } from '../../ui/icons';
import { StatusActions, StatusCard, StatusText } from '../../ui/status-card';
import { LOCATION_ERROR_PATH, SERVER_ERROR_PATH, TIMEOUT_PATH } from './serviceability-paths';
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
