import * as z from 'zod';
import type { TAlternateContact } from '@konek/contract/update-info';
import {
  MESSAGE_MOBILE,
  RULE_DIGITS_ONLY,
  RULE_MOBILE_LENGTH,
  RULE_REQUIRED,
  normaliseMobileNumber,
  personName,
  textField,
  toInternationalMsisdn,
} from '@konek/contract/validation';

// product §2.4, §3 alternate contact: the authorized representative who lets the technician in when the
// customer will not be home. The details page asks for them and the schedule step checks them again
// before booking (product §4.4), so the rule lives here.

/**
 * product §5 alternate mobile number, typed the usual way (ADR 025): "0917 123 4567", "+63 917 123 4567",
 * "917-123-4567" are normalised first; then required, digits only, and a real mobile number (9 or 10
 * digits, as every number field of Konek reads them).
 */
export const representativeMobileNumber = textField(
  [
    RULE_REQUIRED,
    RULE_DIGITS_ONLY,
    RULE_MOBILE_LENGTH,
    [(value) => toInternationalMsisdn(value) !== null, MESSAGE_MOBILE],
  ],
  normaliseMobileNumber,
);

export const ZRepresentative = z.object({
  firstName: personName,
  lastName: personName,
  mobileNumber: representativeMobileNumber,
});
export type TRepresentative = z.input<typeof ZRepresentative>;

/**
 * update_info's alternate_contact: phone_number is "639" and the 9 digits after the "09" the customer
 * typed (product §5, §9), i.e. the number in its 63 form. Null for a representative that is not valid.
 */
export function toAlternateContact(representative: TRepresentative): TAlternateContact | null {
  const parsed = ZRepresentative.safeParse(representative);
  if (!parsed.success) return null;
  const phone = toInternationalMsisdn(parsed.data.mobileNumber);
  if (phone === null) return null;
  return {
    first_name: parsed.data.firstName,
    last_name: parsed.data.lastName,
    phone_number: phone,
  };
}
