import { SUCCESS_CODE } from '@konek/contract/envelope';
import {
  PARTNER_OPEN_LINK_PATH,
  ZPartnerOpenLinkResponse,
  type TPartnerOpenLinkResponse,
} from '@konek/contract/partner-open-link';
import { ERRORS } from '@konek/contract/errors';
import { NO_STATUS_CODE, apiPost } from '../../../lib/api-client';
import type { LinkProblem } from '../link-problem-state';

export type OpenedLink =
  | { kind: 'opened'; claims: Pick<TPartnerOpenLinkResponse, 'msisdn' | 'campaign' | 'agent_code'> }
  /** ADR 010 LINK_INVALID / LINK_EXPIRED, or a payload the API refused as malformed. */
  | { kind: 'unusable'; problem: LinkProblem }
  /** No answer, or the server failed: the link may be fine, so the customer can try again. */
  | { kind: 'unavailable'; message: string };

/** spec §2.2 pcp/redirect: only the API holds the partner key (ADR 010), so it opens the payload. */
export async function openPartnerLink(payload: string, signal?: AbortSignal): Promise<OpenedLink> {
  const reply = await apiPost(PARTNER_OPEN_LINK_PATH, { payload }, { signal });
  if (reply.code === SUCCESS_CODE) {
    const parsed = ZPartnerOpenLinkResponse.safeParse(reply);
    if (!parsed.success) return { kind: 'unavailable', message: reply.message };
    const { msisdn, campaign, agent_code } = parsed.data;
    return { kind: 'opened', claims: { msisdn, campaign, agent_code } };
  }
  if (reply.code === NO_STATUS_CODE || reply.code >= 500) {
    return { kind: 'unavailable', message: reply.message };
  }
  const isExpired = reply.module === 'partner' && reply.code === ERRORS.partner.LINK_EXPIRED.code;
  return { kind: 'unusable', problem: isExpired ? 'expired' : 'invalid' };
}
