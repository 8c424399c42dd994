import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsFunnelCall } from '@konek/contract/ops-funnel';
import type { Auth } from '../../platform/auth/target-ownership';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import { requireOperator } from '../operators/service';
import { funnel, type FunnelDependencies } from './service';

const OPS_MODULE = 'ops';

export type FunnelPluginOptions = { funnel: FunnelDependencies; opsAuth: Auth };

/** ADR 096: the journey's funnel, for marketing and admin. */
export const funnelPlugin: FastifyPluginAsyncZod<FunnelPluginOptions> = async (
  app,
  { funnel: deps, opsAuth },
) => {
  registerCall(
    app,
    opsFunnelCall,
    { module: OPS_MODULE, auth: opsAuth },
    async ({ body, principal }) => {
      await requireOperator(deps.db, principal, ['marketing', 'admin']);
      return ok(OPS_MODULE, await funnel(deps, body));
    },
  );
};
