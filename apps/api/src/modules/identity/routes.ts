import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHECK_LOGIN_EXISTS_PATH,
  ZCheckLoginExistsRequest,
  ZCheckLoginExistsResponse,
} from '@konek/contract/check-login-exists';
import { LOGIN_PATH, ZLoginPathRequest, ZSessionResponse } from '@konek/contract/login';
import {
  REFRESH_TOKEN_PATH,
  ZRefreshTokenRequest,
  ZRefreshTokenResponse,
} from '@konek/contract/refresh-token';
import { LOGOUT_PATH, ZLogoutRequest, ZLogoutResponse } from '@konek/contract/logout';
import { GET_USER_PATH, ZGetUserRequest, ZGetUserResponse } from '@konek/contract/get-user';
import { ok } from '../../platform/reply';
import { perIpPerMinute } from '../../platform/auth/rate-limit';
import type { Auth } from '../../platform/auth/target-ownership';
import type { RateLimits } from '../../platform/config';
import type { IdentityDependencies } from './identity-dependencies';
import { login, loginExists, register, type Session } from './sign-in';
import { logout, refreshSession } from './sessions';
import { userInfo } from './user-info';

const MODULE = 'user';
/** A reply carrying a session token is kept by no cache, shared or the browser's (ADR 008). */
const NO_STORE = 'no-store';

export type IdentityRoutesOptions = {
  identity: IdentityDependencies;
  auth: Auth;
  rateLimits: RateLimits;
};

const sessionReply = (session: Session) =>
  ok(MODULE, {
    api_token: session.apiToken,
    user_id: session.userId,
    account_id: session.accountId,
    msisdns: session.msisdns,
    token_start: session.tokenStart,
  });

/** spec §7.2 /api/v3/user/*: check_login_exists, login (and register), refresh_token, logout, get_user. */
export const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (
  app,
  { identity, auth, rateLimits },
) => {
  app.post(
    CHECK_LOGIN_EXISTS_PATH,
    {
      config: perIpPerMinute(rateLimits.lookupPerMinute),
      schema: {
        tags: [MODULE],
        body: ZCheckLoginExistsRequest,
        response: { 200: ZCheckLoginExistsResponse },
      },
    },
    async (request) => ok(MODULE, { exists: await loginExists(identity, request.body.login_id) }),
  );

  app.post(
    LOGIN_PATH,
    {
      config: perIpPerMinute(rateLimits.loginPerMinute),
      schema: { tags: [MODULE], body: ZLoginPathRequest, response: { 200: ZSessionResponse } },
    },
    async (request, reply) => {
      const { application_id, login_id, login_secret, user_properties } = request.body;
      const credentials = { applicationId: application_id, msisdn: login_id, secret: login_secret };
      const session = user_properties
        ? await register(identity, credentials, user_properties)
        : await login(identity, credentials);
      reply.header('cache-control', NO_STORE);
      return sessionReply(session);
    },
  );

  app.post(
    REFRESH_TOKEN_PATH,
    {
      schema: {
        tags: [MODULE],
        body: ZRefreshTokenRequest,
        response: { 200: ZRefreshTokenResponse },
      },
    },
    async (request, reply) => {
      const refreshed = await refreshSession(identity, await auth.authenticate(request));
      reply.header('cache-control', NO_STORE);
      return ok(MODULE, { api_token: refreshed.apiToken, token_start: refreshed.tokenStart });
    },
  );

  app.post(
    LOGOUT_PATH,
    { schema: { tags: [MODULE], body: ZLogoutRequest, response: { 200: ZLogoutResponse } } },
    async (request) => {
      await logout(identity, await auth.authenticate(request));
      return ok(MODULE, {});
    },
  );

  app.post(
    GET_USER_PATH,
    { schema: { tags: [MODULE], body: ZGetUserRequest, response: { 200: ZGetUserResponse } } },
    async (request) => {
      const principal = await auth.requireUserTarget(request, request.body.target_id);
      return ok(MODULE, { user_info: await userInfo(identity.db, principal.userId) });
    },
  );
};
