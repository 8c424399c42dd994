import type { FastifyRequest } from 'fastify';
import { DomainError } from '../domain-error';
import type { Authenticate, Principal } from './authenticate';

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
};

export function assertOwnUserTarget(principal: Principal, targetId: string): void {
  if (principal.userId !== targetId) throw new DomainError('common', 'FORBIDDEN');
}

export function createAuth(authenticate: Authenticate, accountOwner: AccountOwnerLookup): Auth {
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
  };
}
