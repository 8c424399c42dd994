import { describe, expect, it } from 'vitest';
import { MESSAGE_COMMON_PIN } from '@konek/contract/common-pins';
import { OTP_LENGTH } from '@konek/contract/identity-limits';
import {
  MESSAGE_DIGITS_ONLY,
  MESSAGE_MOBILE,
  MESSAGE_PIN,
  MESSAGE_REQUIRED,
} from '@konek/contract/validation';
import {
  MESSAGE_CODE_LENGTH,
  MESSAGE_PIN_MISMATCH,
  ZCodeForm,
  ZMobileForm,
  newPinFormSchema,
  signUpFormSchema,
} from './auth-schemas';

const MSISDN = '639171234567';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('mobile number (product §5)', () => {
  it.each(['9171234567', '171234567'])('accepts %s (10 digits, or 9 after the 09)', (value) => {
    expect(ZMobileForm.safeParse({ mobileNumber: value }).success).toBe(true);
  });

  it.each(['09171234567', '0917 123 4567', '+63 917 123 4567', '917-123-4567'])(
    'accepts %j as typed and reads it as 9171234567',
    (value) => {
      expect(ZMobileForm.parse({ mobileNumber: value })).toEqual({ mobileNumber: '9171234567' });
    },
  );

  it.each([
    ['', MESSAGE_REQUIRED],
    ['917-12a', MESSAGE_DIGITS_ONLY],
    ['91712345', MESSAGE_MOBILE],
    ['0917123456', MESSAGE_MOBILE],
    // 10 digits that are no Philippine mobile number (no 63 form): the same words.
    ['8171234567', MESSAGE_MOBILE],
  ])('refuses %j with one message: %s', (value, message) => {
    expect(messages(ZMobileForm.safeParse({ mobileNumber: value }))).toEqual([message]);
  });
});

describe('one-time code', () => {
  it.each([
    ['', MESSAGE_REQUIRED],
    ['12a456', MESSAGE_DIGITS_ONLY],
    ['12345', MESSAGE_CODE_LENGTH],
  ])('refuses %j: %s', (code, message) => {
    expect(messages(ZCodeForm.safeParse({ code }))).toEqual([message]);
  });

  it('names the code length the contract sets (the message is written out for the catalogue)', () => {
    expect(MESSAGE_CODE_LENGTH).toBe(`Please enter the ${OTP_LENGTH}-digit code.`);
  });
});

describe('new PIN (product §5, ADR 006)', () => {
  const schema = newPinFormSchema(MSISDN);

  it('accepts the same uncommon PIN twice', () => {
    expect(schema.safeParse({ pin: '135792', confirmPin: '135792' }).success).toBe(true);
  });

  it.each([
    ['12345', MESSAGE_PIN],
    ['', MESSAGE_REQUIRED],
    ['123456', MESSAGE_COMMON_PIN],
    ['111111', MESSAGE_COMMON_PIN],
    // The number's own last six digits are as easy to guess.
    ['234567', MESSAGE_COMMON_PIN],
  ])('refuses %j: %s', (pin, message) => {
    expect(messages(schema.safeParse({ pin, confirmPin: pin }))).toContain(message);
  });

  it('says the PINs do not match, on Confirm PIN', () => {
    const result = schema.safeParse({ pin: '135792', confirmPin: '135793' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmPin'], message: MESSAGE_PIN_MISMATCH }),
    ]);
  });

  it('tells the mismatch even while the name fields are still empty (sign-up)', () => {
    const result = signUpFormSchema(MSISDN).safeParse({
      firstName: '',
      lastName: '',
      pin: '135792',
      confirmPin: '135793',
    });
    expect(result.error?.issues.find((issue) => issue.path[0] === 'confirmPin')?.message).toBe(
      MESSAGE_PIN_MISMATCH,
    );
  });
});
