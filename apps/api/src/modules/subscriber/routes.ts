import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPrepaidAccountCall } from '@konek/contract/get-prepaid-account';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { subscriberProfile } from './service';

const MODULE = 'subscriber';

export type SubscriberPluginOptions = { db: Db; clock: Clock; ossSegment: string };

/** product §7.2 /api/v3/{oss}/get_account: the subscriber profile that pre-fills the details form. */
export const subscriberPlugin: FastifyPluginAsyncZod<SubscriberPluginOptions> = async (
  app,
  { db, clock, ossSegment },
) => {
  registerCall(app, getPrepaidAccountCall, { module: MODULE, ossSegment }, async ({ body }) => {
    const result = await subscriberProfile(db, clock, {
      localMsisdn: body.msisdn,
      referenceId: body.reference_id,
    });
    return ok(MODULE, { result });
  });
};
