import {
  partnerOpenLinkCall,
  type TPartnerOpenLinkResponse,
} from '@konek/contract/partner-open-link';
import { call, isError, mapReply, type CallFailure, type CallResult } from '../../../lib/call';
import type { LinkProblem } from '../link-problem-state';

export type LinkClaims = Pick<TPartnerOpenLinkResponse, 'msisdn' | 'campaign' | 'agent_code'>;

/** product §2.2 pcp/redirect: only the API holds the partner key (ADR 010), so it opens the payload. */
export async function openPartnerLink(
  payload: string,
  signal?: AbortSignal,
): Promise<CallResult<LinkClaims>> {
  const result = await call(partnerOpenLinkCall, { payload }, { signal });
  return mapReply(result, ({ msisdn, campaign, agent_code }) => ({ msisdn, campaign, agent_code }));
}

/**
 * ADR 010 LINK_INVALID / LINK_EXPIRED, or a payload the API refused as malformed: what is wrong with the
 * link. Null when there was no answer or the server failed (the client's 502 and the server's own
 * failures): the link may be fine, so the customer can try again.
 */
export function linkProblemOf(failure: CallFailure): LinkProblem | null {
  if (failure.code >= 500) return null;
  return isError(failure, 'partner', 'LINK_EXPIRED') ? 'expired' : 'invalid';
}
