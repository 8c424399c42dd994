import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';

// product §7.2 "a content-management page-configs call for the home page (id 27)". ADR 015: the
// configuration lives in the database; the home page's content is typed here so the web and the seed
// agree on it.

export const PAGE_CONFIGS_PATH = '/api/v3/content/page_configs';

/** product §7.2: the home page's configuration id. */
export const HOME_PAGE_CONFIG_ID = 27;

export const ZGetPageConfigRequest = z.object({ id: z.number().int().min(1).max(2_147_483_647) });
export type TGetPageConfigRequest = z.infer<typeof ZGetPageConfigRequest>;

export const ZHomePageContent = z.object({
  kind: z.literal('home'),
  hero: z.object({
    /** product §1, §2.3: the heading asking the customer to check their address for the special offer. */
    heading: z.string().min(1),
    sub_heading: z.string(),
    cta_label: z.string().min(1),
  }),
  /** The offer the home page shows (get_offers with ids); product §9 leaves its value to configuration. */
  default_offer_id: z.string().min(1),
  highlights: z.array(z.object({ title: z.string().min(1), text: z.string() })),
  faqs: z.array(z.object({ question: z.string().min(1), answer: z.string().min(1) })),
  terms_link_label: z.string().min(1),
});
export type THomePageContent = z.infer<typeof ZHomePageContent>;

/** One kind per page; more pages add their kind here. */
export const ZPageContent = z.discriminatedUnion('kind', [ZHomePageContent]);
export type TPageContent = z.infer<typeof ZPageContent>;

export const ZPageConfig = z.object({
  id: z.number().int(),
  name: z.string(),
  content: ZPageContent,
  /** ISO 8601: when the configuration last changed. */
  updated_at: z.string(),
});
export type TPageConfig = z.infer<typeof ZPageConfig>;

export const ZGetPageConfigResponse = envelopeWith({ page_config: ZPageConfig });
export type TGetPageConfigResponse = z.infer<typeof ZGetPageConfigResponse>;

/** The call's one description (ADR 024). */
export const getPageConfigCall = defineCall({
  path: PAGE_CONFIGS_PATH,
  auth: 'none',
  target: null,
  request: ZGetPageConfigRequest,
  reply: ZGetPageConfigResponse,
  errors: ['content.PAGE_NOT_FOUND'],
});
