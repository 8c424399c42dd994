import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { remoteConfigGetCall } from '@konek/contract/remote-config-get';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import type { Db } from '../../platform/db/database';
import { readSettings } from './service';

const MODULE = 'remote_config';

/** product §7.2 /api/v3/remote_config/get: public settings (no sign-in), e.g. the payment methods. */
export const remoteConfigPlugin: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  registerCall(app, remoteConfigGetCall, { module: MODULE }, async ({ body }) =>
    ok(MODULE, { result_set: await readSettings(db, body.keys) }),
  );
};
