import type { FastifyRequest } from 'fastify';
import { DomainError } from '../domain-error';
import type { Authenticate, Principal, VerifyTokenOnly } from './authenticate';

/** The user who owns an account, or null when there is no such account. */
export type AccountOwnerLookup = (accountId: string) => Promise<string | null>;

/**
 * What every signed-in route uses (product §6, docs/architecture.md): authenticate the caller and, for a call
 * with target_id, check the target is theirs — a user target (3) is the caller; an account target (2) is
 * one of the caller's accounts. Someone else's target, or one that does not exist, is a 403 either way,
 * so the reply does not tell which ids exist.
 */
export type Auth = {
  authenticate: Authenticate;
  requireUserTarget(request: FastifyRequest, targetId: string): Promise<Principal>;
  requireAccountTarget(request: FastifyRequest, targetId: string): Promise<Principal>;
  /**
   * ADR 043: requireAccountTarget without reading the revocation cutoff — the handler's own statement
   * must check it (principal.userId, principal.tokenStart) in the same round trip. Someone else's target
   * is still checked here, after the cutoff (a revoked token is 401 before it is 403).
   */
  requireAccountTargetRevocationInHandler(
    request: FastifyRequest,
    targetId: string,
  ): Promise<Principal>;
};

export function assertOwnUserTarget(principal: Principal, targetId: string): void {
  if (principal.userId !== targetId) throw new DomainError('common', 'FORBIDDEN');
}

/** Account owners remembered per process; the oldest is forgotten past this many. */
const OWNER_CACHE_SIZE = 50_000;

/**
 * An account never changes its owner and is never deleted, so an owner once read stays true: each
 * process remembers the pairs it has read and asks the database only for new accounts (one round trip
 * less on every account-target call). An unknown account is not remembered.
 */
function rememberOwners(accountOwner: AccountOwnerLookup): AccountOwnerLookup {
  const owners = new Map<string, string>();
  return async (accountId) => {
    const known = owners.get(accountId);
    if (known !== undefined) return known;
    const owner = await accountOwner(accountId);
    if (owner !== null) {
      if (owners.size >= OWNER_CACHE_SIZE) owners.delete(owners.keys().next().value!);
      owners.set(accountId, owner);
    }
    return owner;
  };
}

export function createAuth(
  authenticate: Authenticate,
  verifyTokenOnly: VerifyTokenOnly,
  lookUpOwner: AccountOwnerLookup,
): Auth {
  const accountOwner = rememberOwners(lookUpOwner);
  return {
    authenticate,
    async requireUserTarget(request, targetId) {
      const principal = await authenticate(request);
      assertOwnUserTarget(principal, targetId);
      return principal;
    },
    async requireAccountTarget(request, targetId) {
      const principal = await authenticate(request);
      if ((await accountOwner(targetId)) !== principal.userId) {
        throw new DomainError('common', 'FORBIDDEN');
      }
      return principal;
    },
    async requireAccountTargetRevocationInHandler(request, targetId) {
      const principal = await verifyTokenOnly(request);
      if ((await accountOwner(targetId)) !== principal.userId) {
        await authenticate(request);
        throw new DomainError('common', 'FORBIDDEN');
      }
      return principal;
    },
  };
}
