import {
  verifyOtpPath,
  ZVerifyOtpResponse,
  type TVerifyOtpRequest,
} from '@konek/contract/verify-otp';
import { apiPost } from '../../../lib/api-client';
import { outcomeOf, type CallOutcome } from './call-outcome';

/** spec §7.1 "verify OTP": a right sign-up code lets the number register (ADR 009); answers its reference_id. */
export async function verifySignUpCode(
  ossSegment: string,
  request: TVerifyOtpRequest,
): Promise<CallOutcome<string>> {
  const reply = await apiPost(verifyOtpPath(ossSegment), request);
  return outcomeOf(reply, ZVerifyOtpResponse, (data) => data.reference_id);
}
