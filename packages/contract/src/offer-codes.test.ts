import { describe, expect, it } from 'vitest';
import { ZTypedCode, normaliseCode } from './offer-codes';

describe('normaliseCode (product §8 referral and voucher codes)', () => {
  it.each([
    ['KONEK800', 'KONEK800'],
    ['konek800', 'KONEK800'],
    ['  Konek800 ', 'KONEK800'],
    ['knk 7q4-mzp', 'KNK7Q4MZP'],
    ['KNK\t7Q4\n MZP', 'KNK7Q4MZP'],
    ['---', ''],
  ])('%j → %j', (typed, expected) => {
    expect(normaliseCode(typed)).toBe(expected);
  });
});

describe('ZTypedCode', () => {
  it('trims and accepts 1 to 64 characters', () => {
    expect(ZTypedCode.parse('  konek800 ')).toBe('konek800');
    expect(ZTypedCode.safeParse('x'.repeat(64)).success).toBe(true);
  });

  it.each([[''], ['   '], ['x'.repeat(65)]])('refuses %j', (typed) => {
    expect(ZTypedCode.safeParse(typed).success).toBe(false);
  });
});
