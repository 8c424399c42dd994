import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import { PARTNER_PAYLOAD_PARAM } from '@konek/contract/partner-link';
import { findRoute, PATHS } from '@konek/contract/routes';
import { withMinimumDelay } from '../../lib/min-delay';
import { prefillState } from '../../lib/session-prefill';
import { Button } from '../../ui/button';
import { AlertIcon } from '../../ui/icons';
import { linkProblemOf, openPartnerLink } from './api/open-link';
import { linkProblemState } from './link-problem-state';
import { rememberPartnerAttribution } from './partner-attribution';
import { StatusActions, StatusCard, StatusText } from '../../ui/status-card';
import { DECRYPTION_ERROR_PATH, PARTNER_ENTER_MOBILE_PATH } from './partner-paths';
import { Spinner } from '../../ui/spinner';
import { i18n } from '../../i18n/i18n';

const TITLE = findRoute(PATHS.partnerRedirect)?.title ?? '';

/**
 * product §2.2 pcp/redirect?payload=…: the API opens the partner's encrypted link (ADR 010); its number
 * pre-fills pcp/entermobile and its campaign and agent code are kept for analytics. A link that does not
 * open goes to pcp/decryptionerror.
 */
export function PartnerRedirectScreen() {
  const [params] = useSearchParams();
  const payload = params.get(PARTNER_PAYLOAD_PARAM);
  if (!payload) return <Navigate to={DECRYPTION_ERROR_PATH} replace />;
  return <OpeningLink payload={payload} />;
}

function OpeningLink({ payload }: { payload: string }) {
  const link = useQuery({
    queryKey: ['partner-link', payload],
    queryFn: async ({ signal }) => {
      const opened = await withMinimumDelay(openPartnerLink(payload, signal));
      if (opened.ok) rememberPartnerAttribution(opened.reply);
      return opened;
    },
    gcTime: 0,
    staleTime: 0,
  });

  const problem = link.data && !link.data.ok ? linkProblemOf(link.data) : null;
  if (link.data?.ok) {
    return (
      <Navigate
        to={PARTNER_ENTER_MOBILE_PATH}
        replace
        state={prefillState(link.data.reply.msisdn)}
      />
    );
  }
  if (problem) {
    return <Navigate to={DECRYPTION_ERROR_PATH} replace state={linkProblemState(problem)} />;
  }
  if (link.data || link.isError) {
    return (
      <StatusCard icon={<AlertIcon />} tone="warning" title={TITLE}>
        <StatusText role="alert">
          {i18n._(
            "We couldn't open your link just now. Please check your connection and try again.",
          )}
        </StatusText>
        <StatusActions>
          <Button
            isLoading={link.isFetching}
            onClick={() => void link.refetch()}
            data-tag="pcp_redirect_retry"
          >
            {i18n._('Try again')}
          </Button>
        </StatusActions>
      </StatusCard>
    );
  }
  return (
    <StatusCard icon={<Spinner />} title={TITLE}>
      <StatusText role="status">{i18n._('Opening the link your partner sent you…')}</StatusText>
    </StatusCard>
  );
}
