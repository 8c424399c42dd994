import * as z from 'zod';
import { ZMsisdn } from './msisdn';

// product §2.2 /serviceability/pcp/*: a partner's app sends a customer to Konek with an encrypted link
// (ADR 010): /serviceability/pcp/redirect?payload=<compact JWE, dir + A256GCM> whose claims carry the
// customer's number and an optional campaign and agent code.

export const PARTNER_REDIRECT_PATH = '/serviceability/pcp/redirect';
export const PARTNER_PAYLOAD_PARAM = 'payload';

/** The link a partner hands out for `payload` (path and query; the site's origin goes in front). */
export function partnerRedirectUrl(payload: string): string {
  return `${PARTNER_REDIRECT_PATH}?${new URLSearchParams({ [PARTNER_PAYLOAD_PARAM]: payload })}`;
}

/** Campaign names and agent codes: short, URL-safe tokens. */
export const ZAttributionCode = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1–64 letters, digits, _, . or -');

/** The claims a link carries besides its expiry. */
export const ZPartnerLinkClaims = z.object({
  msisdn: ZMsisdn,
  campaign: ZAttributionCode.optional(),
  agent_code: ZAttributionCode.optional(),
});
export type TPartnerLinkClaims = z.infer<typeof ZPartnerLinkClaims>;
