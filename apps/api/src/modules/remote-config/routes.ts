import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  REMOTE_CONFIG_GET_PATH,
  ZRemoteConfigGetRequest,
  ZRemoteConfigGetResponse,
} from '@konek/contract/remote-config-get';
import { ok } from '../../platform/reply';
import type { Db } from '../../platform/db/database';
import { readSettings } from './service';

const MODULE = 'remote_config';

/** spec §7.2 /api/v3/remote_config/get: public settings (no sign-in), e.g. the payment methods. */
export const remoteConfigRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    REMOTE_CONFIG_GET_PATH,
    {
      schema: {
        tags: [MODULE],
        body: ZRemoteConfigGetRequest,
        response: { 200: ZRemoteConfigGetResponse },
      },
    },
    async (request) => ok(MODULE, { result_set: await readSettings(db, request.body.keys) }),
  );
};
