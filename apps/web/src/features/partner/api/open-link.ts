import {
  partnerOpenLinkCall,
  type TPartnerOpenLinkResponse,
} from '@konek/contract/partner-open-link';
import { call, isError } from '../../../lib/call';
import type { LinkProblem } from '../link-problem-state';

export type OpenedLink =
  | { kind: 'opened'; claims: Pick<TPartnerOpenLinkResponse, 'msisdn' | 'campaign' | 'agent_code'> }
  /** ADR 010 LINK_INVALID / LINK_EXPIRED, or a payload the API refused as malformed. */
  | { kind: 'unusable'; problem: LinkProblem }
  /** No answer, or the server failed: the link may be fine, so the customer can try again. */
  | { kind: 'unavailable'; message: string };

/** product §2.2 pcp/redirect: only the API holds the partner key (ADR 010), so it opens the payload. */
export async function openPartnerLink(payload: string, signal?: AbortSignal): Promise<OpenedLink> {
  const result = await call(partnerOpenLinkCall, { payload }, { signal });
  if (result.ok) {
    const { msisdn, campaign, agent_code } = result.reply;
    return { kind: 'opened', claims: { msisdn, campaign, agent_code } };
  }
  // The client's 502 (no answer, or an unreadable one) and the server's own failures.
  if (result.code >= 500) {
    return { kind: 'unavailable', message: result.message };
  }
  return {
    kind: 'unusable',
    problem: isError(result, 'partner', 'LINK_EXPIRED') ? 'expired' : 'invalid',
  };
}
