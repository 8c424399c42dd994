import * as z from 'zod';

// product §8 referral and voucher codes. A customer types a code as they read it (lower case, spaces from
// a poster, a pasted trailing space); a code names the same voucher or referrer however it is typed.

/** What a request may carry as one code: the server answers any text of this size with a code's verdict. */
export const ZTypedCode = z.string().trim().min(1).max(64);

/** The canonical form of a typed code: no spaces or hyphens, upper case ("knk 7q4-mzp" → "KNK7Q4MZP"). */
export function normaliseCode(typed: string): string {
  return typed.replace(/[\s-]+/g, '').toUpperCase();
}
