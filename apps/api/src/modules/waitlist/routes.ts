import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { waitlistCountCall } from '@konek/contract/waitlist-count';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import type { Db } from '../../platform/db/database';
import { countRequestsInArea } from './service';

const MODULE = 'waitlist';

/** The number of notify-me requests in an area (the waitlist counter of the no-coverage screen). */
export const waitlistPlugin: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  registerCall(app, waitlistCountCall, { module: MODULE }, async ({ body }) =>
    ok(MODULE, { requests: await countRequestsInArea(db, body) }),
  );
};
