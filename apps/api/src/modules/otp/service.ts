import {
  PROFILE_LOOKUP_WINDOW_SECONDS,
  SIGNUP_VERIFICATION_WINDOW_SECONDS,
} from '@konek/contract/identity-limits';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { checkCode, codeCheckError, type CodeCheck } from './code-check';
import { issueCode, type CodeRequest, type IssuedCode, type OtpDependencies } from './issue-code';
import { isCodeVerifiedSince, redeemSignupVerification } from './store';

// Other modules reach otp only through this file (the boundary rules in .dependency-cruiser.cjs).
export type { CodeCheck, CodeRequest, IssuedCode, OtpDependencies };
export { codeCheckError };

// The OTP module's service: what the routes and other modules call. Identity uses the reset codes
// (create/verify challenge) and spends sign-up verifications; the subscriber lookup asks whether a
// reference_id was verified. (The code rules themselves: issue-code.ts and code-check.ts.)

export function issueSignupCode(deps: OtpDependencies, request: CodeRequest): Promise<IssuedCode> {
  return issueCode(deps, request, 'signup');
}

export function issueResetCode(deps: OtpDependencies, request: CodeRequest): Promise<IssuedCode> {
  return issueCode(deps, request, 'reset');
}

/** product §7.1 verify OTP: checks a sign-up code; a wrong try is counted even though the call fails. */
export async function verifySignupCode(
  { db, clock, pepper }: OtpDependencies,
  attempt: { msisdn: string; code: string; referenceId: string },
): Promise<void> {
  const now = clock.now();
  const check = await db.transaction((tx) =>
    checkCode(tx, pepper, now, {
      id: attempt.referenceId,
      msisdn: attempt.msisdn,
      purpose: 'signup',
      code: attempt.code,
    }),
  );
  if (!check.isValid) throw codeCheckError(check);
}

/**
 * Checks a reset code inside the caller's transaction (the PIN changes in the same one). `spend: false`
 * only confirms a right code, before the customer chooses the new PIN (ADR 029).
 */
export function checkResetCode(
  tx: Db,
  pepper: Buffer,
  now: Date,
  attempt: { msisdn: string; code: string; challengeId: string; spend?: boolean },
): Promise<CodeCheck> {
  return checkCode(tx, pepper, now, {
    id: attempt.challengeId,
    msisdn: attempt.msisdn,
    purpose: 'reset',
    code: attempt.code,
    spend: attempt.spend ?? true,
  });
}

/**
 * Registering needs a sign-up code verified for the number within the last 10 minutes. The
 * verification is spent, inside the registering transaction, so one code registers once.
 */
export function redeemRecentSignupVerification(tx: Db, clock: Clock, msisdn: string) {
  const now = clock.now();
  const since = new Date(now.getTime() - SIGNUP_VERIFICATION_WINDOW_SECONDS * 1000);
  return redeemSignupVerification(tx, msisdn, since, now);
}

/** True when `referenceId` names a code verified for the number within the profile lookup window. */
export function isRecentlyVerifiedReference(
  db: Db,
  clock: Clock,
  referenceId: string,
  msisdn: string,
): Promise<boolean> {
  const since = new Date(clock.now().getTime() - PROFILE_LOOKUP_WINDOW_SECONDS * 1000);
  return isCodeVerifiedSince(db, referenceId, msisdn, since);
}
