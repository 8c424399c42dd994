import type { TEmailValidationResult } from '@konek/contract/email-validation';
import {
  EmailValidationUnavailableError,
  type EmailValidator,
} from '../../providers/email-validation/email-validator';

// product §7.1 email verify, §5: the status of an address. ADR 032: when the validation service cannot
// answer in time the customer is not stuck — the address is taken as "catch-all" (accepted by product §5,
// but not claimed deliverable) with verified: false, and update_notification_info saves it "unverified".

/** The status given when no validator answered (ADR 032). */
export const UNVERIFIED_STATUS = 'catch-all';
export const UNVERIFIED_SUB_STATUS = 'validation_unavailable';
/** What notification_identifiers.verification records for such an address. */
export const UNVERIFIED_RECORD = 'unverified';

export async function validateEmail(
  validator: EmailValidator,
  email: string,
  ipAddress: string,
): Promise<TEmailValidationResult> {
  try {
    const verdict = await validator.validate(email, ipAddress);
    return { status: verdict.status, sub_status: verdict.subStatus, verified: true };
  } catch (error) {
    if (!(error instanceof EmailValidationUnavailableError)) throw error;
    return { status: UNVERIFIED_STATUS, sub_status: UNVERIFIED_SUB_STATUS, verified: false };
  }
}

/** What to record of an address: its status, or "unverified" when the service did not answer. */
export function verificationRecord(result: TEmailValidationResult): string {
  return result.verified ? result.status : UNVERIFIED_RECORD;
}

export type { EmailValidator } from '../../providers/email-validation/email-validator';
