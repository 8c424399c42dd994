// product §2.1: every external link of the header and footer, in one place. They point at the public pages
// of the operator (Globe Telecom) and open in a new tab.

export type ExternalLink = {
  label: string;
  href: string;
};

const GLOBE = 'https://www.globe.com.ph';

/** Header menu, after the in-app "Prepaid Fiber" entry (product §2.1). */
export const HEADER_PRODUCT_LINKS: readonly ExternalLink[] = [
  { label: /*i18n*/ 'Fiber', href: `${GLOBE}/gfiber` },
  { label: /*i18n*/ 'Home Prepaid WiFi', href: `${GLOBE}/home-prepaid-wifi` },
  { label: /*i18n*/ 'Xtreme', href: `${GLOBE}/gfiber/xtreme` },
];

/** The two mobile LTE-router products (product §2.1), shown under "More". */
export const HEADER_MORE_LINKS: readonly ExternalLink[] = [
  { label: /*i18n*/ 'Pocket WiFi', href: `${GLOBE}/pocket-wifi` },
  {
    label: /*i18n*/ 'Home Prepaid WiFi LTE Advanced',
    href: `${GLOBE}/home-prepaid-wifi/lte-advanced`,
  },
];

export const FOOTER_COMPANY_LINKS: readonly ExternalLink[] = [
  { label: /*i18n*/ 'About us', href: `${GLOBE}/about-us` },
  { label: /*i18n*/ 'Governance', href: `${GLOBE}/about-us/governance` },
  { label: /*i18n*/ 'Investor relations', href: `${GLOBE}/about-us/investor-relations` },
  { label: /*i18n*/ 'Sustainability', href: `${GLOBE}/about-us/sustainability` },
];

export const FOOTER_LEGAL_LINKS: readonly ExternalLink[] = [
  { label: /*i18n*/ 'Cookie policy', href: `${GLOBE}/cookie-policy` },
  { label: /*i18n*/ 'Privacy policy', href: `${GLOBE}/privacy-policy` },
  { label: /*i18n*/ 'Terms of use', href: `${GLOBE}/terms-and-conditions` },
  { label: /*i18n*/ 'Site map', href: `${GLOBE}/sitemap` },
];

export type SocialNetwork = 'facebook' | 'instagram' | 'x';

export const SOCIAL_LINKS: ReadonlyArray<ExternalLink & { network: SocialNetwork }> = [
  {
    network: 'facebook',
    label: /*i18n*/ 'Globe on Facebook',
    href: 'https://www.facebook.com/globeph',
  },
  {
    network: 'instagram',
    label: /*i18n*/ 'Globe on Instagram',
    href: 'https://www.instagram.com/globeph',
  },
  { network: 'x', label: /*i18n*/ 'Globe on X', href: 'https://x.com/enjoyglobe' },
];
