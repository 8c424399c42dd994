import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WEB_CONFIG_PATH, ZWebConfigResponse } from '@konek/contract/web-config';
import type { AppConfig } from '../../platform/config';
import { ok } from '../../platform/reply';

const MODULE = 'content';

/** The web app's runtime settings: map tiles and the identifiers the spec leaves to configuration. */
export const webConfigRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const reply = ok(MODULE, {
    map_tile_url: config.mapTileUrl,
    map_tile_attribution: config.mapTileAttribution,
    oss_segment: config.ossSegment,
    operator_name: config.operatorName,
    application_id: config.applicationId,
  });
  app.get(
    WEB_CONFIG_PATH,
    { schema: { tags: [MODULE], response: { 200: ZWebConfigResponse } } },
    async (_request, response) => {
      response.header('cache-control', 'public, max-age=300');
      return reply;
    },
  );
};
