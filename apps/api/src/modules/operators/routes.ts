import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsLoginCall, opsLogoutCall, opsMeCall, opsTechniciansCall } from '@konek/contract/ops';
import { opsHistoryCall } from '@konek/contract/ops-history';
import {
  OPERATOR_ADMIN_ROLES,
  opsAddOperatorCall,
  opsDisableOperatorCall,
  opsOperatorsCall,
  opsSetOperatorRoleCall,
} from '@konek/contract/ops-operators';
import type { Auth } from '../../platform/auth/target-ownership';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import {
  addOperatorAsAdmin,
  ANY_ROLE,
  disableOperator,
  listOperators,
  listTechnicians,
  operatorHistory,
  opsOperatorReply,
  opsUserReply,
  setOperatorRole,
  requireOperator,
  signInOperator,
  signOutOperator,
  type OperatorsDependencies,
} from './service';

// ADR 046: /api/ops sign-in, sign-out, who am I, and the technicians a dispatcher assigns to. ADR 089:
// the admins' operators (list, add, role, disable) and the history of a record.
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
    ok(MODULE, { user: opsUserReply(await requireOperator(operators.db, principal, ANY_ROLE)) }),
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

  registerCall(app, opsOperatorsCall, { module: MODULE, auth: opsAuth }, async ({ principal }) => {
    await requireOperator(operators.db, principal, OPERATOR_ADMIN_ROLES);
    const rows = await listOperators(operators.db);
    return ok(MODULE, { operators: rows.map(opsOperatorReply) });
  });
  registerCall(
    app,
    opsAddOperatorCall,
    { module: MODULE, auth: opsAuth },
    async ({ body, principal, reply }) => {
      const admin = await requireOperator(operators.db, principal, OPERATOR_ADMIN_ROLES);
      const added = await addOperatorAsAdmin(operators, admin, {
        username: body.username,
        role: body.role,
        firstName: body.first_name,
      });
      // The made password is in this reply only.
      reply.header('cache-control', 'no-store');
      return ok(MODULE, { operator: opsOperatorReply(added.operator), password: added.password });
    },
  );
  registerCall(
    app,
    opsSetOperatorRoleCall,
    { module: MODULE, auth: opsAuth },
    async ({ body, principal }) => {
      const admin = await requireOperator(operators.db, principal, OPERATOR_ADMIN_ROLES);
      const changed = await setOperatorRole(operators, admin, body.user_id, body.role);
      return ok(MODULE, { operator: opsOperatorReply(changed) });
    },
  );
  registerCall(
    app,
    opsDisableOperatorCall,
    { module: MODULE, auth: opsAuth },
    async ({ body, principal }) => {
      const admin = await requireOperator(operators.db, principal, OPERATOR_ADMIN_ROLES);
      const disabled = await disableOperator(operators, admin, body.user_id);
      return ok(MODULE, { operator: opsOperatorReply(disabled) });
    },
  );
  registerCall(
    app,
    opsHistoryCall,
    { module: MODULE, auth: opsAuth },
    async ({ body, principal }) => {
      const reader = await requireOperator(operators.db, principal, ANY_ROLE);
      const history = await operatorHistory(operators.db, reader, body.entity, body.entity_id);
      return ok(MODULE, { history });
    },
  );
};
