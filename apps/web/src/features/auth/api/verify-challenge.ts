import {
  CHALLENGE_CONTEXT_TYPE_PIN_RESET,
  CHALLENGE_TYPE_SMS_CODE,
} from '@konek/contract/create-challenge';
import { hashPin } from '@konek/contract/pin-hash';
import { verifyChallengeCall } from '@konek/contract/verify-challenge';
import { call, mapReply, type CallResult } from '../../../lib/call';

export type PinReset = {
  msisdn: string;
  challengeId: string;
  code: string;
  newPin: string;
  operatorName: string;
  applicationId: string;
};

export type ResetCodeCheck = Omit<PinReset, 'newPin'>;

/**
 * ADR 029: verify challenge without a new PIN confirms the reset code (a wrong try counts; a right code
 * stays usable), so checkotp refuses a wrong code before the customer chooses a PIN.
 */
export async function confirmResetCode(check: ResetCodeCheck): Promise<CallResult<boolean>> {
  const result = await call(verifyChallengeCall, {
    challenge_type: CHALLENGE_TYPE_SMS_CODE,
    context_type: CHALLENGE_CONTEXT_TYPE_PIN_RESET,
    msisdn: check.msisdn,
    challenge_id: check.challengeId,
    otp_code: check.code,
    operator_name: check.operatorName,
    application_id: check.applicationId,
  });
  return mapReply(result, (reply) => reply.pin_changed);
}

/**
 * product §7.1 "verify challenge": the reset code and the new PIN (hashed as new_secret, ADR 006) in one
 * call. Success sets the PIN, unlocks the account and signs out every device (ADR 008).
 */
export async function resetPin(reset: PinReset): Promise<CallResult<boolean>> {
  const result = await call(verifyChallengeCall, {
    challenge_type: CHALLENGE_TYPE_SMS_CODE,
    context_type: CHALLENGE_CONTEXT_TYPE_PIN_RESET,
    msisdn: reset.msisdn,
    challenge_id: reset.challengeId,
    otp_code: reset.code,
    new_secret: await hashPin(reset.msisdn, reset.newPin),
    operator_name: reset.operatorName,
    application_id: reset.applicationId,
  });
  return mapReply(result, (reply) => reply.pin_changed);
}
