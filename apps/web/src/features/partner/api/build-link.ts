import {
  partnerBuildLinkCall,
  type TPartnerBuildLinkRequest,
} from '@konek/contract/partner-build-link';
import { call, isError, mapReply, type CallFailure, type CallResult } from '../../../lib/call';

// ADR 010: /api/v3/partner/build_link answers only while the sandbox is enabled; in production the path
// does not exist (404, the common NOT_FOUND envelope).

/** The link's URL (a path on this server). */
export async function buildPartnerLink(
  request: TPartnerBuildLinkRequest,
  signal?: AbortSignal,
): Promise<CallResult<string>> {
  return mapReply(await call(partnerBuildLinkCall, request, { signal }), (reply) => reply.url);
}

/** The refusal of a server that builds no links (production: the path does not exist). */
export function isLinkBuildingOff(failure: CallFailure): boolean {
  return isError(failure, 'common', 'NOT_FOUND') || failure.code === 404;
}

/** A throwaway one-second link for a demo number: does this server build links at all? */
export const PROBE_REQUEST: TPartnerBuildLinkRequest = {
  msisdn: '639171234567',
  expires_in_seconds: 1,
};
