import type { FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import { DomainError } from '../domain-error';
import { JWT_ALGORITHM, type SigningKeys } from './signing-keys';

export type Principal = { userId: string; accountId: string | null; msisdn: string | null };

/**
 * Reads the Bearer token of a request and verifies it (RS256 only, signature, expiry). Anything else —
 * no token, another algorithm, a bad signature, an expired token — is a 401.
 */
export async function authenticate(request: FastifyRequest, keys: SigningKeys): Promise<Principal> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer ([A-Za-z0-9._-]+)$/.exec(header);
  if (!match) throw new DomainError('common', 'UNAUTHENTICATED');
  try {
    const { payload } = await jwtVerify(match[1]!, keys.publicKey, { algorithms: [JWT_ALGORITHM] });
    if (typeof payload.sub !== 'string' || payload.sub === '') {
      throw new DomainError('common', 'UNAUTHENTICATED');
    }
    return {
      userId: payload.sub,
      accountId: typeof payload['account_id'] === 'string' ? payload['account_id'] : null,
      msisdn: typeof payload['msisdn'] === 'string' ? payload['msisdn'] : null,
    };
  } catch {
    throw new DomainError('common', 'UNAUTHENTICATED');
  }
}

/** spec §6 / ARCHITECTURE §3: a call that names a user target must name the caller. */
export function assertOwnUserTarget(principal: Principal, targetId: string): void {
  if (principal.userId !== targetId) throw new DomainError('common', 'FORBIDDEN');
}
