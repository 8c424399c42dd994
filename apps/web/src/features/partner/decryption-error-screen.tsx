import { useState } from 'react';
import { useLocation } from 'react-router';
import { findRoute, PATHS } from '@konek/contract/routes';
import { ButtonLink } from '../../ui/button-link';
import { AlertIcon } from '../../ui/icons';
import { readLinkProblem } from './link-problem-state';
import { StatusActions, StatusCard, StatusText } from '../../ui/status-card';
import { DECRYPTION_ERROR_PATH, PARTNER_ENTER_MOBILE_PATH } from './partner-paths';

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
          ? 'The link from your partner has expired.'
          : "The link from your partner may be incomplete, or changed after it was sent, so we couldn't read your details from it."}
      </StatusText>
      <StatusText>
        Nothing was saved. Ask your partner agent for a new link, or continue here with your mobile
        number.
      </StatusText>
      <StatusActions>
        <ButtonLink to={PARTNER_ENTER_MOBILE_PATH} data-tag="pcp_decryptionerror_continue">
          Continue with my number
        </ButtonLink>
        <ButtonLink
          to={PATHS.home}
          variant="secondary"
          data-tag="pcp_decryptionerror_check_address"
        >
          Check my address
        </ButtonLink>
      </StatusActions>
    </StatusCard>
  );
}
