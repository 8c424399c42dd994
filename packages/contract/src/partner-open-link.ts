import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
import { ZPartnerLinkClaims } from './partner-link';

// product §2.2 pcp/redirect: the web app hands the link's payload to the API, which alone holds the key. A
// payload that does not decrypt, or has expired, is refused (partner LINK_INVALID / LINK_EXPIRED) and the
// web app shows pcp/decryptionerror.

export const PARTNER_OPEN_LINK_PATH = '/api/v3/partner/open_link';

export const ZPartnerOpenLinkRequest = z.object({ payload: z.string().min(1).max(4096) });
export type TPartnerOpenLinkRequest = z.infer<typeof ZPartnerOpenLinkRequest>;

export const ZPartnerOpenLinkResponse = envelopeWith({
  ...ZPartnerLinkClaims.shape,
  /** ISO 8601: when the link stops working. */
  expires_at: z.string(),
});
export type TPartnerOpenLinkResponse = z.infer<typeof ZPartnerOpenLinkResponse>;

/** The call's one description (ADR 024). */
export const partnerOpenLinkCall = defineCall({
  path: PARTNER_OPEN_LINK_PATH,
  auth: 'none',
  target: null,
  request: ZPartnerOpenLinkRequest,
  reply: ZPartnerOpenLinkResponse,
  errors: ['partner.LINK_INVALID', 'partner.LINK_EXPIRED'],
});
