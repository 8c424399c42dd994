import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  WAITLIST_COUNT_PATH,
  ZWaitlistCountRequest,
  ZWaitlistCountResponse,
} from '@konek/contract/waitlist-count';
import { ok } from '../../platform/reply';
import type { Db } from '../../platform/db/database';
import { countRequestsInArea } from './service';

const MODULE = 'waitlist';

export const waitlistRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    WAITLIST_COUNT_PATH,
    {
      schema: {
        tags: [MODULE],
        body: ZWaitlistCountRequest,
        response: { 200: ZWaitlistCountResponse },
      },
    },
    async (request) => ok(MODULE, { requests: await countRequestsInArea(db, request.body) }),
  );
};
