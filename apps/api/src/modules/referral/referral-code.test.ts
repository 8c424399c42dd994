import { describe, expect, it } from 'vitest';
import { normaliseCode } from '@konek/contract/offer-codes';
import { REFERRAL_CODE_ALPHABET, generateReferralCode } from './referral-code';

describe('generateReferralCode (ADR 014)', () => {
  it('is KNK and six characters of the alphabet', () => {
    for (let round = 0; round < 200; round++) {
      expect(generateReferralCode()).toMatch(/^KNK[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{6}$/);
    }
  });

  it('has no look-alike characters', () => {
    for (const lookAlike of ['0', 'O', '1', 'I', 'L']) {
      expect(REFERRAL_CODE_ALPHABET).not.toContain(lookAlike);
    }
  });

  it('draws each character from the random source', () => {
    expect(generateReferralCode(() => 0)).toBe('KNKAAAAAA');
    expect(generateReferralCode((size) => size - 1)).toBe('KNK999999');
  });

  it('is already in the normalised form customers are matched on', () => {
    const code = generateReferralCode();
    expect(normaliseCode(code)).toBe(code);
  });
});
