import {
  CHALLENGE_CONTEXT_TYPE_PIN_RESET,
  CHALLENGE_TYPE_SMS_CODE,
  createChallengeCall,
} from '@konek/contract/create-challenge';
import { createOtpCall } from '@konek/contract/create-otp';
import type { CodePurpose, SentCode } from '../auth-flow-store';
import { call, mapReply, type CallResult } from '../../../lib/call';

// product §7.1 "send OTP" (sign-up, at {oss}/otp/create_otp) and "create challenge" (forgot PIN): both
// text a 6-digit code and answer how long it lasts and when another may be sent (ADR 009).

export type SendCodeSettings = { ossSegment: string; applicationId: string };

export async function sendCode(
  purpose: CodePurpose,
  msisdn: string,
  settings: SendCodeSettings,
  now: () => number = Date.now,
): Promise<CallResult<SentCode>> {
  const toSentCode = (id: string, expiresIn: number, resendAfter: number): SentCode => {
    const sentAt = now();
    return {
      purpose,
      id,
      resendAt: sentAt + resendAfter * 1000,
      expiresAt: sentAt + expiresIn * 1000,
    };
  };
  if (purpose === 'signup') {
    const result = await call(createOtpCall, { msisdn }, { ossSegment: settings.ossSegment });
    return mapReply(result, (reply) =>
      toSentCode(reply.reference_id, reply.expires_in_seconds, reply.resend_after_seconds),
    );
  }
  const result = await call(createChallengeCall, {
    msisdn,
    application_id: settings.applicationId,
    context_type: CHALLENGE_CONTEXT_TYPE_PIN_RESET,
    challenge_type: CHALLENGE_TYPE_SMS_CODE,
  });
  return mapReply(result, (reply) =>
    toSentCode(reply.challenge_id, reply.expires_in_seconds, reply.resend_after_seconds),
  );
}
