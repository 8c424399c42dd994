import { PIN_LENGTH } from './constants';
import { stripMobilePrefix } from './msisdn';

// the most common PINs are refused. The client checks the digits before hashing; the server,
// which only sees the hash, hashes each candidate for the number and compares (ADR 006). Both read the
// candidate list from here, so they can never disagree.

export const MESSAGE_COMMON_PIN = 'This PIN is too easy to guess. Please choose another.';

const DIGITS = '0123456789';

/** Well-known 6-digit PINs that are not runs, repeats or pairs (from published PIN-frequency studies). */
const WELL_KNOWN_PINS = [
  '112233',
  '123123',
  '123321',
  '111222',
  '159753',
  '147258',
  '789456',
  '159357',
  '147852',
  '741852',
  '963852',
  '852456',
  '123654',
  '102030',
  '696969',
  '520520',
  '131313',
  '123789',
  '007007',
  '000111',
  '112211',
  '456123',
] as const;

/** 012345, 123456, … 901234: six digits rising by one, wrapping 9 → 0. */
function ascendingRuns(): string[] {
  return [...DIGITS].map((_, start) =>
    Array.from({ length: PIN_LENGTH }, (_unused, offset) => DIGITS[(start + offset) % 10]).join(''),
  );
}

/** 987654, 876543, … : the ascending runs read backwards. */
function descendingRuns(): string[] {
  return ascendingRuns().map((run) => [...run].reverse().join(''));
}

/** 111111, 121212, 909090, …: one digit repeated, or two digits alternating. */
function repeatedPairs(): string[] {
  return [...DIGITS].flatMap((first) =>
    [...DIGITS].map((second) => `${first}${second}`.repeat(PIN_LENGTH / 2)),
  );
}

/** PINs taken from the number itself: its last six digits and the first six of the national number. */
function numberDerived(msisdn: string): string[] {
  const national = stripMobilePrefix(msisdn);
  if (national.length < PIN_LENGTH) return [];
  return [national.slice(-PIN_LENGTH), national.slice(0, PIN_LENGTH)];
}

/** Every PIN refused for `msisdn` (63 + 10 digits), without duplicates. */
export function commonPinCandidates(msisdn: string): string[] {
  return [
    ...new Set([
      ...repeatedPairs(),
      ...ascendingRuns(),
      ...descendingRuns(),
      ...WELL_KNOWN_PINS,
      ...numberDerived(msisdn),
    ]),
  ];
}

/** True when `pin` is one of the PINs refused for `msisdn`. */
export function isCommonPin(pin: string, msisdn: string): boolean {
  return commonPinCandidates(msisdn).includes(pin);
}
