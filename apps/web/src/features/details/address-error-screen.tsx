import { useLocation } from 'react-router';
import { findRoute, PATHS } from '@konek/contract/routes';
import { ButtonLink } from '../../ui/button-link';
import { AlertIcon } from '../../ui/icons';
import { StatusActions, StatusCard, StatusText } from '../../ui/status-card';
import { readIsAreaUnknown } from './address-error-state';
import { i18n } from '../../i18n/i18n';

/**
 * product §2.6 / §8 addresserror: saving the installation address failed. The details typed are kept
 * (lib/details-draft.ts), so trying again is one press of Submit; an area the server does not know is
 * chosen again on the address form.
 */
export function AddressErrorScreen() {
  const location = useLocation();
  const isAreaUnknown = readIsAreaUnknown(location.state);
  const title = findRoute(PATHS.addresserror)?.title ?? '';
  const editAddress = (
    <ButtonLink
      to={PATHS.checkAddress}
      variant={isAreaUnknown ? 'primary' : 'secondary'}
      data-tag="addresserror_edit_address"
    >
      {i18n._('Edit my address')}
    </ButtonLink>
  );
  return (
    <StatusCard icon={<AlertIcon />} tone="warning" title={i18n._(title)}>
      <StatusText>
        {isAreaUnknown
          ? i18n._(
              "We couldn't find your barangay in our list. Please choose your province, city and barangay again, then check your address.",
            )
          : i18n._(
              "Something went wrong while saving your installation address to your account. Nothing you typed is lost: go back and press Submit again, or check your address if it isn't right.",
            )}
      </StatusText>
      <StatusActions>
        {isAreaUnknown ? (
          editAddress
        ) : (
          <>
            <ButtonLink to={PATHS.filloutdetail} data-tag="addresserror_try_again">
              {i18n._('Try again')}
            </ButtonLink>
            {editAddress}
          </>
        )}
      </StatusActions>
    </StatusCard>
  );
}
