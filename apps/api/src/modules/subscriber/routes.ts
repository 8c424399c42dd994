import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getPrepaidAccountPath,
  ZGetPrepaidAccountRequest,
  ZGetPrepaidAccountResponse,
} from '@konek/contract/get-prepaid-account';
import { ok } from '../../platform/reply';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { subscriberProfile } from './service';

const MODULE = 'subscriber';

export type SubscriberRoutesOptions = { db: Db; clock: Clock; ossSegment: string };

/** spec §7.2 /api/v3/{oss}/get_account: the subscriber profile that pre-fills the details form. */
export const subscriberRoutes: FastifyPluginAsyncZod<SubscriberRoutesOptions> = async (
  app,
  { db, clock, ossSegment },
) => {
  app.post(
    getPrepaidAccountPath(ossSegment),
    {
      schema: {
        tags: [MODULE],
        body: ZGetPrepaidAccountRequest,
        response: { 200: ZGetPrepaidAccountResponse },
      },
    },
    async (request) => {
      const result = await subscriberProfile(db, clock, {
        localMsisdn: request.body.msisdn,
        referenceId: request.body.reference_id,
      });
      return ok(MODULE, { result });
    },
  );
};
