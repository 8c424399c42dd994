import crypto from 'node:crypto';

// ADR 014: a referral code is "KNK" and six characters from an alphabet without look-alikes (no 0/O,
// 1/I/L), so it survives being read aloud or copied from a screenshot: 31^6 ≈ 887 million codes.

export const REFERRAL_CODE_PREFIX = 'KNK';
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const RANDOM_LENGTH = 6;

/** A new random code; `randomIndex(n)` answers an integer in [0, n) (crypto by default). */
export function generateReferralCode(
  randomIndex: (size: number) => number = (size) => crypto.randomInt(size),
): string {
  let code = REFERRAL_CODE_PREFIX;
  for (let position = 0; position < RANDOM_LENGTH; position++) {
    code += REFERRAL_CODE_ALPHABET[randomIndex(REFERRAL_CODE_ALPHABET.length)];
  }
  return code;
}
