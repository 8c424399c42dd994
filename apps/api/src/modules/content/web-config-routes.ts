import { webConfigCall } from '@konek/contract/web-config';
import type { AppConfig } from '../../platform/config';
import { ok } from '../../platform/reply';
import { registerCall, type CallApp } from '../../platform/route';

const MODULE = 'content';

/**
 * The web app's runtime settings: map tiles, the identifiers the spec leaves to configuration, the
 * operator's pages the header and footer link to, and the privacy notice's data protection officer.
 */
export function registerWebConfigRoute(app: CallApp, config: AppConfig): void {
  const settings = webConfigReply(config);
  registerCall(app, webConfigCall, { module: MODULE }, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=300');
    return settings;
  });
}

/**
 * The reply of /api/web-config, which the server also writes into every page it serves (ADR 042): it
 * depends only on the configuration, so it is made once.
 */
export function webConfigReply(config: AppConfig) {
  return ok(MODULE, {
    map_tile_url: config.mapTileUrl,
    map_tile_attribution: config.mapTileAttribution,
    oss_segment: config.ossSegment,
    operator_name: config.operatorName,
    application_id: config.applicationId,
    site_links: config.operatorSiteLinks,
    dpo_name: config.dpoName ?? '',
    dpo_email: config.dpoEmail ?? '',
    installation_lead_days: config.holds.installationLeadDays,
    appointment_hold_minutes: Math.round(config.holds.appointmentHoldMs / 60_000),
    payment_session_minutes: config.paymentSessionMinutes,
    analytics_retention_days: config.analyticsRetentionDays,
  });
}
