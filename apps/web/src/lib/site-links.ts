import { PATHS } from '@konek/contract/routes';
import type { SiteLinkKey, TSiteLinks } from '@konek/contract/site-links';
import { useContext } from 'react';
import { QueryClient, QueryClientContext, useQuery } from '@tanstack/react-query';
import { useWebConfig, webConfigQuery } from './web-config';

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

// ADR 079: where a customer writes to the operator. Konek's own contact form on the help page, unless
// the operator configured its customer service (OPERATOR_SITE_LINKS.customer_service): then every
// "contact us" leads there instead, and the help page keeps its answers.

/** The id of the contact form's section on the help page: `/help#contact` opens the page at it. */
export const CONTACT_FORM_ANCHOR = 'contact';

/** Where "contact us" leads: an in-app path, or the operator's customer service in a new tab. */
export type ContactChannel = { href: string; isExternal: boolean };

/** `query` names what the message is about (e.g. `?order=KNK-00000042`) for Konek's own form. */
export function contactChannel(configured: TSiteLinks, query = ''): ContactChannel {
  const external = configured.customer_service;
  if (external) return { href: external, isExternal: true };
  return { href: `${PATHS.help}${query}#${CONTACT_FORM_ANCHOR}`, isExternal: false };
}

let standaloneClient: QueryClient | undefined;

/**
 * The contact channel as this server is configured. Status screens show it, and the outermost error
 * page draws one outside the app's providers (when the app's root itself failed): there the web config
 * is read through a client of its own rather than failing a second time.
 */
export function useContactChannel(query = ''): ContactChannel {
  const client = useContext(QueryClientContext);
  const { data } = useQuery(webConfigQuery, client ?? (standaloneClient ??= new QueryClient()));
  return contactChannel(data?.siteLinks ?? {}, query);
}
