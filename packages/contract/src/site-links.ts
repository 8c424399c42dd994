import * as z from 'zod';

// The operator's public pages the header and footer may link to (product §2.1). Each is configuration
// (the server's OPERATOR_SITE_LINKS): a link whose URL is not configured is not shown. The privacy
// notice, terms of use, cookie policy and about entries fall back to Konek's own pages.

export const SITE_LINK_KEYS = [
  // Header products, beside the in-app "Prepaid Fiber".
  'fiber',
  'home_prepaid_wifi',
  'xtreme',
  // Header "More".
  'pocket_wifi',
  'home_prepaid_wifi_lte_advanced',
  // Footer "Company".
  'about',
  'governance',
  'investor_relations',
  'sustainability',
  // Footer "Policies".
  'cookie_policy',
  'privacy_policy',
  'terms_of_use',
  'site_map',
  // Social pages.
  'facebook',
  'instagram',
  'x',
  // Where a customer writes to the operator (a web form or mailto:); the privacy notice points to it.
  'customer_service',
] as const;

export type SiteLinkKey = (typeof SITE_LINK_KEYS)[number];

/** A link target: a web page over https (http only for local testing) or a mailto: address. */
export const ZSiteLinkUrl = z
  .string()
  .trim()
  .refine((value) => /^(https?:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+)$/.test(value), {
    message: 'must be an http(s) URL or a mailto: address',
  });

/** Only the configured links: a key that is absent has no URL. */
export const ZSiteLinks = z.partialRecord(z.enum(SITE_LINK_KEYS), ZSiteLinkUrl);
export type TSiteLinks = z.infer<typeof ZSiteLinks>;
