import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMobilePrefix, stripMobilePrefix, ZLocalMsisdn, ZMsisdn } from './msisdn';
import { toInternationalMsisdn } from './validation';

describe('msisdn formats (product §5, §9)', () => {
  it('accepts 63 and 10 digits, and whatever toInternationalMsisdn produces', () => {
    expect(ZMsisdn.safeParse('639171234567').success).toBe(true);
    fc.assert(
      fc.property(fc.stringMatching(/^(09\d{9}|9\d{9}|\d{9})$/), (local) => {
        const msisdn = toInternationalMsisdn(local);
        expect(msisdn).not.toBeNull();
        expect(ZMsisdn.safeParse(msisdn).success).toBe(true);
      }),
    );
  });

  it.each(['09171234567', '9171234567', '6391712345678', '+639171234567', ''])(
    'refuses %j with the spec message',
    (value) => {
      const parsed = ZMsisdn.safeParse(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("That's not a valid mobile number.");
    },
  );

  it('strips and adds the 63 prefix (get account, prepaid)', () => {
    expect(stripMobilePrefix('639171234567')).toBe('9171234567');
    expect(addMobilePrefix('9171234567')).toBe('639171234567');
    expect(ZLocalMsisdn.safeParse('9171234567').success).toBe(true);
    expect(ZLocalMsisdn.safeParse('639171234567').success).toBe(false);
  });
});
