import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getResourceCall, reserveResourceCall } from '@konek/contract/resource';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import type { Auth } from '../../platform/auth/target-ownership';
import { reserveResource, resourceOf, type ResourceDependencies } from './service';

const MODULE = 'resource';

export type ResourcesPluginOptions = ResourceDependencies & { auth: Auth };

/** product §7.2 /api/v3/resource/get and /reserve (account target, ADR 034). */
export const resourcesPlugin: FastifyPluginAsyncZod<ResourcesPluginOptions> = async (
  app,
  options,
) => {
  const { auth, ...deps } = options;
  const call = { module: MODULE, auth };

  registerCall(app, getResourceCall, call, async ({ body }) =>
    ok(MODULE, { resource: await resourceOf(deps, body.target_id) }),
  );

  registerCall(app, reserveResourceCall, call, async ({ body }) =>
    ok(MODULE, {
      resource: await reserveResource(deps, {
        accountId: body.target_id,
        address: body.address,
        customer: body.customer,
      }),
    }),
  );
};
