// spec §2.1: every external link of the header and footer, in one place. They point at the public pages
// of the operator (Globe Telecom) and open in a new tab.

export type ExternalLink = {
  label: string;
  href: string;
};

const GLOBE = 'https://www.globe.com.ph';

/** Header menu, after the in-app "Prepaid Fiber" entry (spec §2.1). */
export const HEADER_PRODUCT_LINKS: readonly ExternalLink[] = [
  { label: 'Fiber', href: `${GLOBE}/gfiber` },
  { label: 'Home Prepaid WiFi', href: `${GLOBE}/home-prepaid-wifi` },
  { label: 'Xtreme', href: `${GLOBE}/gfiber/xtreme` },
];

/** The two mobile LTE-router products (spec §2.1), shown under "More". */
export const HEADER_MORE_LINKS: readonly ExternalLink[] = [
  { label: 'Pocket WiFi', href: `${GLOBE}/pocket-wifi` },
  { label: 'Home Prepaid WiFi LTE Advanced', href: `${GLOBE}/home-prepaid-wifi/lte-advanced` },
];

export const FOOTER_COMPANY_LINKS: readonly ExternalLink[] = [
  { label: 'About us', href: `${GLOBE}/about-us` },
  { label: 'Governance', href: `${GLOBE}/about-us/governance` },
  { label: 'Investor relations', href: `${GLOBE}/about-us/investor-relations` },
  { label: 'Sustainability', href: `${GLOBE}/about-us/sustainability` },
];

export const FOOTER_LEGAL_LINKS: readonly ExternalLink[] = [
  { label: 'Cookie policy', href: `${GLOBE}/cookie-policy` },
  { label: 'Privacy policy', href: `${GLOBE}/privacy-policy` },
  { label: 'Terms of use', href: `${GLOBE}/terms-and-conditions` },
  { label: 'Site map', href: `${GLOBE}/sitemap` },
];

export type SocialNetwork = 'facebook' | 'instagram' | 'x';

export const SOCIAL_LINKS: ReadonlyArray<ExternalLink & { network: SocialNetwork }> = [
  { network: 'facebook', label: 'Globe on Facebook', href: 'https://www.facebook.com/globeph' },
  { network: 'instagram', label: 'Globe on Instagram', href: 'https://www.instagram.com/globeph' },
  { network: 'x', label: 'Globe on X', href: 'https://x.com/enjoyglobe' },
];
