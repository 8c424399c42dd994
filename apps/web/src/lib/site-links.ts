import { PATHS } from '@konek/contract/routes';
import type { SiteLinkKey, TSiteLinks } from '@konek/contract/site-links';
import { useWebConfig } from './web-config';

// product §2.1: every link of the header and footer, in one place. The operator's pages come from
// configuration (the web config's site_links): a link without a URL is not shown, and opens in a new
// tab when it is. The privacy notice, terms of use, cookie policy and about entries fall back to
// Konek's own pages.

export type SiteLink = {
  key: SiteLinkKey;
  label: string;
  /** Konek's own page, used when the operator has not configured this link. */
  ownPath?: string;
};

/** A link ready to draw: an in-app path, or an external URL that opens in a new tab. */
export type ResolvedLink = {
  key: SiteLinkKey;
  label: string;
  href: string;
  isExternal: boolean;
};

/** Header menu, after the in-app "Prepaid Fiber" entry (product §2.1). */
export const HEADER_PRODUCT_LINKS: readonly SiteLink[] = [
  { key: 'fiber', label: /*i18n*/ 'Fiber' },
  { key: 'home_prepaid_wifi', label: /*i18n*/ 'Home Prepaid WiFi' },
  { key: 'xtreme', label: /*i18n*/ 'Xtreme' },
];

/** The two mobile LTE-router products (product §2.1), shown under "More". */
export const HEADER_MORE_LINKS: readonly SiteLink[] = [
  { key: 'pocket_wifi', label: /*i18n*/ 'Pocket WiFi' },
  { key: 'home_prepaid_wifi_lte_advanced', label: /*i18n*/ 'Home Prepaid WiFi LTE Advanced' },
];

export const FOOTER_COMPANY_LINKS: readonly SiteLink[] = [
  { key: 'about', label: /*i18n*/ 'About us', ownPath: PATHS.about },
  { key: 'governance', label: /*i18n*/ 'Governance' },
  { key: 'investor_relations', label: /*i18n*/ 'Investor relations' },
  { key: 'sustainability', label: /*i18n*/ 'Sustainability' },
];

export const FOOTER_LEGAL_LINKS: readonly SiteLink[] = [
  { key: 'cookie_policy', label: /*i18n*/ 'Cookie policy', ownPath: PATHS.cookies },
  { key: 'privacy_policy', label: /*i18n*/ 'Privacy policy', ownPath: PATHS.privacy },
  { key: 'terms_of_use', label: /*i18n*/ 'Terms of use', ownPath: PATHS.termsOfUse },
  { key: 'site_map', label: /*i18n*/ 'Site map' },
];

export type SocialNetwork = 'facebook' | 'instagram' | 'x';

export const SOCIAL_LINKS: ReadonlyArray<SiteLink & { key: SocialNetwork }> = [
  { key: 'facebook', label: /*i18n*/ 'Konek on Facebook' },
  { key: 'instagram', label: /*i18n*/ 'Konek on Instagram' },
  { key: 'x', label: /*i18n*/ 'Konek on X' },
];

/** The links to show: the configured URL, else the own page, else none. */
export function resolveLinks<Link extends SiteLink>(
  links: readonly Link[],
  configured: TSiteLinks,
): Array<Link & ResolvedLink> {
  return links.flatMap((link): Array<Link & ResolvedLink> => {
    const url = configured[link.key];
    if (url) return [{ ...link, href: url, isExternal: true }];
    if (link.ownPath) return [{ ...link, href: link.ownPath, isExternal: false }];
    return [];
  });
}

/** The links to show, from the server's configuration (none of the operator's until it has answered). */
export function useSiteLinks<Link extends SiteLink>(
  links: readonly Link[],
): Array<Link & ResolvedLink> {
  const { data } = useWebConfig();
  return resolveLinks(links, data?.siteLinks ?? {});
}
