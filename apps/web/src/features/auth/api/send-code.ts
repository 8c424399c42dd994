import {
  CHALLENGE_CONTEXT_TYPE_PIN_RESET,
  CHALLENGE_TYPE_SMS_CODE,
  CREATE_CHALLENGE_PATH,
  ZCreateChallengeResponse,
  type TCreateChallengeRequest,
} from '@konek/contract/create-challenge';
import { createOtpPath, ZCreateOtpResponse } from '@konek/contract/create-otp';
import { apiPost } from '../../../lib/api-client';
import type { CodePurpose, SentCode } from '../auth-flow-store';
import { outcomeOf, type CallOutcome } from './call-outcome';

// spec §7.1 "send OTP" (sign-up, at {oss}/otp/create_otp) and "create challenge" (forgot PIN): both
// text a 6-digit code and answer how long it lasts and when another may be sent (ADR 009).

export type SendCodeSettings = { ossSegment: string; applicationId: string };

export async function sendCode(
  purpose: CodePurpose,
  msisdn: string,
  settings: SendCodeSettings,
  now: () => number = Date.now,
): Promise<CallOutcome<SentCode>> {
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
    const reply = await apiPost(createOtpPath(settings.ossSegment), { msisdn });
    return outcomeOf(reply, ZCreateOtpResponse, (data) =>
      toSentCode(data.reference_id, data.expires_in_seconds, data.resend_after_seconds),
    );
  }
  const request: TCreateChallengeRequest = {
    msisdn,
    application_id: settings.applicationId,
    context_type: CHALLENGE_CONTEXT_TYPE_PIN_RESET,
    challenge_type: CHALLENGE_TYPE_SMS_CODE,
  };
  const reply = await apiPost(CREATE_CHALLENGE_PATH, request);
  return outcomeOf(reply, ZCreateChallengeResponse, (data) =>
    toSentCode(data.challenge_id, data.expires_in_seconds, data.resend_after_seconds),
  );
}
