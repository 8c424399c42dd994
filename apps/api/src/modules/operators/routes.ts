import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsLoginCall, opsLogoutCall, opsMeCall, opsTechniciansCall } from '@konek/contract/ops';
import type { Auth } from '../../platform/auth/target-ownership';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import {
  listTechnicians,
  opsUserReply,
  requireOperator,
  signInOperator,
  signOutOperator,
  type OperatorsDependencies,
} from './service';

// ADR 046: /api/ops sign-in, sign-out, who am I, and the technicians a dispatcher assigns to.
const MODULE = 'ops';

export type OperatorsPluginOptions = {
  operators: OperatorsDependencies;
  /** Authenticates operator tokens (their own audience), never customer ones. */
  opsAuth: Auth;
  loginPerMinute: number;
};

export const operatorsPlugin: FastifyPluginAsyncZod<OperatorsPluginOptions> = async (
  app,
  { operators, opsAuth, loginPerMinute },
) => {
  registerCall(
    app,
    opsLoginCall,
    { module: MODULE, perIpPerMinute: loginPerMinute },
    async ({ body, reply }) => {
      const session = await signInOperator(operators, body.username, body.password);
      reply.header('cache-control', 'no-store');
      return ok(MODULE, {
        api_token: session.token,
        token_start: session.tokenStart,
        user: opsUserReply(session.operator),
      });
    },
  );
  registerCall(app, opsLogoutCall, { module: MODULE, auth: opsAuth }, async ({ principal }) => {
    await signOutOperator(operators, principal.userId);
    return ok(MODULE, {});
  });
  registerCall(app, opsMeCall, { module: MODULE, auth: opsAuth }, async ({ principal }) =>
    ok(MODULE, { user: opsUserReply(await requireOperator(operators.db, principal)) }),
  );
  registerCall(
    app,
    opsTechniciansCall,
    { module: MODULE, auth: opsAuth },
    async ({ principal }) => {
      await requireOperator(operators.db, principal, ['dispatcher']);
      const technicians = await listTechnicians(operators.db);
      return ok(MODULE, {
        technicians: technicians.map((t) => ({ user_id: t.id, first_name: t.firstName })),
      });
    },
  );
};
