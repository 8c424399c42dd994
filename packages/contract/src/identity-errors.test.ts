import { describe, expect, it } from 'vitest';
import { describeError, ERRORS } from './errors';

describe('account error codes', () => {
  it('uses the operator OTP module codes 4 to 9 (product §8)', () => {
    const codes = Object.values(ERRORS.otp).map((definition) => definition.code);
    expect(codes.sort((a, b) => a - b)).toEqual([4, 5, 6, 7, 8, 9]);
  });

  it.each([
    ['otp', 4, 'OTP_INVALID'],
    ['otp', 5, 'OTP_EXPIRED'],
    ['otp', 6, 'OTP_ALREADY_USED'],
    ['otp', 7, 'OTP_TOO_MANY_ATTEMPTS'],
    ['otp', 8, 'OTP_RESEND_TOO_SOON'],
    ['otp', 9, 'OTP_HOURLY_LIMIT'],
    ['auth', 3, 'ACCOUNT_LOCKED'],
    ['auth', 4, 'PIN_TOO_COMMON'],
    ['partner', 1, 'LINK_INVALID'],
  ])('%s code %d is %s', (module, code, name) => {
    expect(describeError(module, code).name).toBe(name);
  });

  it('answers a locked account with 423 and a way out', () => {
    expect(ERRORS.auth.ACCOUNT_LOCKED.status).toBe(423);
    expect(ERRORS.auth.ACCOUNT_LOCKED.message).toContain('Reset your PIN');
  });
});
