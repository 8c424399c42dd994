import type { TPartnerLinkClaims } from '@konek/contract/partner-link';
import { captureCampaign } from '../../lib/utm';
import { PATHS } from '@konek/contract/routes';

// product §3 analytics: "Salesman id is read for analytics. A sales-agent attribution code is derived from
// stored campaign tracking." A partner link's campaign and agent code go into that same stored record
// (lib/utm.ts), as a landing with utm parameters would: source "partner", medium "pcp", the campaign as
// utm_campaign, and the agent code as the salesman id. Nothing is kept for a link that carries neither.

export const PARTNER_UTM_SOURCE = 'partner';
export const PARTNER_UTM_MEDIUM = 'pcp';

export function rememberPartnerAttribution(
  claims: Pick<TPartnerLinkClaims, 'campaign' | 'agent_code'>,
  origin: string = window.location.origin,
): void {
  if (!claims.campaign && !claims.agent_code) return;
  const landing = new URL(PATHS.partnerRedirect, origin);
  landing.searchParams.set('utm_source', PARTNER_UTM_SOURCE);
  landing.searchParams.set('utm_medium', PARTNER_UTM_MEDIUM);
  if (claims.campaign) landing.searchParams.set('utm_campaign', claims.campaign);
  if (claims.agent_code) landing.searchParams.set('salesman_id', claims.agent_code);
  captureCampaign(landing);
}
