import crypto from 'node:crypto';
import {
  OTP_LIFETIME_SECONDS,
  OTP_MAX_PER_HOUR,
  OTP_RESEND_AFTER_SECONDS,
} from '@konek/contract/identity-limits';
import { DomainError } from '../../platform/domain-error';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { SmsBudgets } from '../../platform/config';
import { SmsUnavailableError, type SmsSender } from '../../providers/sms/sms-sender';
import { spendBudgets, type Budget } from '../usage-budgets/service';
import { generateCode, hashCode } from './one-time-code';
import {
  codeTimesSince,
  deleteCode,
  insertCode,
  lockNumber,
  supersedeOpenCodes,
  type CodePurpose,
} from './store';

export type OtpDependencies = {
  db: Db;
  clock: Clock;
  pepper: Buffer;
  sms: SmsSender;
  budgets: SmsBudgets;
};

/** Who asks for a code: the number it goes to and the client address the request came from. */
export type CodeRequest = { msisdn: string; clientAddress: string };

export type IssuedCode = { id: string; expiresInSeconds: number; resendAfterSeconds: number };

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const OTP_DAILY_LIMIT_MESSAGE =
  'You have asked for too many codes for this number today. Please try again later.';
const SMS_FAILED_MESSAGE = "We couldn't send the SMS right now. Please try again shortly.";

const MESSAGES: Record<CodePurpose, (code: string) => string> = {
  signup: (code) =>
    `${code} is your Konek verification code. It expires in 5 minutes. Never share it with anyone.`,
  reset: (code) =>
    `${code} is your Konek code to reset your PIN. It expires in 5 minutes. If you did not ask for it, ignore this message.`,
};

const secondsUntil = (later: number, now: number) => Math.max(1, Math.ceil((later - now) / 1000));

/**
 * ADR 009: the resend and hourly limits are per number, over both purposes (one phone, one inbox); ADR
 * 022 adds a rolling day. Checked under a per-number lock, so they hold with many requests and many
 * replicas at once.
 */
async function assertMaySend(
  tx: Db,
  msisdn: string,
  now: Date,
  perNumberPerDay: number,
): Promise<void> {
  const sent = await codeTimesSince(tx, msisdn, new Date(now.getTime() - DAY_MS));
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
  const lastHour = sent.filter((time) => time.getTime() > now.getTime() - HOUR_MS);
  const oldestInHour = lastHour.at(-1);
  if (oldestInHour && lastHour.length >= OTP_MAX_PER_HOUR) {
    const seconds = secondsUntil(oldestInHour.getTime() + HOUR_MS, now.getTime());
    throw new DomainError('otp', 'OTP_HOURLY_LIMIT', { retry_after_seconds: seconds });
  }
  // The day's count frees up as its oldest codes pass 24 hours: wait until enough of them have.
  const freedBy = sent[perNumberPerDay - 1];
  if (freedBy && sent.length >= perNumberPerDay) {
    const seconds = secondsUntil(freedBy.getTime() + DAY_MS, now.getTime());
    // The spec gives the OTP module codes 4 to 9 only: a day's limit is the hourly limit's code, with
    // words that say which limit was reached (ADR 022).
    throw new DomainError(
      'otp',
      'OTP_HOURLY_LIMIT',
      { retry_after_seconds: seconds },
      OTP_DAILY_LIMIT_MESSAGE,
    );
  }
}

/**
 * ADR 022: what every SMS-sending call spends, whichever number it goes to — the client address's hour
 * and day, and the service's hour (the cost ceiling while addresses rotate).
 */
function smsBudgets(budgets: SmsBudgets, clientAddress: string): Budget[] {
  const fromAddress = (retryAfterSeconds: number) =>
    new DomainError(
      'common',
      'TOO_MANY_REQUESTS',
      { retry_after_seconds: retryAfterSeconds },
      'Too many codes have been asked for from your network. Please try again later.',
    );
  return [
    {
      key: `sms:address:${clientAddress}`,
      window: 'hour',
      limit: budgets.perAddressPerHour,
      refusal: fromAddress,
    },
    {
      key: `sms:address:${clientAddress}`,
      window: 'day',
      limit: budgets.perAddressPerDay,
      refusal: fromAddress,
    },
    {
      key: 'sms:all',
      window: 'hour',
      limit: budgets.globalPerHour,
      refusal: (retryAfterSeconds) =>
        new DomainError(
          'common',
          'SERVICE_UNAVAILABLE',
          { retry_after_seconds: retryAfterSeconds },
          "We can't send codes right now. Please try again later.",
        ),
    },
  ];
}

/** Creates a code for the number and purpose, retires its older open ones, and sends it by SMS. */
export async function issueCode(
  { db, clock, pepper, sms, budgets }: OtpDependencies,
  { msisdn, clientAddress }: CodeRequest,
  purpose: CodePurpose,
): Promise<IssuedCode> {
  const now = clock.now();
  const id = crypto.randomUUID();
  const code = generateCode();
  await db.transaction(async (tx) => {
    await lockNumber(tx, msisdn);
    await assertMaySend(tx, msisdn, now, budgets.perNumberPerDay);
    // After the number's own limits, so a refused request spends no budget.
    await spendBudgets(tx, now, smsBudgets(budgets, clientAddress));
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
    // A code that never arrived must not hold back the customer's next try. The budgets stay spent
    // (ADR 022): the gateway may have taken, and billed, the message before failing.
    await deleteCode(db, id);
    throw new DomainError('common', 'SERVICE_UNAVAILABLE', {}, SMS_FAILED_MESSAGE);
  }
  return {
    id,
    expiresInSeconds: OTP_LIFETIME_SECONDS,
    resendAfterSeconds: OTP_RESEND_AFTER_SECONDS,
  };
}
