import * as z from 'zod';
import { MESSAGE_COMMON_PIN, isCommonPin } from '@konek/contract/common-pins';
import { OTP_LENGTH } from '@konek/contract/identity-limits';
import {
  MESSAGE_MOBILE,
  RULE_DIGITS_ONLY,
  RULE_REQUIRED,
  mobileNumber,
  personName,
  pin,
  textField,
  toInternationalMsisdn,
} from '@konek/contract/validation';

// product §5: the account forms run the contract's field rules with their exact messages; each rule here
// adds only what the account screens need on top of them.

// Both are catalogue messages, shown translated by FieldMessage (ADR 027).
/**
 * The spec gives no message for a short code; this one names what is missing. The number is OTP_LENGTH,
 * written out so the catalogue holds the whole sentence (auth-schemas.test.ts checks they agree).
 */
export const MESSAGE_CODE_LENGTH = /*i18n*/ 'Please enter the 6-digit code.';
/** The spec gives no message for two PINs that differ. */
export const MESSAGE_PIN_MISMATCH = /*i18n*/ 'The PINs do not match.';

/**
 * product §5 mobile number (9 or 10 digits, "That's not a valid mobile number."), and also one that has
 * no 63 form (10 digits not starting with 9): the server would refuse it with the same words.
 */
export const mobileNumberField = mobileNumber.check((ctx) => {
  if (toInternationalMsisdn(ctx.value) === null) {
    ctx.issues.push({ code: 'custom', message: MESSAGE_MOBILE, input: ctx.value });
  }
});

export const ZMobileForm = z.object({ mobileNumber: mobileNumberField });
export type MobileForm = z.infer<typeof ZMobileForm>;

/** The 6-digit code from the SMS. */
export const codeField = textField([
  RULE_REQUIRED,
  RULE_DIGITS_ONLY,
  [(value) => value.length === OTP_LENGTH, MESSAGE_CODE_LENGTH],
]);

export const ZCodeForm = z.object({ code: codeField });
export type CodeForm = z.infer<typeof ZCodeForm>;

export const ZSignInForm = z.object({ mobileNumber: mobileNumberField, pin });
export type SignInForm = z.infer<typeof ZSignInForm>;

/**
 * A new PIN for `msisdn`: the spec's PIN rule, then the common-PIN list the server also refuses
 * (ADR 006, same words), so the customer hears it before a code or a request is spent.
 */
export function newPinField(msisdn: string) {
  return pin.check((ctx) => {
    if (isCommonPin(ctx.value, msisdn)) {
      ctx.issues.push({ code: 'custom', message: MESSAGE_COMMON_PIN, input: ctx.value });
    }
  });
}

const ZPinPair = z.object({ pin, confirmPin: pin });

/** The mismatch is told on Confirm PIN once both PINs are well formed, whatever the other fields hold. */
const PINS_MATCH = {
  path: ['confirmPin'],
  message: MESSAGE_PIN_MISMATCH,
  when: (payload: { value: unknown }) => ZPinPair.safeParse(payload.value).success,
};

const pinsMatch = (values: { pin: string; confirmPin: string }) => values.pin === values.confirmPin;

/** nominateyourpin after a PIN-reset code: the new PIN twice. */
export function newPinFormSchema(msisdn: string) {
  return z.object({ pin: newPinField(msisdn), confirmPin: pin }).refine(pinsMatch, PINS_MATCH);
}
export type NewPinValues = { pin: string; confirmPin: string };

/** nominateyourpin after a sign-up code: the customer's name (product §7.1 register user_properties) and the PIN twice. */
export function signUpFormSchema(msisdn: string) {
  return z
    .object({
      firstName: personName,
      lastName: personName,
      pin: newPinField(msisdn),
      confirmPin: pin,
    })
    .refine(pinsMatch, PINS_MATCH);
}
export type SignUpValues = NewPinValues & { firstName: string; lastName: string };
