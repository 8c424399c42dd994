import { useState } from 'react';
import { useLocation } from 'react-router';
import { findRoute, PATHS } from '@konek/contract/routes';
import { ButtonLink } from '../../ui/button-link';
import { AlertIcon } from '../../ui/icons';
import { readLinkProblem } from './link-problem-state';
import { StatusActions, StatusCard, StatusText } from '../../ui/status-card';
import { DECRYPTION_ERROR_PATH, PARTNER_ENTER_MOBILE_PATH } from './partner-paths';
import { i18n } from '../../i18n/i18n';

const TITLE = findRoute(DECRYPTION_ERROR_PATH)?.title ?? '';

/**
 * product §2.2 pcp/decryptionerror: a partner link that could not be opened (changed, cut short, made with
 * another key, or expired, ADR 010). Nothing is lost: the customer can go on with their number.
 */
export function DecryptionErrorScreen() {
  const location = useLocation();
  const [problem] = useState(() => readLinkProblem(location.state));
  return (
    <StatusCard icon={<AlertIcon />} tone="warning" title={TITLE}>
      <StatusText>
        {problem === 'expired'
          ? i18n._('The link from your partner has expired.')
          : i18n._(
              "The link from your partner may be incomplete, or changed after it was sent, so we couldn't read your details from it.",
            )}
      </StatusText>
      <StatusText>
        {i18n._(
          'Nothing was saved. Ask your partner agent for a new link, or continue here with your mobile number.',
        )}
      </StatusText>
      <StatusActions>
        <ButtonLink to={PARTNER_ENTER_MOBILE_PATH} data-tag="pcp_decryptionerror_continue">
          {i18n._('Continue with my number')}
        </ButtonLink>
        <ButtonLink
          to={PATHS.home}
          variant="secondary"
          data-tag="pcp_decryptionerror_check_address"
        >
          {i18n._('Check my address')}
        </ButtonLink>
      </StatusActions>
    </StatusCard>
  );
}
