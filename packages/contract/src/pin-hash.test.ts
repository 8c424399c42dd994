import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { hashPin, ZPinSecret } from './pin-hash';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('hashPin (ADR 006)', () => {
  it('is the hex SHA-256 of "konek-pin:v1:<msisdn>:<pin>"', async () => {
    expect(await hashPin('639171234567', '482916')).toBe(
      sha256('konek-pin:v1:639171234567:482916'),
    );
  });

  it('needs no Web Crypto (absent outside secure contexts, e.g. a phone on plain HTTP)', async () => {
    vi.stubGlobal('crypto', undefined);
    try {
      expect(await hashPin('639171234567', '482916')).toBe(
        sha256('konek-pin:v1:639171234567:482916'),
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('gives a different hash for the same PIN on another number', async () => {
    expect(await hashPin('639171234567', '482916')).not.toBe(
      await hashPin('639171234568', '482916'),
    );
  });

  it('always yields a valid login_secret and never contains the PIN', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^63\d{10}$/),
        fc.stringMatching(/^\d{6}$/),
        async (msisdn, pin) => {
          const secret = await hashPin(msisdn, pin);
          expect(ZPinSecret.safeParse(secret).success).toBe(true);
          expect(secret).toBe(sha256(`konek-pin:v1:${msisdn}:${pin}`));
        },
      ),
      { numRuns: 50 },
    );
  });

  it('ZPinSecret refuses a plain PIN and uppercase hex', () => {
    expect(ZPinSecret.safeParse('482916').success).toBe(false);
    expect(ZPinSecret.safeParse('A'.repeat(64)).success).toBe(false);
    expect(ZPinSecret.safeParse('a'.repeat(64)).success).toBe(true);
  });
});
