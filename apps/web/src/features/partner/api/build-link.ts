import { SUCCESS_CODE } from '@konek/contract/envelope';
import { ERRORS } from '@konek/contract/errors';
import {
  PARTNER_BUILD_LINK_PATH,
  ZPartnerBuildLinkResponse,
  type TPartnerBuildLinkRequest,
} from '@konek/contract/partner-build-link';
import { apiPost, type ApiReply } from '../../../lib/api-client';

// ADR 010: /api/v3/partner/build_link answers only while the sandbox is enabled; in production the path
// does not exist (404, the common NOT_FOUND envelope).

export type BuiltLink =
  { kind: 'built'; url: string } | { kind: 'disabled' } | { kind: 'failed'; message: string };

function isNotFound(reply: ApiReply): boolean {
  return (
    (reply.module === 'common' && reply.code === ERRORS.common.NOT_FOUND.code) || reply.code === 404
  );
}

export async function buildPartnerLink(
  request: TPartnerBuildLinkRequest,
  signal?: AbortSignal,
): Promise<BuiltLink> {
  const reply = await apiPost(PARTNER_BUILD_LINK_PATH, request, { signal });
  if (isNotFound(reply)) return { kind: 'disabled' };
  if (reply.code !== SUCCESS_CODE) return { kind: 'failed', message: reply.message };
  const parsed = ZPartnerBuildLinkResponse.safeParse(reply);
  return parsed.success
    ? { kind: 'built', url: parsed.data.url }
    : { kind: 'failed', message: reply.message };
}

/** A throwaway one-second link for a demo number: does this server build links at all? */
export const PROBE_REQUEST: TPartnerBuildLinkRequest = {
  msisdn: '639171234567',
  expires_in_seconds: 1,
};
