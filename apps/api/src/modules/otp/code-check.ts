import { OTP_MAX_WRONG_ATTEMPTS } from '@konek/contract/identity-limits';
import { DomainError } from '../../platform/domain-error';
import type { Db } from '../../platform/db/database';
import { isSameCode } from './one-time-code';
import { findCodeForUpdate, markVerified, recordWrongAttempt, type CodePurpose } from './store';

export type CodeAttempt = {
  id: string;
  msisdn: string;
  purpose: CodePurpose;
  code: string;
  /** False: a right code is only confirmed, and stays usable for the step that spends it (ADR 029). */
  spend?: boolean;
};

export type CodeCheck =
  | { isValid: true }
  | {
      isValid: false;
      failure: 'invalid' | 'expired' | 'used' | 'too_many_attempts';
      attemptsLeft?: number;
    };

/**
 * ADR 009: checks an entered code inside the caller's transaction and marks it used when right (unless
 * the attempt only confirms it, ADR 029: a wrong try counts either way). It
 * returns the outcome instead of throwing, so a wrong try is counted (and committed) before the caller
 * reports it. A code is bound to its number and purpose: a sign-up code cannot reset a PIN.
 */
export async function checkCode(
  tx: Db,
  pepper: Buffer,
  now: Date,
  attempt: CodeAttempt,
): Promise<CodeCheck> {
  const stored = await findCodeForUpdate(tx, attempt.id);
  if (!stored || stored.msisdn !== attempt.msisdn || stored.purpose !== attempt.purpose) {
    return { isValid: false, failure: 'invalid' };
  }
  if (stored.verifiedAt) return { isValid: false, failure: 'used' };
  if (stored.supersededAt || now.getTime() >= stored.expiresAt.getTime()) {
    return { isValid: false, failure: 'expired' };
  }
  if (stored.failedAttempts >= OTP_MAX_WRONG_ATTEMPTS) {
    return { isValid: false, failure: 'too_many_attempts' };
  }
  if (!isSameCode(pepper, stored.id, attempt.code, stored.codeHash)) {
    const failedAttempts = await recordWrongAttempt(tx, stored.id);
    if (failedAttempts >= OTP_MAX_WRONG_ATTEMPTS) {
      return { isValid: false, failure: 'too_many_attempts' };
    }
    return {
      isValid: false,
      failure: 'invalid',
      attemptsLeft: OTP_MAX_WRONG_ATTEMPTS - failedAttempts,
    };
  }
  if (attempt.spend !== false) await markVerified(tx, stored.id, now);
  return { isValid: true };
}

/** The reply for a failed check (product §8 operator OTP codes 4–9). */
export function codeCheckError(check: Extract<CodeCheck, { isValid: false }>): DomainError<'otp'> {
  switch (check.failure) {
    case 'invalid':
      return new DomainError(
        'otp',
        'OTP_INVALID',
        check.attemptsLeft === undefined ? {} : { attempts_left: check.attemptsLeft },
      );
    case 'expired':
      return new DomainError('otp', 'OTP_EXPIRED');
    case 'used':
      return new DomainError('otp', 'OTP_ALREADY_USED');
    case 'too_many_attempts':
      return new DomainError('otp', 'OTP_TOO_MANY_ATTEMPTS');
  }
}
