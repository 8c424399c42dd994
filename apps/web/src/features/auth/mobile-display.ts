import { stripMobilePrefix } from '@konek/contract/msisdn';

/** What the mobile number field holds for a known number: the 10 digits after the shown 0. */
export function mobileFieldValue(msisdn: string | null | undefined): string {
  return msisdn ? stripMobilePrefix(msisdn) : '';
}

/**
 * A pasted number in any common spelling (+63 917 123 4567, 0917-123-4567, 639171234567) as the field's
 * 10 digits, or null when the paste is not a mobile number (the field's own rules then speak).
 */
export function mobileFieldValueFromPaste(text: string): string | null {
  const digits = text.replace(/[\s().-]/g, '').replace(/^\+/, '');
  const match = /^(?:63|0)?(9\d{9})$/.exec(digits);
  return match?.[1] ?? null;
}
