import { describe, expect, it } from 'vitest';
import { commonPinCandidates, isCommonPin, MESSAGE_COMMON_PIN } from './common-pins';

const MSISDN = '639171234567';

describe('common PINs', () => {
  it.each([
    '111111',
    '123456',
    '000000',
    '654321',
    '121212',
    '112233',
    '123123',
    '999999',
    '012345',
    '987654',
    '543210',
    '890123',
    '909090',
    '159753',
  ])('refuses %s', (pin) => {
    expect(isCommonPin(pin, MSISDN)).toBe(true);
  });

  it("refuses the number's own last six digits and the first six of the national number", () => {
    expect(isCommonPin('234567', '639171234567')).toBe(true);
    expect(isCommonPin('917123', '639171234567')).toBe(true);
    expect(isCommonPin('807352', '639181807352')).toBe(true);
    expect(isCommonPin('807352', MSISDN)).toBe(false);
  });

  it.each(['482916', '270495', '905172', '381946'])('accepts %s', (pin) => {
    expect(isCommonPin(pin, MSISDN)).toBe(false);
  });

  it('lists six-digit PINs only, without repeats, a small list to hash', () => {
    const candidates = commonPinCandidates(MSISDN);
    expect(candidates.every((pin) => /^\d{6}$/.test(pin))).toBe(true);
    expect(new Set(candidates).size).toBe(candidates.length);
    expect(candidates.length).toBeLessThan(200);
  });

  it('says so clearly', () => {
    expect(MESSAGE_COMMON_PIN).toBe('This PIN is too easy to guess. Please choose another.');
  });
});
