import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPageConfigCall } from '@konek/contract/get-page-config';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import { pageConfig } from './service';
import { registerWebConfigRoute } from './web-config-routes';

export { webConfigReply } from './web-config-routes';

const MODULE = 'content';

/** A page's configuration may change in the database; browsers and CDNs keep it a minute at most. */
const CACHE_CONTROL = 'public, max-age=60';

export type ContentPluginOptions = { db: Db; config: AppConfig };

/** product §7.2 content page-configs (ADR 015), public like the home page it configures; the web config. */
export const contentPlugin: FastifyPluginAsyncZod<ContentPluginOptions> = async (
  app,
  { db, config },
) => {
  registerCall(app, getPageConfigCall, { module: MODULE }, async ({ body, reply }) => {
    const page = await pageConfig(db, body.id);
    reply.header('cache-control', CACHE_CONTROL);
    return ok(MODULE, { page_config: page });
  });

  registerWebConfigRoute(app, config);
};
