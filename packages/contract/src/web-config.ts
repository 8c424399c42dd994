import * as z from 'zod';
import { defineCall } from './call';
import {
  DEFAULT_ANALYTICS_RETENTION_DAYS,
  DEFAULT_INSTALLATION_LEAD_DAYS,
  DEFAULT_PAYMENT_SESSION_MINUTES,
} from './constants';
import { DEFAULT_APPOINTMENT_HOLD_MINUTES } from './appointments';
import { envelopeWith } from './envelope';
import { ZSiteLinks } from './site-links';

// Runtime settings the web app reads from the server (configuration, not build-time constants).

export const WEB_CONFIG_PATH = '/api/web-config';

export const ZWebConfigResponse = envelopeWith({
  /** Leaflet tile URL template; empty when the map must work without tiles (offline, tests). */
  map_tile_url: z.string(),
  map_tile_attribution: z.string(),
  oss_segment: z.string(),
  operator_name: z.string(),
  application_id: z.string(),
  // Defaults: a reply cached from a server without these settings (max-age 300) still parses, so the
  // identifiers above are not lost to the fallback.
  /** The operator's pages by key (site-links.ts); an unconfigured link is absent and not shown. */
  site_links: ZSiteLinks.default({}),
  /** The data protection officer named in the privacy notice; empty when not configured. */
  dpo_name: z.string().default(''),
  dpo_email: z.string().default(''),
  /**
   * ADR 079: the rules the help page states that the server takes from configuration, so the page
   * says what this server does (INSTALLATION_LEAD_DAYS, APPOINTMENT_HOLD_MINUTES,
   * PAYMENT_SESSION_MINUTES).
   */
  installation_lead_days: z.number().int().nonnegative().default(DEFAULT_INSTALLATION_LEAD_DAYS),
  appointment_hold_minutes: z.number().int().positive().default(DEFAULT_APPOINTMENT_HOLD_MINUTES),
  payment_session_minutes: z.number().int().positive().default(DEFAULT_PAYMENT_SESSION_MINUTES),
  /** ADR 096: how long the privacy notice says raw page views are kept (ANALYTICS_RETENTION_DAYS). */
  analytics_retention_days: z.number().int().positive().default(DEFAULT_ANALYTICS_RETENTION_DAYS),
});
export type TWebConfigResponse = z.infer<typeof ZWebConfigResponse>;

/** The call's one description (ADR 024). */
export const webConfigCall = defineCall({
  method: 'GET',
  path: WEB_CONFIG_PATH,
  auth: 'none',
  target: null,
  request: null,
  reply: ZWebConfigResponse,
});
