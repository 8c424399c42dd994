import { verifyOtpCall, type TVerifyOtpRequest } from '@konek/contract/verify-otp';
import { call, mapReply, type CallResult } from '../../../lib/call';

/** product §7.1 "verify OTP": a right sign-up code lets the number register (ADR 009); answers its reference_id. */
export async function verifySignUpCode(
  ossSegment: string,
  request: TVerifyOtpRequest,
): Promise<CallResult<string>> {
  const result = await call(verifyOtpCall, request, { ossSegment });
  return mapReply(result, (reply) => reply.reference_id);
}
