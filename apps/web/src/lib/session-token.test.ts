import { describe, expect, it } from 'vitest';
import { fakeToken } from './session-fixtures-for-tests';
import { TOKEN_REFRESH_MARGIN_MS, refreshDueAt, tokenExpiresAt } from './session-token';

const EXP_SECONDS = 1_900_000_000;

describe('session token expiry (ADR 008)', () => {
  it('reads exp from the token', () => {
    expect(tokenExpiresAt(fakeToken({ sub: 'u1', exp: EXP_SECONDS }))).toBe(EXP_SECONDS * 1000);
  });

  it.each(['not-a-jwt', 'a.b.c', 'a.e30.c'])('answers null for %j', (token) => {
    expect(tokenExpiresAt(token)).toBeNull();
  });

  it('refreshes five minutes before the token expires', () => {
    expect(refreshDueAt(fakeToken({ exp: EXP_SECONDS }), undefined)).toBe(
      EXP_SECONDS * 1000 - TOKEN_REFRESH_MARGIN_MS,
    );
  });

  it('falls back on the token start plus 30 minutes, else at once', () => {
    expect(refreshDueAt('opaque', 1_000_000)).toBe(
      1_000_000 + 30 * 60_000 - TOKEN_REFRESH_MARGIN_MS,
    );
    expect(refreshDueAt('opaque', undefined)).toBe(0);
  });
});
