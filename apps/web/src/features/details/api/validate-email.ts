import { emailValidationCall } from '@konek/contract/email-validation';
import { isAcceptedEmailStatus } from '@konek/contract/validation';
import { call } from '../../../lib/call';

export type EmailVerdict = 'accepted' | 'rejected';

/**
 * product §5 / §7.1 email verify ({oss}/email_validation): valid and catch-all are accepted, every other
 * status refused. A reply with verified=false (the validation service could not answer, ADR 032) is
 * accepted, and so is a failed call: the server checks the address again when it is saved, and a
 * customer is never stuck because a vendor is down.
 */
export async function validateEmail(
  ossSegment: string,
  email: string,
  signal?: AbortSignal,
): Promise<EmailVerdict> {
  const result = await call(emailValidationCall, { email }, { ossSegment, signal });
  if (!result.ok) return 'accepted';
  const { status, verified } = result.reply.result;
  return !verified || isAcceptedEmailStatus(status) ? 'accepted' : 'rejected';
}
