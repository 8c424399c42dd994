import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GET_ACCOUNT_PATH,
  ZGetAccountRequest,
  ZGetAccountResponse,
} from '@konek/contract/get-account';
import {
  ADD_ACCOUNT_PATH,
  ZAddAccountRequest,
  ZAddAccountResponse,
} from '@konek/contract/add-account';
import { ok } from '../../platform/reply';
import type { Auth } from '../../platform/auth/target-ownership';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { accountInfo, addAccount } from './service';

const MODULE = 'user';

export type AccountRoutesOptions = { db: Db; clock: Clock; auth: Auth; operatorName: string };

/** spec §7.2 /api/v3/user/get_account (account target) and add_account (user target). */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const { db, clock, auth } = options;

  app.post(
    GET_ACCOUNT_PATH,
    {
      schema: { tags: [MODULE], body: ZGetAccountRequest, response: { 200: ZGetAccountResponse } },
    },
    async (request) => {
      await auth.requireAccountTarget(request, request.body.target_id);
      return ok(MODULE, { account_info: await accountInfo(db, request.body.target_id) });
    },
  );

  app.post(
    ADD_ACCOUNT_PATH,
    {
      schema: { tags: [MODULE], body: ZAddAccountRequest, response: { 200: ZAddAccountResponse } },
    },
    async (request) => {
      const principal = await auth.requireUserTarget(request, request.body.target_id);
      const accountId = await addAccount(db, clock, {
        userId: principal.userId,
        providerId: request.body.account_properties.provider_id,
        operatorName: options.operatorName,
      });
      return ok(MODULE, { account_id: accountId });
    },
  );
};
