import * as z from 'zod';
import {
  PROPERTY_TYPES,
  ALTERNATE_MOBILE_MAX_LENGTH,
  ALTERNATE_PHONE_PREFIX,
  EMAIL_MAX_LENGTH,
  MOBILE_PREFIX,
  NAME_MAX_LENGTH,
  PIN_LENGTH,
  TEXT_MAX_LENGTH,
  VALID_MOBILE_LENGTHS,
} from './constants';

// product §5: the validation table. One rule, one message; a field's rules run in the spec's order and only
// the first failure is reported, so every field schema below yields exactly one issue when it fails.

export const MESSAGE_REQUIRED = 'This is a required field.';
export const MESSAGE_REQUIRED_ADDRESS = 'Please fill out this field to continue.';
export const MESSAGE_DIGITS_ONLY = 'Please enter only a number.';
export const MESSAGE_LETTERS_ONLY = 'Can only contain alphabets from A to Z.';
export const MESSAGE_EMAIL = 'Please enter a valid email address.';
export const MESSAGE_PIN = 'Please enter your 6-digit PIN.';
export const MESSAGE_SPECIAL_CHARACTERS = 'Special characters are not allowed.';
export const MESSAGE_EDGE_SPACE = "Please don't enter space at the beginning and end.";
export const MESSAGE_MOBILE = "That's not a valid mobile number.";
// product §4.2 / §8: written without a space after the comma, exactly as the spec has it.
export const MESSAGE_INVALID_PLACE = "Sorry,This isn't a valid place.";

/** The spec gives no message for a too-long value; this one names the limit. */
export const MESSAGE_MAX_LENGTH = (maxLength: number): string =>
  `Please enter at most ${maxLength} characters.`;

/** One row of a field's ordered rule list: the value passes when `isValid` returns true. */
export type FieldRule = readonly [isValid: (value: string) => boolean, message: string];

/** The message of the first rule `value` fails, or undefined when it passes them all. */
export function firstFailure(value: string, rules: readonly FieldRule[]): string | undefined {
  return rules.find(([isValid]) => !isValid(value))?.[1];
}

/**
 * A text field checked by `rules` in order, reporting only the first failure. A missing value
 * (undefined or null, e.g. an absent JSON key) gets the message an empty string would get. `normalise`
 * rewrites what was typed into the form the rules check (and the parsed value carries).
 */
export function textField(rules: readonly FieldRule[], normalise = (value: string) => value) {
  return z
    .string({ error: (issue) => (issue.input == null ? firstFailure('', rules) : undefined) })
    .overwrite(normalise)
    .check((ctx) => {
      const message = firstFailure(ctx.value, rules);
      if (message !== undefined) ctx.issues.push({ code: 'custom', message, input: ctx.value });
    });
}

/** An optional text field: absent or empty passes; anything else is checked by `rules` in order. */
export function optionalTextField(rules: readonly FieldRule[]) {
  return z
    .string()
    .optional()
    .check((ctx) => {
      if (ctx.value === undefined || ctx.value === '') return;
      const message = firstFailure(ctx.value, rules);
      if (message !== undefined) ctx.issues.push({ code: 'custom', message, input: ctx.value });
    });
}

// Charset rules compare the NFC form, so an "ñ" typed as n + combining tilde counts as the letter ñ.
const matches =
  (pattern: RegExp) =>
  (value: string): boolean =>
    pattern.test(value.normalize('NFC'));

// A value of only spaces is empty in meaning, so it fails "required" rather than "edge space".
const isFilled = (value: string): boolean => value.trim() !== '';

export const RULE_REQUIRED: FieldRule = [isFilled, MESSAGE_REQUIRED];
export const RULE_REQUIRED_ADDRESS: FieldRule = [isFilled, MESSAGE_REQUIRED_ADDRESS];
export const RULE_DIGITS_ONLY: FieldRule = [matches(/^\d*$/), MESSAGE_DIGITS_ONLY];
export const RULE_LETTERS_ONLY: FieldRule = [matches(/^[A-Za-z]*$/), MESSAGE_LETTERS_ONLY];
export const RULE_NO_EDGE_SPACE: FieldRule = [
  (value) => !/^\s|\s$/.test(value),
  MESSAGE_EDGE_SPACE,
];
// zod's own email pattern: one well-kept "standard pattern" instead of a hand-written one.
export const RULE_EMAIL: FieldRule = [(value) => z.regexes.email.test(value), MESSAGE_EMAIL];
export const RULE_PIN_LENGTH: FieldRule = [(value) => value.length === PIN_LENGTH, MESSAGE_PIN];
export const RULE_MOBILE_LENGTH: FieldRule = [
  (value) => VALID_MOBILE_LENGTHS.some((length) => value.length === length),
  MESSAGE_MOBILE,
];
// Letters are any script's letters with their accents (José, Niño, Ñ), as \p{L} and \p{M} count them
// (ADR 025): the spec's "A to Z and ñ" was written for typing, not to refuse a Filipino's own name.
const LETTER = '\\p{L}\\p{M}';

/** product §5 "letters, digits, hyphen, ñ only". */
export const RULE_ALPHANUMERIC: FieldRule = [
  matches(new RegExp(`^[${LETTER}0-9-]*$`, 'u')),
  MESSAGE_SPECIAL_CHARACTERS,
];
/** product §5 "same set but spaces allowed". */
export const RULE_ALPHANUMERIC_WITH_SPACES: FieldRule = [
  matches(new RegExp(`^[${LETTER}0-9 -]*$`, 'u')),
  MESSAGE_SPECIAL_CHARACTERS,
];
/** product §5 "House no.: letters, digits, slash, dot, hyphen, space, ñ only". */
export const RULE_HOUSE_NUMBER_CHARACTERS: FieldRule = [
  matches(new RegExp(`^[${LETTER}0-9/. -]*$`, 'u')),
  MESSAGE_SPECIAL_CHARACTERS,
];
/**
 * The address fields the spec gives no charset (street, village, building name, floor, unit no.,
 * landmark): what Philippine addresses are written with — "Rizal St.", "Rizal & Mabini",
 * "BF Homes (Phase 2)", "#12 Unit 3-B", "12/F", "Dela Rosa's Compound" (ADR 025).
 */
export const RULE_ADDRESS_CHARACTERS: FieldRule = [
  matches(new RegExp(`^[${LETTER}0-9 .,&()'’#/-]*$`, 'u')),
  MESSAGE_SPECIAL_CHARACTERS,
];
/**
 * product §5 details page: names have "no special characters except spaces". Letters with accents count as
 * letters, and a name's own punctuation passes where it follows a letter: the period of "Ma." and
 * "Sto.", the hyphen of "Dela Cruz-Santos", the apostrophe of "D'Souza" (ADR 025).
 */
// Words of letters joined by spaces or by one mark and optional spaces; every join holds a non-letter,
// so the pattern splits a name one way only and cannot backtrack badly on a long input.
const NAME_PATTERN = new RegExp(`^(?:[${LETTER}]+(?:(?:[.'’-] *| +)[${LETTER}]+)*\\.?)?$`, 'u');
export const RULE_NAME_CHARACTERS: FieldRule = [matches(NAME_PATTERN), MESSAGE_SPECIAL_CHARACTERS];

/** Length in characters (code points), as the database's varchar counts them. */
export function maxLengthRule(
  maxLength: number,
  message = MESSAGE_MAX_LENGTH(maxLength),
): FieldRule {
  return [(value) => [...value].length <= maxLength, message];
}

const TEXT_MAX = maxLengthRule(TEXT_MAX_LENGTH);

// product §2.3, §5: the address form's text fields.
export const houseNumber = textField([
  RULE_REQUIRED_ADDRESS,
  RULE_NO_EDGE_SPACE,
  RULE_HOUSE_NUMBER_CHARACTERS,
  TEXT_MAX,
]);
// Street, building name, floor and unit no.: the spec pins no charset, so the address one applies.
const requiredAddressText: readonly FieldRule[] = [
  RULE_REQUIRED_ADDRESS,
  RULE_NO_EDGE_SPACE,
  RULE_ADDRESS_CHARACTERS,
  TEXT_MAX,
];
export const street = textField(requiredAddressText);
export const buildingName = textField(requiredAddressText);
export const floor = textField(requiredAddressText);
export const unitNumber = textField(requiredAddressText);
export const village = optionalTextField([RULE_NO_EDGE_SPACE, RULE_ADDRESS_CHARACTERS, TEXT_MAX]);
export const landmark = optionalTextField([RULE_NO_EDGE_SPACE, RULE_ADDRESS_CHARACTERS, TEXT_MAX]);

// product §3: province, city and barangay are chosen from option lists of {address_name, address_code}.
const ZAddressOptionShape = z.object({
  address_name: z.string().min(1),
  address_code: z.string().min(1),
});
export type TAddressOption = z.infer<typeof ZAddressOptionShape>;
const addressOption = () =>
  z.custom<TAddressOption>((value) => ZAddressOptionShape.safeParse(value).success, {
    error: MESSAGE_REQUIRED_ADDRESS,
  });
export const province = addressOption();
export const city = addressOption();
export const barangay = addressOption();

// product §3: area {province, city, barangay, zipCode}; the zip code is read-only and may be empty.
export const ZAreaForm = z.object({ province, city, barangay, zipCode: z.string() });
export type TAreaForm = z.infer<typeof ZAreaForm>;

// product §3: key names follow the address form entity (houseNo, unitNo).
export const ZHouseForm = z.object({ houseNo: houseNumber, street, village, landmark });
export type THouseForm = z.infer<typeof ZHouseForm>;

export const ZCondominiumForm = z.object({
  buildingName,
  street,
  floor,
  unitNo: unitNumber,
  landmark,
});
export type TCondominiumForm = z.infer<typeof ZCondominiumForm>;

export { PROPERTY_TYPES };
export const ZPropertyType = z.enum(PROPERTY_TYPES);
export type TPropertyType = z.infer<typeof ZPropertyType>;

const ZCoordinates = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
/** product §4.2: submitting without a real pinned coordinate pair fails with "Sorry,This isn't a valid place." */
export const pinnedPosition = z.custom<z.infer<typeof ZCoordinates>>(
  (value) => ZCoordinates.safeParse(value).success,
  { error: MESSAGE_INVALID_PLACE },
);

/** product §5: ampersands in address fields are sent as &amp;. Apply once, when building the payload. */
export function escapeAmpersands(value: string): string {
  return value.replaceAll('&', '&amp;');
}

/** The text a person typed, from a value sent with escapeAmpersands. */
export function unescapeAmpersands(value: string): string {
  return value.replaceAll('&amp;', '&');
}

/** The value when it has text, or undefined when it is absent, empty or only spaces. */
const filled = (value: string | undefined): string | undefined =>
  value !== undefined && value.trim() !== '' ? value : undefined;

export type THouseParts = {
  house_number: string;
  street: string;
  village: string;
  landmark?: string;
};

/** product §5, §7.1 add address: an empty village is sent as "none"; an empty landmark is left out. */
export function housePartsForSending(form: THouseForm): THouseParts {
  const village = filled(form.village);
  const landmark = filled(form.landmark);
  return {
    house_number: escapeAmpersands(form.houseNo),
    street: escapeAmpersands(form.street),
    village: village === undefined ? 'none' : escapeAmpersands(village),
    ...(landmark === undefined ? {} : { landmark: escapeAmpersands(landmark) }),
  };
}

export type TCondominiumParts = {
  building_name: string;
  floor: string;
  unit_no: string;
  street: string;
  landmark: string;
};

/** product §5, §7.1 add address: a condominium's landmark defaults to "none" instead of being left out. */
export function condominiumPartsForSending(form: TCondominiumForm): TCondominiumParts {
  const landmark = filled(form.landmark);
  return {
    building_name: escapeAmpersands(form.buildingName),
    floor: escapeAmpersands(form.floor),
    unit_no: escapeAmpersands(form.unitNo),
    street: escapeAmpersands(form.street),
    landmark: landmark === undefined ? 'none' : escapeAmpersands(landmark),
  };
}

/**
 * A mobile number as Filipinos type it — "0917 123 4567", "09171234567", "+63 917 123 4567",
 * "917-123-4567" — reduced to the digits the spec's rules check: spaces, dashes, dots and brackets are
 * how people group a number, and a leading +63, 63 or 0 is its prefix, not part of it. Anything else
 * (letters, a "+" elsewhere) is left for the rules to refuse.
 */
export function normaliseMobileNumber(typed: string): string {
  const compact = typed.replace(/[\s.()\-\u2010-\u2015]/g, '');
  const international = /^\+63(.*)$/.exec(compact) ?? /^63(\d{10})$/.exec(compact);
  if (international) return international[1]!;
  const trunk = /^0(\d{10})$/.exec(compact);
  return trunk ? trunk[1]! : compact;
}

// product §5, §9: account and contact fields. The mobile rules run on the number as normalised above, so
// the form's value and what the server receives are the spec's 9 or 10 digits.
export const mobileNumber = textField(
  [RULE_REQUIRED, RULE_DIGITS_ONLY, RULE_MOBILE_LENGTH],
  normaliseMobileNumber,
);
export const pin = textField([RULE_REQUIRED, RULE_DIGITS_ONLY, RULE_PIN_LENGTH]);
export const personName = textField([
  RULE_REQUIRED,
  RULE_NO_EDGE_SPACE,
  RULE_NAME_CHARACTERS,
  maxLengthRule(NAME_MAX_LENGTH),
]);
export const email = textField([
  RULE_REQUIRED,
  RULE_NO_EDGE_SPACE,
  RULE_EMAIL,
  maxLengthRule(EMAIL_MAX_LENGTH),
]);
// A number that is too long is "not a valid mobile number" to the customer, not a character count.
export const alternateMobileNumber = textField([
  RULE_REQUIRED,
  RULE_DIGITS_ONLY,
  maxLengthRule(ALTERNATE_MOBILE_MAX_LENGTH, MESSAGE_MOBILE),
]);

/** product §3 suffix options, in the select's order. */
export const SUFFIX_OPTIONS = [
  'None',
  'Jr.',
  'Sr.',
  'II',
  'III',
  'IV',
  'V',
  'VI',
  'VII',
  'VIII',
  'IX',
  'X',
] as const;
export const suffix = z.enum(SUFFIX_OPTIONS, { error: MESSAGE_REQUIRED });
export type TSuffix = z.infer<typeof suffix>;

/** product §5: the suffix is sent only when it is one of the allowed options. */
export function suffixForSending(value: string | null | undefined): TSuffix | undefined {
  return SUFFIX_OPTIONS.find((option) => option === value);
}

/** product §5 email validation: valid and catch-all pass; unknown, spamtrap, abuse, do_not_mail and anything else fail. */
export const ACCEPTED_EMAIL_STATUSES = ['valid', 'catch-all'] as const;
export const REJECTED_EMAIL_STATUSES = ['unknown', 'spamtrap', 'abuse', 'do_not_mail'] as const;

export function isAcceptedEmailStatus(status: string | null | undefined): boolean {
  return ACCEPTED_EMAIL_STATUSES.some((accepted) => accepted === status);
}

/**
 * product §9 mobile prefix 63: the local number as an international MSISDN. Accepts 9XXXXXXXXX,
 * 09XXXXXXXXX, and the 9 digits typed after a fixed "09" (product §5 valid lengths 9 or 10). Null otherwise.
 */
export function toInternationalMsisdn(local: string): string | null {
  if (/^9\d{9}$/.test(local)) return `${MOBILE_PREFIX}${local}`;
  if (/^09\d{9}$/.test(local)) return `${MOBILE_PREFIX}${local.slice(1)}`;
  if (/^\d{9}$/.test(local)) return `${ALTERNATE_PHONE_PREFIX}${local}`;
  return null;
}

/** product §2.4: the account's mobile number is shown with a leading 0 in place of the 63 prefix. */
export function toDisplayMobile(msisdn: string): string {
  if (/^63\d{10}$/.test(msisdn)) return `0${msisdn.slice(MOBILE_PREFIX.length)}`;
  if (/^9\d{9}$/.test(msisdn)) return `0${msisdn}`;
  return msisdn;
}

/** product §5, §9: the alternate contact's number is sent as "639" plus exactly what was entered. */
export function toAlternatePhone(entered: string): string {
  return `${ALTERNATE_PHONE_PREFIX}${entered}`;
}
