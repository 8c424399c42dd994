import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { DomainError } from '../domain-error';
import type { Clock } from '../clock';
import { JWT_ALGORITHM, type SigningKeys } from './signing-keys';

// ADR 008: session tokens are RS256 JWTs — iss, aud, sub (user id), account_id, msisdn, jti, iat, exp,
// and token_start (epoch ms, also in the reply). Revocation compares token_start with the user's cutoff.
// signed_in_at (epoch ms) is when the session began, with the PIN: a refreshed token keeps it, so a
// session's whole age is known (the refresh call refuses one past its limit).

export type SessionClaims = {
  userId: string;
  accountId: string | null;
  msisdn: string | null;
  /** When the session began (epoch ms); unset: now, a new sign-in. */
  signedInAt?: number;
  /** ADR 097: the jti of the sign-in this token descends from by refreshes; unset: a new sign-in. */
  family?: string;
};
export type VerifiedToken = Omit<SessionClaims, 'signedInAt' | 'family'> & {
  tokenStart: number;
  signedInAt: number;
  /** The token's own id (ADR 097: a refresh spends it); empty when the token carries none. */
  jti: string;
  /** The jti of the sign-in it descends from (`fam`); its own jti for a sign-in's token. */
  family: string;
  /** When it expires (epoch seconds). */
  expiresAt: number;
};
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

/** Verified tokens remembered per process (ADR 043); the oldest is forgotten past this many. */
const VERIFIED_CACHE_SIZE = 20_000;

export function createSessionTokens(
  keys: SigningKeys,
  clock: Clock,
  { issuer, audience, lifetimeSeconds }: TokenSettings,
): SessionTokens {
  // ADR 043: a token's signature and claims are checked once per process; the same token string again
  // is answered from memory while it has not expired (`exp`, in seconds, against the app's clock, as
  // jose compares it). Only tokens that verified are remembered. Keys change only with a restart.
  const verified = new Map<string, { token: VerifiedToken; exp: number }>();
  const remember = (token: string, result: VerifiedToken, exp: number) => {
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    verified.set(token, { token: result, exp });
  };
  return {
    async issue(claims, revokedUpTo) {
      const tokenStart = Math.max(clock.now().getTime(), (revokedUpTo?.getTime() ?? 0) + 1);
      const issuedAt = Math.floor(tokenStart / 1000);
      const jti = crypto.randomUUID();
      const token = await new SignJWT({
        account_id: claims.accountId,
        msisdn: claims.msisdn,
        token_start: tokenStart,
        signed_in_at: claims.signedInAt ?? tokenStart,
        fam: claims.family ?? jti,
      })
        .setProtectedHeader({ alg: JWT_ALGORITHM, kid: keys.publicJwk.kid })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(claims.userId)
        .setJti(jti)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + lifetimeSeconds)
        .sign(keys.privateKey);
      return { token, tokenStart };
    },

    async verify(token) {
      const known = verified.get(token);
      if (known !== undefined) {
        if (known.exp > Math.floor(clock.now().getTime() / 1000)) return known.token;
        verified.delete(token);
        throw unauthenticated();
      }
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
      const signedInAt = payload['signed_in_at'];
      // A session cannot begin after its token: such a claim was not made by Konek.
      if (
        signedInAt !== undefined &&
        !(Number.isInteger(signedInAt) && Number(signedInAt) <= tokenStart)
      ) {
        throw unauthenticated();
      }
      const result: VerifiedToken = Object.freeze({
        userId: payload.sub,
        accountId: typeof accountId === 'string' ? accountId : null,
        msisdn: typeof msisdn === 'string' ? msisdn : null,
        tokenStart,
        // Tokens issued before the claim existed began their session at their own start.
        signedInAt: signedInAt === undefined ? tokenStart : Number(signedInAt),
        jti: typeof payload.jti === 'string' ? payload.jti : '',
        family: typeof payload['fam'] === 'string' ? payload['fam'] : (payload.jti ?? ''),
        expiresAt: exp,
      });
      remember(token, result, exp);
      return result;
    },
  };
}
