import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PAGE_CONFIGS_PATH,
  ZGetPageConfigRequest,
  ZGetPageConfigResponse,
} from '@konek/contract/get-page-config';
import { ok } from '../../platform/reply';
import type { Db } from '../../platform/db/database';
import { pageConfig } from './service';

const MODULE = 'content';

/** A page's configuration may change in the database; browsers and CDNs keep it a minute at most. */
const CACHE_CONTROL = 'public, max-age=60';

/** spec §7.2 content page-configs (ADR 015); public, like the home page it configures. */
export const contentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    PAGE_CONFIGS_PATH,
    {
      schema: {
        tags: [MODULE],
        body: ZGetPageConfigRequest,
        response: { 200: ZGetPageConfigResponse },
      },
    },
    async (request, reply) => {
      const config = await pageConfig(db, request.body.id);
      reply.header('cache-control', CACHE_CONTROL);
      return ok(MODULE, { page_config: config });
    },
  );
};
