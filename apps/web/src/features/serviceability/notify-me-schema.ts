import * as z from 'zod';
import {
  email,
  personName,
  RULE_DIGITS_ONLY,
  RULE_MOBILE_LENGTH,
  normaliseMobileNumber,
  textField,
  type FieldRule,
} from '@konek/contract/validation';

/** A rule that only applies to a value that was given: an empty optional field passes. */
const whenGiven = ([isValid, message]: FieldRule): FieldRule => [
  (value) => value === '' || isValid(value),
  message,
];

/**
 * product §5: an optional mobile number, when given, is digits only and exactly 9 or 10 of them, read
 * from what was typed the usual way (ADR 025).
 */
export const optionalMobileNumber = textField(
  [RULE_DIGITS_ONLY, RULE_MOBILE_LENGTH].map(whenGiven),
  normaliseMobileNumber,
);

/** product §5 rules for the notify-me contact: names as on the details page, a valid email. */
export const ZNotifyMeForm = z.object({
  firstName: personName,
  lastName: personName,
  email,
  mobileNumber: optionalMobileNumber,
});
