import * as z from 'zod';
import {
  MESSAGE_MOBILE,
  MESSAGE_REQUIRED,
  RULE_DIGITS_ONLY,
  RULE_MOBILE_LENGTH,
  RULE_REQUIRED,
  maxLengthRule,
  normaliseMobileNumber,
  textField,
  toInternationalMsisdn,
  type FieldRule,
} from './validation';

// ADR 079: what the help page's contact form and the operators' support desk share — the topics a
// customer writes about, the bounds of what they write and of the answer texted back, and how a request
// is named to both.

/** What a support request is about, in the order the form offers them. */
export const SUPPORT_TOPICS = [
  'coverage',
  'order_and_payment',
  'refund',
  'installation',
  'account_and_pin',
  'privacy',
  'other',
] as const;
export type TSupportTopic = (typeof SUPPORT_TOPICS)[number];

/** The customer's words: room for a full account of a problem, not for a document. */
export const SUPPORT_MESSAGE_MAX_LENGTH = 1000;
/**
 * The dispatcher's answer goes out as one SMS: with the "Konek: " prefix and the request's number, at
 * most three 153-character parts of a concatenated text.
 */
export const SUPPORT_ANSWER_MAX_LENGTH = 400;

export const SUPPORT_STATUSES = ['open', 'closed'] as const;

/** The desk lists every open request and those closed within this many days. */
export const SUPPORT_RECENTLY_CLOSED_DAYS = 7;
export type TSupportStatus = (typeof SUPPORT_STATUSES)[number];

/** "HELP-00000012": what the customer reads on the form's answer and in the SMS, and the desk lists. */
export function supportReference(number: number): string {
  return `HELP-${String(number).padStart(8, '0')}`;
}

/** The order number as the customer reads it (KNK-00000042), the only form a request may name. */
export const ZOrderNumber = z
  .string()
  .regex(/^KNK-[\d-]{1,40}$/, 'must be an order number (KNK-…)');

/** The number the answer is texted to must be a Philippine mobile one (63 + 9…), not only 9–10 digits. */
const RULE_TEXTABLE_MOBILE: FieldRule = [
  (value) => toInternationalMsisdn(value) !== null,
  MESSAGE_MOBILE,
];

/**
 * product §5 mobile number, typed the usual way ("0917 123 4567", "+63 917 123 4567"): the digits the
 * rules check, which the server turns into 63 + 10 digits.
 */
export const supportMobileNumber = textField(
  [RULE_REQUIRED, RULE_DIGITS_ONLY, RULE_MOBILE_LENGTH, RULE_TEXTABLE_MOBILE],
  normaliseMobileNumber,
);

/**
 * What the customer writes, without the spaces and blank lines around it. Any character a person types
 * is kept (the hostile ones are refused for every call, ADR 020); the desk shows it as text.
 */
export const supportMessage = textField(
  [RULE_REQUIRED, maxLengthRule(SUPPORT_MESSAGE_MAX_LENGTH)],
  (value) => value.trim(),
);

export const supportTopic = z.enum(SUPPORT_TOPICS, { error: MESSAGE_REQUIRED });

/** The dispatcher's answer, texted as it is written. */
export const supportAnswer = textField(
  [RULE_REQUIRED, maxLengthRule(SUPPORT_ANSWER_MAX_LENGTH)],
  (value) => value.trim(),
);
