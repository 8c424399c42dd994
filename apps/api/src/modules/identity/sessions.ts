import { DomainError } from '../../platform/domain-error';
import type { Principal } from '../../platform/auth/authenticate';
import type { IdentityDependencies } from './identity-dependencies';
import { findUserById, revokeTokens, spendRefreshedToken } from './store';

/** The longest a session is refreshed after its sign-in with the PIN: 30 days. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * ADR 097: a spent token refreshed again within this time is a second tab or a retry racing the first
 * refresh — refused, the session kept; later it is a copy of the token in someone else's hands.
 */
export const REFRESH_REUSE_GRACE_MS = 60 * 1000;

/**
 * product §7.1 refresh token: a new token for the caller, and the caller's token spent (ADR 097): it
 * refreshes once, on any replica. A spent token refreshed again is refused; past REFRESH_REUSE_GRACE_MS
 * that also revokes every token of the customer (the cutoff of ADR 008: the new token descended from
 * it, and any other), so whoever holds a copy is signed out and the customer signs in again.
 */
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
  if (principal.jti === '') throw new DomainError('common', 'UNAUTHENTICATED');
  const now = deps.clock.now();
  const accountId = await deps.db.transaction(async (tx) => {
    const spentAt = await spendRefreshedToken(
      tx,
      {
        jti: principal.jti,
        family: principal.family,
        userId: user.id,
        expiresAt: new Date(principal.expiresAt * 1000),
      },
      now,
    );
    if (spentAt !== undefined) return spentAt;
    return deps.accounts.ensure(tx, user.id);
  });
  if (accountId instanceof Date) {
    if (now.getTime() - accountId.getTime() <= REFRESH_REUSE_GRACE_MS) {
      throw new DomainError('auth', 'TOKEN_ALREADY_REFRESHED');
    }
    await revokeTokens(deps.db, user.id, now);
    throw new DomainError('auth', 'SESSION_ENDED_TOKEN_REUSED');
  }
  const issued = await deps.tokens.issue(
    {
      userId: user.id,
      accountId,
      msisdn: user.msisdn,
      signedInAt: principal.signedInAt,
      family: principal.family,
    },
    user.tokensRevokedUpTo,
  );
  return { apiToken: issued.token, tokenStart: issued.tokenStart };
}

/** Sign-out: every token of the user issued so far stops working, on every device (ADR 008). */
export async function logout(deps: IdentityDependencies, principal: Principal): Promise<void> {
  await revokeTokens(deps.db, principal.userId, deps.clock.now());
}
