import { webConfigCall } from '@konek/contract/web-config';
import type { AppConfig } from '../../platform/config';
import { ok } from '../../platform/reply';
import { registerCall, type CallApp } from '../../platform/route';

const MODULE = 'content';

/** The web app's runtime settings: map tiles and the identifiers the spec leaves to configuration. */
export function registerWebConfigRoute(app: CallApp, config: AppConfig): void {
  const settings = ok(MODULE, {
    map_tile_url: config.mapTileUrl,
    map_tile_attribution: config.mapTileAttribution,
    oss_segment: config.ossSegment,
    operator_name: config.operatorName,
    application_id: config.applicationId,
  });
  registerCall(app, webConfigCall, { module: MODULE }, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=300');
    return settings;
  });
}
