import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CLIENT_STORAGE_GET_PATH,
  ZClientStorageGetRequest,
  ZClientStorageGetResponse,
} from '@konek/contract/client-storage-get';
import {
  CLIENT_STORAGE_ADD_PATH,
  ZClientStorageAddRequest,
  ZClientStorageAddResponse,
} from '@konek/contract/client-storage-add';
import { ok } from '../../platform/reply';
import type { Auth } from '../../platform/auth/target-ownership';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { readContext, writeContext } from './service';

const MODULE = 'clientstorage';

export type StorageRoutesOptions = { db: Db; clock: Clock; auth: Auth };

/** spec §7.2 /api/v3/clientstorage/get and add (user target). */
export const storageRoutes: FastifyPluginAsyncZod<StorageRoutesOptions> = async (
  app,
  { db, clock, auth },
) => {
  app.post(
    CLIENT_STORAGE_GET_PATH,
    {
      schema: {
        tags: [MODULE],
        body: ZClientStorageGetRequest,
        response: { 200: ZClientStorageGetResponse },
      },
    },
    async (request) => {
      const principal = await auth.requireUserTarget(request, request.body.target_id);
      return ok(MODULE, {
        result_set: await readContext(db, principal.userId, request.body.context),
      });
    },
  );

  app.post(
    CLIENT_STORAGE_ADD_PATH,
    {
      schema: {
        tags: [MODULE],
        body: ZClientStorageAddRequest,
        response: { 200: ZClientStorageAddResponse },
      },
    },
    async (request) => {
      const { target_id, context, data } = request.body;
      const principal = await auth.requireUserTarget(request, target_id);
      return ok(MODULE, {
        result_set: await writeContext(db, clock, principal.userId, context, data),
      });
    },
  );
};
