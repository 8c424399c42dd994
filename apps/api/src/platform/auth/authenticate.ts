import type { FastifyRequest } from 'fastify';
import { DomainError } from '../domain-error';
import type { SessionTokens, VerifiedToken } from './session-tokens';

/** The caller of a signed-in request: the token's user, account and number, and when it started. */
export type Principal = VerifiedToken;

/** The user's revocation cutoff: null when none, undefined when there is no such user. */
export type RevocationLookup = (userId: string) => Promise<Date | null | undefined>;

export type Authenticate = (request: FastifyRequest) => Promise<Principal>;

/**
 * ADR 043: the Bearer token verified (RS256, signature, expiry) but its user's revocation cutoff not yet
 * read — for a call whose own single statement checks the cutoff with the principal's userId and
 * tokenStart. Anything that does not check it must use Authenticate.
 */
export type VerifyTokenOnly = (request: FastifyRequest) => Promise<Principal>;

// RFC 6750 §2.1 and RFC 9110 §11.1: the scheme name is case-insensitive, followed by one or more spaces.
const BEARER = /^bearer +([A-Za-z0-9._-]+)$/i;

/**
 * ADR 008: reads the Bearer token of a request and accepts it only when it verifies (RS256, signature,
 * expiry), its user exists, and it started after the user's last sign-out or PIN change. Anything else is
 * a 401. The cutoff lives in the database, so a sign-out holds on every replica at once.
 */
export function createVerifyTokenOnly(tokens: SessionTokens): VerifyTokenOnly {
  return async (request) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match) throw new DomainError('common', 'UNAUTHENTICATED');
    return tokens.verify(match[1]!);
  };
}

export function createAuthenticate(
  tokens: SessionTokens,
  revokedUpTo: RevocationLookup,
): Authenticate {
  const verifyTokenOnly = createVerifyTokenOnly(tokens);
  return async (request) => {
    const principal = await verifyTokenOnly(request);
    const cutoff = await revokedUpTo(principal.userId);
    if (cutoff === undefined) throw new DomainError('common', 'UNAUTHENTICATED');
    if (cutoff !== null && principal.tokenStart <= cutoff.getTime()) {
      throw new DomainError('common', 'UNAUTHENTICATED');
    }
    return principal;
  };
}
