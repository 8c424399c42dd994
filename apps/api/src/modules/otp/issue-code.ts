import crypto from 'node:crypto';
import {
  OTP_LIFETIME_SECONDS,
  OTP_MAX_PER_HOUR,
  OTP_RESEND_AFTER_SECONDS,
} from '@konek/contract/identity-limits';
import { DomainError } from '../../platform/domain-error';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { SmsUnavailableError, type SmsSender } from '../../providers/sms/sms-sender';
import { generateCode, hashCode } from './one-time-code';
import {
  codeTimesSince,
  deleteCode,
  insertCode,
  lockNumber,
  supersedeOpenCodes,
  type CodePurpose,
} from './store';

export type OtpDependencies = { db: Db; clock: Clock; pepper: Buffer; sms: SmsSender };

export type IssuedCode = { id: string; expiresInSeconds: number; resendAfterSeconds: number };

const HOUR_MS = 60 * 60 * 1000;
const SMS_FAILED_MESSAGE = "We couldn't send the SMS right now. Please try again shortly.";

const MESSAGES: Record<CodePurpose, (code: string) => string> = {
  signup: (code) =>
    `${code} is your Konek verification code. It expires in 5 minutes. Never share it with anyone.`,
  reset: (code) =>
    `${code} is your Konek code to reset your PIN. It expires in 5 minutes. If you did not ask for it, ignore this message.`,
};

const secondsUntil = (later: number, now: number) => Math.max(1, Math.ceil((later - now) / 1000));

/**
 * ADR 009: the resend and hourly limits are per number, over both purposes (one phone, one inbox).
 * Checked under a per-number lock, so they hold with many requests and many replicas at once.
 */
async function assertMaySend(tx: Db, msisdn: string, now: Date): Promise<void> {
  const sent = await codeTimesSince(tx, msisdn, new Date(now.getTime() - HOUR_MS));
  const latest = sent[0];
  const resendAt = latest ? latest.getTime() + OTP_RESEND_AFTER_SECONDS * 1000 : 0;
  if (latest && now.getTime() < resendAt) {
    const seconds = secondsUntil(resendAt, now.getTime());
    throw new DomainError(
      'otp',
      'OTP_RESEND_TOO_SOON',
      { retry_after_seconds: seconds },
      `Please wait ${seconds} seconds before asking for a new code.`,
    );
  }
  const oldest = sent.at(-1);
  if (oldest && sent.length >= OTP_MAX_PER_HOUR) {
    const seconds = secondsUntil(oldest.getTime() + HOUR_MS, now.getTime());
    throw new DomainError('otp', 'OTP_HOURLY_LIMIT', { retry_after_seconds: seconds });
  }
}

/** Creates a code for the number and purpose, retires its older open ones, and sends it by SMS. */
export async function issueCode(
  { db, clock, pepper, sms }: OtpDependencies,
  msisdn: string,
  purpose: CodePurpose,
): Promise<IssuedCode> {
  const now = clock.now();
  const id = crypto.randomUUID();
  const code = generateCode();
  await db.transaction(async (tx) => {
    await lockNumber(tx, msisdn);
    await assertMaySend(tx, msisdn, now);
    await supersedeOpenCodes(tx, msisdn, purpose, now);
    await insertCode(tx, {
      id,
      msisdn,
      purpose,
      codeHash: hashCode(pepper, id, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_LIFETIME_SECONDS * 1000),
    });
  });
  try {
    await sms.send({ msisdn, body: MESSAGES[purpose](code) });
  } catch (error) {
    if (!(error instanceof SmsUnavailableError)) throw error;
    // A code that never arrived must not hold back the customer's next try.
    await deleteCode(db, id);
    throw new DomainError('common', 'SERVICE_UNAVAILABLE', {}, SMS_FAILED_MESSAGE);
  }
  return {
    id,
    expiresInSeconds: OTP_LIFETIME_SECONDS,
    resendAfterSeconds: OTP_RESEND_AFTER_SECONDS,
  };
}
