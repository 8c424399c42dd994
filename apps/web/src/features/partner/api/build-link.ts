import {
  partnerBuildLinkCall,
  type TPartnerBuildLinkRequest,
} from '@konek/contract/partner-build-link';
import { call, isError } from '../../../lib/call';

// ADR 010: /api/v3/partner/build_link answers only while the sandbox is enabled; in production the path
// does not exist (404, the common NOT_FOUND envelope).

export type BuiltLink =
  { kind: 'built'; url: string } | { kind: 'disabled' } | { kind: 'failed'; message: string };

export async function buildPartnerLink(
  request: TPartnerBuildLinkRequest,
  signal?: AbortSignal,
): Promise<BuiltLink> {
  const result = await call(partnerBuildLinkCall, request, { signal });
  if (result.ok) return { kind: 'built', url: result.reply.url };
  if (isError(result, 'common', 'NOT_FOUND') || result.code === 404) return { kind: 'disabled' };
  return { kind: 'failed', message: result.message };
}

/** A throwaway one-second link for a demo number: does this server build links at all? */
export const PROBE_REQUEST: TPartnerBuildLinkRequest = {
  msisdn: '639171234567',
  expires_in_seconds: 1,
};
