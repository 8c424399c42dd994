import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientStorageGetCall } from '@konek/contract/client-storage-get';
import { clientStorageAddCall } from '@konek/contract/client-storage-add';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import type { Auth } from '../../platform/auth/target-ownership';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { readContext, writeContext } from './service';

const MODULE = 'clientstorage';

export type StoragePluginOptions = { db: Db; clock: Clock; auth: Auth };

/** product §7.2 /api/v3/clientstorage/get and add (user target). */
export const storagePlugin: FastifyPluginAsyncZod<StoragePluginOptions> = async (
  app,
  { db, clock, auth },
) => {
  registerCall(app, clientStorageGetCall, { module: MODULE, auth }, async ({ body, principal }) =>
    ok(MODULE, { result_set: await readContext(db, principal.userId, body.context) }),
  );

  registerCall(app, clientStorageAddCall, { module: MODULE, auth }, async ({ body, principal }) => {
    const { context, data } = body;
    return ok(MODULE, {
      result_set: await writeContext(db, clock, principal.userId, context, data),
    });
  });
};
