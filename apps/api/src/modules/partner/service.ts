import { EncryptJWT, errors, jwtDecrypt } from 'jose';
import {
  PARTNER_LINK_DEFAULT_LIFETIME_SECONDS,
  type TPartnerBuildLinkRequest,
} from '@konek/contract/partner-build-link';
import {
  partnerRedirectUrl,
  ZPartnerLinkClaims,
  type TPartnerLinkClaims,
} from '@konek/contract/partner-link';
import { DomainError } from '../../platform/domain-error';
import type { Clock } from '../../platform/clock';

// ADR 010: a partner link's payload is a compact JWE — "dir" key agreement with A256GCM, a 32-byte key
// shared with the partner — whose claims are msisdn, campaign?, agent_code? and exp. Encrypted, not just
// signed: the customer's number does not show in the link, logs or browser history.

const KEY_MANAGEMENT = 'dir';
const CONTENT_ENCRYPTION = 'A256GCM';

export type PartnerDependencies = { key: Uint8Array; clock: Clock };

export type OpenedLink = TPartnerLinkClaims & { expiresAt: Date };

/** The claims of a link, or LINK_EXPIRED / LINK_INVALID (the web app shows pcp/decryptionerror). */
export async function openLink(
  { key, clock }: PartnerDependencies,
  payload: string,
): Promise<OpenedLink> {
  let claims;
  try {
    ({ payload: claims } = await jwtDecrypt(payload, key, {
      keyManagementAlgorithms: [KEY_MANAGEMENT],
      contentEncryptionAlgorithms: [CONTENT_ENCRYPTION],
      currentDate: clock.now(),
      requiredClaims: ['exp'],
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new DomainError('partner', 'LINK_EXPIRED');
    throw new DomainError('partner', 'LINK_INVALID');
  }
  const parsed = ZPartnerLinkClaims.safeParse(claims);
  if (!parsed.success || claims.exp === undefined) {
    throw new DomainError('partner', 'LINK_INVALID');
  }
  return { ...parsed.data, expiresAt: new Date(claims.exp * 1000) };
}

/** product §2.2 pcp/utils: a test link as a partner would build it (sandbox only). */
export async function buildLink(
  { key, clock }: PartnerDependencies,
  request: TPartnerBuildLinkRequest,
): Promise<{ payload: string; url: string }> {
  const issuedAt = Math.floor(clock.now().getTime() / 1000);
  const lifetime = request.expires_in_seconds ?? PARTNER_LINK_DEFAULT_LIFETIME_SECONDS;
  const payload = await new EncryptJWT({
    msisdn: request.msisdn,
    campaign: request.campaign,
    agent_code: request.agent_code,
  })
    .setProtectedHeader({ alg: KEY_MANAGEMENT, enc: CONTENT_ENCRYPTION })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetime)
    .encrypt(key);
  return { payload, url: partnerRedirectUrl(payload) };
}
