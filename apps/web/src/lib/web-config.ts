import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_APPLICATION_ID,
  DEFAULT_APPOINTMENT_HOLD_MINUTES,
  DEFAULT_INSTALLATION_LEAD_DAYS,
  DEFAULT_OPERATOR_NAME,
  DEFAULT_OSS_SEGMENT,
  DEFAULT_PAYMENT_SESSION_MINUTES,
  DEFAULT_ANALYTICS_RETENTION_DAYS,
  WEB_CONFIG_ELEMENT_ID,
} from '@konek/contract/constants';
import type { TSiteLinks } from '@konek/contract/site-links';
import type { TWebConfigResponse } from '@konek/contract/web-config';

export type WebConfig = {
  /** Leaflet tile URL template; empty means the map shows no tile layer (offline runs and tests). */
  mapTileUrl: string;
  mapTileAttribution: string;
  ossSegment: string;
  operatorName: string;
  applicationId: string;
  /** The operator's pages by key; a link without a URL is not shown. */
  siteLinks: TSiteLinks;
  /** The privacy notice's data protection officer; empty when not configured. */
  dpoName: string;
  dpoEmail: string;
  /** ADR 079: the rules the help page states that the server takes from its configuration. */
  installationLeadDays: number;
  appointmentHoldMinutes: number;
  paymentSessionMinutes: number;
  /** ADR 096: days raw page views are kept (the privacy notice says so). */
  analyticsRetentionDays: number;
};

/**
 * docs/architecture.md: what the server is configured with. If the call fails the defaults the server itself
 * starts with are used, so the address form still works; the map then shows no tiles. The api client has
 * already reported the failure (product §7.3).
 */
export const FALLBACK_WEB_CONFIG: WebConfig = {
  mapTileUrl: '',
  mapTileAttribution: '',
  ossSegment: DEFAULT_OSS_SEGMENT,
  operatorName: DEFAULT_OPERATOR_NAME,
  applicationId: DEFAULT_APPLICATION_ID,
  siteLinks: {},
  dpoName: '',
  dpoEmail: '',
  installationLeadDays: DEFAULT_INSTALLATION_LEAD_DAYS,
  appointmentHoldMinutes: DEFAULT_APPOINTMENT_HOLD_MINUTES,
  paymentSessionMinutes: DEFAULT_PAYMENT_SESSION_MINUTES,
  analyticsRetentionDays: DEFAULT_ANALYTICS_RETENTION_DAYS,
};

export async function fetchWebConfig(signal?: AbortSignal): Promise<WebConfig> {
  // The api client and the call's reply schema load with the request (the shell ships without zod).
  const [{ call }, { webConfigCall }] = await Promise.all([
    import('./call'),
    import('@konek/contract/web-config'),
  ]);
  const result = await call(webConfigCall, undefined, { signal });
  if (!result.ok) return FALLBACK_WEB_CONFIG;
  return fromReply(result.reply);
}

function fromReply(data: TWebConfigResponse): WebConfig {
  return {
    mapTileUrl: data.map_tile_url,
    mapTileAttribution: data.map_tile_attribution,
    ossSegment: data.oss_segment,
    operatorName: data.operator_name,
    applicationId: data.application_id,
    siteLinks: data.site_links,
    dpoName: data.dpo_name,
    dpoEmail: data.dpo_email,
    installationLeadDays: data.installation_lead_days,
    appointmentHoldMinutes: data.appointment_hold_minutes,
    paymentSessionMinutes: data.payment_session_minutes,
    analyticsRetentionDays: data.analytics_retention_days,
  };
}

/** A count the server wrote, or the default it starts with when the page came from an older server. */
const countOr = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;

const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * ADR 042: the server writes the reply of /api/web-config into the page it serves, so the first render
 * has it without a round trip. Read with plain checks, not the reply's zod schema, which would bring
 * zod into the shell's chunk; anything unexpected (a page from an older server, a test page without
 * it) is `undefined`, and the config is then asked for as before.
 */
export function readInlineWebConfig(document: Document): WebConfig | undefined {
  const text = document.getElementById(WEB_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null) return undefined;
  const reply = data as Record<keyof TWebConfigResponse, unknown>;
  const texts = [
    reply.map_tile_url,
    reply.map_tile_attribution,
    reply.oss_segment,
    reply.operator_name,
    reply.application_id,
    reply.dpo_name,
    reply.dpo_email,
  ];
  const links = reply.site_links;
  const isLinks = typeof links === 'object' && links !== null && Object.values(links).every(isText);
  if (!texts.every(isText) || !isLinks) return undefined;
  return fromReply({
    ...(reply as TWebConfigResponse),
    installation_lead_days: countOr(reply.installation_lead_days, DEFAULT_INSTALLATION_LEAD_DAYS),
    appointment_hold_minutes: countOr(
      reply.appointment_hold_minutes,
      DEFAULT_APPOINTMENT_HOLD_MINUTES,
    ),
    payment_session_minutes: countOr(
      reply.payment_session_minutes,
      DEFAULT_PAYMENT_SESSION_MINUTES,
    ),
    analytics_retention_days: countOr(
      reply.analytics_retention_days,
      DEFAULT_ANALYTICS_RETENTION_DAYS,
    ),
  });
}

/** Read once per visit: the settings change only when the server restarts. */
export const webConfigQuery = queryOptions({
  queryKey: ['web-config'],
  queryFn: ({ signal }) => fetchWebConfig(signal),
  // Fresh for the whole visit (staleTime below), so a page that carries it never asks again.
  initialData: () => readInlineWebConfig(document),
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useWebConfig() {
  return useQuery(webConfigQuery);
}
