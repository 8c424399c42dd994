import { describe, expect, it } from 'vitest';
import { ZSubmitSupportRequestRequest } from './submit-support-request';
import {
  SUPPORT_MESSAGE_MAX_LENGTH,
  supportMessage,
  supportMobileNumber,
  supportReference,
} from './support';

// ADR 079: the contact form's rules, shared by the form and the server.

describe('the number the answer is texted to', () => {
  it.each([
    ['0917 123 4567', '9171234567'],
    ['09171234567', '9171234567'],
    ['+63 917 123 4567', '9171234567'],
    ['917-123-4567', '9171234567'],
    ['171234567', '171234567'],
  ])('accepts %j as %j', (typed, digits) => {
    expect(supportMobileNumber.parse(typed)).toBe(digits);
  });

  it.each([
    ['', 'This is a required field.'],
    ['0917 ABC 4567', 'Please enter only a number.'],
    ['12345', "That's not a valid mobile number."],
    // Ten digits, but not a Philippine mobile number: no SMS could reach it.
    ['1234567890', "That's not a valid mobile number."],
  ])('refuses %j with one message', (typed, message) => {
    const result = supportMobileNumber.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});

describe('the message', () => {
  it('keeps what was written without the blank space around it', () => {
    expect(supportMessage.parse('\n  Hello,\n\nmy modem blinks red.  \n')).toBe(
      'Hello,\n\nmy modem blinks red.',
    );
  });

  it('is required and bounded', () => {
    expect(supportMessage.safeParse('   ').error?.issues[0]?.message).toBe(
      'This is a required field.',
    );
    expect(supportMessage.safeParse('x'.repeat(SUPPORT_MESSAGE_MAX_LENGTH)).success).toBe(true);
    expect(supportMessage.safeParse('x'.repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1)).success).toBe(
      false,
    );
  });
});

describe('a request', () => {
  const fields = {
    name: 'Ana Lim',
    mobile_number: '0917 123 4567',
    topic: 'refund',
    message: 'Where is my refund?',
  };

  it('may be anonymous or name the caller’s account, and an order only with it', () => {
    expect(ZSubmitSupportRequestRequest.safeParse(fields).success).toBe(true);
    const signedIn = { ...fields, target_id: 'acc', target_type: 2, order_number: 'KNK-00000042' };
    expect(ZSubmitSupportRequestRequest.safeParse(signedIn).success).toBe(true);
    const orderAlone = ZSubmitSupportRequestRequest.safeParse({
      ...fields,
      order_number: 'KNK-00000042',
    });
    expect(orderAlone.error?.issues[0]?.path).toEqual(['order_number']);
  });

  it('is named HELP and eight digits', () => {
    expect(supportReference(12)).toBe('HELP-00000012');
  });
});
