import { DomainError } from '../../platform/domain-error';
import type { Principal } from '../../platform/auth/authenticate';
import { ensureAccount } from '../account/service';
import type { IdentityDependencies } from './identity-dependencies';
import { findUserById, revokeTokens } from './store';

/** product §7.1 refresh token: a new token for the caller; the old one runs out on its own (ADR 008). */
export async function refreshSession(
  deps: IdentityDependencies,
  principal: Principal,
): Promise<{ apiToken: string; tokenStart: number }> {
  const user = await findUserById(deps.db, principal.userId);
  if (!user) throw new DomainError('common', 'UNAUTHENTICATED');
  const accountId = await ensureAccount(deps.db, deps.clock, user.id, deps.operatorName);
  const issued = await deps.tokens.issue(
    { userId: user.id, accountId, msisdn: user.msisdn },
    user.tokensRevokedUpTo,
  );
  return { apiToken: issued.token, tokenStart: issued.tokenStart };
}

/** Sign-out: every token of the user issued so far stops working, on every device (ADR 008). */
export async function logout(deps: IdentityDependencies, principal: Principal): Promise<void> {
  await revokeTokens(deps.db, principal.userId, deps.clock.now());
}
