import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { DomainError } from '../domain-error';
import type { Clock } from '../clock';
import { JWT_ALGORITHM, type SigningKeys } from './signing-keys';

// ADR 008: session tokens are RS256 JWTs — iss, aud, sub (user id), account_id, msisdn, jti, iat, exp,
// and token_start (epoch ms, also in the reply). Revocation compares token_start with the user's cutoff.

export type SessionClaims = { userId: string; accountId: string | null; msisdn: string | null };
export type VerifiedToken = SessionClaims & { tokenStart: number };
export type IssuedToken = { token: string; tokenStart: number };
/** Who issues the tokens, who they are for, and how long each lives (from configuration). */
export type TokenSettings = { issuer: string; audience: string; lifetimeSeconds: number };

export type SessionTokens = {
  /**
   * A new token. `revokedUpTo` is the user's cutoff: the token starts after it even when clocks of two
   * replicas disagree or the test clock stands still, so a sign-in right after a sign-out is valid.
   */
  issue(claims: SessionClaims, revokedUpTo: Date | null): Promise<IssuedToken>;
  /**
   * The token's claims when its algorithm, signature, issuer, audience, expiry and lifetime hold; a 401
   * otherwise.
   */
  verify(token: string): Promise<VerifiedToken>;
};

const unauthenticated = () => new DomainError('common', 'UNAUTHENTICATED');

export function createSessionTokens(
  keys: SigningKeys,
  clock: Clock,
  { issuer, audience, lifetimeSeconds }: TokenSettings,
): SessionTokens {
  return {
    async issue(claims, revokedUpTo) {
      const tokenStart = Math.max(clock.now().getTime(), (revokedUpTo?.getTime() ?? 0) + 1);
      const issuedAt = Math.floor(tokenStart / 1000);
      const token = await new SignJWT({
        account_id: claims.accountId,
        msisdn: claims.msisdn,
        token_start: tokenStart,
      })
        .setProtectedHeader({ alg: JWT_ALGORITHM, kid: keys.publicJwk.kid })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(claims.userId)
        .setJti(crypto.randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + lifetimeSeconds)
        .sign(keys.privateKey);
      return { token, tokenStart };
    },

    async verify(token) {
      let payload;
      try {
        // Only RS256 is accepted: "none", HS256 (e.g. signed with the public key) and others fail here.
        ({ payload } = await jwtVerify(token, keys.publicKey, {
          algorithms: [JWT_ALGORITHM],
          currentDate: clock.now(),
          issuer,
          audience,
          requiredClaims: ['iss', 'aud', 'sub', 'exp', 'iat'],
        }));
      } catch {
        throw unauthenticated();
      }
      // A token that claims to live longer than Konek issues them was not made by Konek's rules (a
      // leaked key, a misconfigured replica): refused even before it expires.
      const { exp, iat } = payload;
      if (exp === undefined || iat === undefined || exp - iat > lifetimeSeconds) {
        throw unauthenticated();
      }
      const tokenStart = payload['token_start'];
      if (typeof payload.sub !== 'string' || payload.sub === '') throw unauthenticated();
      if (typeof tokenStart !== 'number' || !Number.isInteger(tokenStart)) throw unauthenticated();
      const accountId = payload['account_id'];
      const msisdn = payload['msisdn'];
      return {
        userId: payload.sub,
        accountId: typeof accountId === 'string' ? accountId : null,
        msisdn: typeof msisdn === 'string' ? msisdn : null,
        tokenStart,
      };
    },
  };
}
