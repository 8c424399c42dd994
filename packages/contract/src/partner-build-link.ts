import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
import { ZPartnerLinkClaims } from './partner-link';

// product §2.2 pcp/utils: a page for partners that builds a test link. Served only while the sandbox is
// enabled (never in production, where partners encrypt with their copy of the shared key).

export const PARTNER_BUILD_LINK_PATH = '/api/v3/partner/build_link';

export const PARTNER_LINK_DEFAULT_LIFETIME_SECONDS = 24 * 60 * 60;
export const PARTNER_LINK_MAX_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

export const ZPartnerBuildLinkRequest = ZPartnerLinkClaims.extend({
  expires_in_seconds: z.number().int().min(1).max(PARTNER_LINK_MAX_LIFETIME_SECONDS).optional(),
});
export type TPartnerBuildLinkRequest = z.infer<typeof ZPartnerBuildLinkRequest>;

export const ZPartnerBuildLinkResponse = envelopeWith({
  payload: z.string(),
  /** Path and query of the redirect page (partnerRedirectUrl). */
  url: z.string(),
});
export type TPartnerBuildLinkResponse = z.infer<typeof ZPartnerBuildLinkResponse>;

/** The call's one description (ADR 024). */
export const partnerBuildLinkCall = defineCall({
  path: PARTNER_BUILD_LINK_PATH,
  auth: 'none',
  target: null,
  request: ZPartnerBuildLinkRequest,
  reply: ZPartnerBuildLinkResponse,
  errors: ['common.NOT_FOUND'],
});
