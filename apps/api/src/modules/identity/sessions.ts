import { DomainError } from '../../platform/domain-error';
import type { Principal } from '../../platform/auth/authenticate';
import type { IdentityDependencies } from './identity-dependencies';
import { findUserById, revokeTokens } from './store';

/** The longest a session is refreshed after its sign-in with the PIN: 30 days. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** product §7.1 refresh token: a new token for the caller; the old one runs out on its own (ADR 008). */
export async function refreshSession(
  deps: IdentityDependencies,
  principal: Principal,
): Promise<{ apiToken: string; tokenStart: number }> {
  // A session is refreshed for at most SESSION_MAX_AGE_MS after its sign-in: a stolen token cannot be
  // kept alive for ever, and the customer signs in with the PIN again after that.
  if (deps.clock.now().getTime() - principal.signedInAt > SESSION_MAX_AGE_MS) {
    throw new DomainError('common', 'UNAUTHENTICATED');
  }
  const user = await findUserById(deps.db, principal.userId);
  if (!user) throw new DomainError('common', 'UNAUTHENTICATED');
  const accountId = await deps.accounts.ensure(deps.db, user.id);
  const issued = await deps.tokens.issue(
    { userId: user.id, accountId, msisdn: user.msisdn, signedInAt: principal.signedInAt },
    user.tokensRevokedUpTo,
  );
  return { apiToken: issued.token, tokenStart: issued.tokenStart };
}

/** Sign-out: every token of the user issued so far stops working, on every device (ADR 008). */
export async function logout(deps: IdentityDependencies, principal: Principal): Promise<void> {
  await revokeTokens(deps.db, principal.userId, deps.clock.now());
}
