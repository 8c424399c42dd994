import * as z from 'zod';
import { TOKEN_LIFETIME_SECONDS } from '@konek/contract/constants';

// product §4.1 "Token refresh replaces the token"; ADR 008: a token is an RS256 JWT valid 30 minutes. The
// browser reads its expiry (without verifying it: only the server's answer decides) so the session can
// refresh it shortly before it runs out.

/** Refresh this long before the token expires: room for a slow network and a sleeping tab's timer. */
export const TOKEN_REFRESH_MARGIN_MS = 5 * 60 * 1000;

const ZTokenClaims = z.object({ exp: z.number() });

function decodeBase64Url(segment: string): string {
  const base64 = segment.replaceAll('-', '+').replaceAll('_', '/');
  const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(padded), (character) => character.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The token's `exp` in epoch ms, or null when it is not a readable JWT. */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = ZTokenClaims.safeParse(JSON.parse(decodeBase64Url(payload)));
    return claims.success ? claims.data.exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * When to ask for a new token: the margin before its expiry, read from the token itself, else from
 * when it was issued (product §3 tokenStart) plus the lifetime, else at once.
 */
export function refreshDueAt(token: string, tokenStart: number | undefined): number {
  const expiresAt =
    tokenExpiresAt(token) ??
    (tokenStart === undefined ? null : tokenStart + TOKEN_LIFETIME_SECONDS * 1000);
  return expiresAt === null ? 0 : expiresAt - TOKEN_REFRESH_MARGIN_MS;
}
