import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkLoginExistsCall } from '@konek/contract/check-login-exists';
import { loginCall } from '@konek/contract/login';
import { refreshTokenCall } from '@konek/contract/refresh-token';
import { logoutCall } from '@konek/contract/logout';
import { getUserCall } from '@konek/contract/get-user';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import type { Auth } from '../../platform/auth/target-ownership';
import type { SessionTokens } from '../../platform/auth/session-tokens';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { RateLimits } from '../../platform/config';
import type { OtpDependencies } from '../otp/service';
import type { IdentityDependencies, UserAccounts } from './identity-dependencies';
import { createPinHasher, type PinHasher } from './pin-secret';
import { registerPinResetRoutes } from './pin-reset-routes';
import { login, loginExists, register, type Session } from './sign-in';
import { logout, refreshSession } from './sessions';
import { userInfo } from './user-info';

const MODULE = 'user';
/** A reply carrying a session token is kept by no cache, shared or the browser's (ADR 008). */
const NO_STORE = 'no-store';

export type IdentityPluginOptions = {
  db: Db;
  clock: Clock;
  /** ADR 006: keys the one-time-code hashes (the PIN hashes get it through `pins`). */
  pepper: Buffer;
  /** ADR 023: scrypt with the pepper unless a test counts the hashes. */
  pins?: PinHasher;
  tokens: SessionTokens;
  /** Sign-up and reset codes are otp's (spoken to through otp/service.ts). */
  otp: OtpDependencies;
  operatorName: string;
  /** The user's accounts, from the account module (ADR 088: handed in, not imported). */
  accounts: UserAccounts;
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

/**
 * product §7.2 /api/v3/user/*: check_login_exists, login (and register), refresh_token, logout, get_user,
 * and the forgot-PIN pair.
 */
export const identityPlugin: FastifyPluginAsyncZod<IdentityPluginOptions> = async (
  app,
  options,
) => {
  const { auth, rateLimits } = options;
  const identity: IdentityDependencies = {
    db: options.db,
    clock: options.clock,
    pepper: options.pepper,
    pins: options.pins ?? createPinHasher(options.pepper),
    tokens: options.tokens,
    otp: options.otp,
    operatorName: options.operatorName,
    accounts: options.accounts,
  };

  registerCall(
    app,
    checkLoginExistsCall,
    { module: MODULE, perIpPerMinute: rateLimits.lookupPerMinute },
    async ({ body }) => ok(MODULE, { exists: await loginExists(identity, body.login_id) }),
  );

  registerCall(
    app,
    loginCall,
    { module: MODULE, perIpPerMinute: rateLimits.loginPerMinute },
    async ({ body, reply }) => {
      const { application_id, login_id, login_secret, user_properties } = body;
      const credentials = { applicationId: application_id, msisdn: login_id, secret: login_secret };
      const session = user_properties
        ? await register(identity, credentials, user_properties)
        : await login(identity, credentials);
      reply.header('cache-control', NO_STORE);
      return sessionReply(session);
    },
  );

  registerCall(app, refreshTokenCall, { module: MODULE, auth }, async ({ principal, reply }) => {
    const refreshed = await refreshSession(identity, principal);
    reply.header('cache-control', NO_STORE);
    return ok(MODULE, { api_token: refreshed.apiToken, token_start: refreshed.tokenStart });
  });

  registerCall(app, logoutCall, { module: MODULE, auth }, async ({ principal }) => {
    await logout(identity, principal);
    return ok(MODULE, {});
  });

  registerCall(app, getUserCall, { module: MODULE, auth }, async ({ principal }) =>
    ok(MODULE, { user_info: await userInfo(identity.db, identity.accounts, principal.userId) }),
  );

  registerPinResetRoutes(app, { identity, rateLimits });
};
