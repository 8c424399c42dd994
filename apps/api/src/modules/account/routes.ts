import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAccountCall } from '@konek/contract/get-account';
import { addAccountCall } from '@konek/contract/add-account';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import type { Auth } from '../../platform/auth/target-ownership';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { accountInfo, addAccount } from './service';

const MODULE = 'user';

export type AccountPluginOptions = { db: Db; clock: Clock; auth: Auth; operatorName: string };

/** product §7.2 /api/v3/user/get_account (account target) and add_account (user target). */
export const accountPlugin: FastifyPluginAsyncZod<AccountPluginOptions> = async (app, options) => {
  const { db, clock, auth } = options;
  const call = { module: MODULE, auth };

  registerCall(app, getAccountCall, call, async ({ body }) =>
    ok(MODULE, { account_info: await accountInfo(db, body.target_id) }),
  );

  registerCall(app, addAccountCall, call, async ({ body, principal }) => {
    const accountId = await addAccount(db, clock, {
      userId: principal.userId,
      providerId: body.account_properties.provider_id,
      operatorName: options.operatorName,
    });
    return ok(MODULE, { account_id: accountId });
  });
};
