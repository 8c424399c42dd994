import type { TEmailValidationResult } from '@konek/contract/email-validation';
import {
  EmailValidationUnavailableError,
  type EmailValidator,
} from '../../providers/email-validation/email-validator';
import type { Clock } from '../../platform/clock';
import type { EmailLookupBudgets } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { DomainError } from '../../platform/domain-error';
import { spendBudgets, type Budget } from '../usage-budgets/service';
import { findLookup, keepLookup, type KeptLookup } from './store';

// product §7.1 email verify, §5: the status of an address. ADR 032: when the validation service cannot
// answer in time the customer is not stuck — the address is taken as "catch-all" (accepted by product §5,
// but not claimed deliverable) with verified: false, and update_notification_info saves it "unverified".

/** The status given when no validator answered (ADR 032). */
export const UNVERIFIED_STATUS = 'catch-all';
export const UNVERIFIED_SUB_STATUS = 'validation_unavailable';
/** What notification_identifiers.verification records for such an address. */
export const UNVERIFIED_RECORD = 'unverified';

/** ADR 097: how long an answer is kept per address. */
export const DEFINITE_ANSWER_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
/** "unknown" (the mail server did not say): asked again after an hour. */
export const UNKNOWN_ANSWER_KEPT_MS = 60 * 60 * 1000;
/** No answer at all (the service down or slow): asked again after five minutes. */
export const NO_ANSWER_KEPT_MS = 5 * 60 * 1000;

/** What validating an address needs: the validator, the kept answers and the lookups' budgets. */
export type EmailLookups = {
  db: Db;
  clock: Clock;
  validator: EmailValidator;
  budgets: EmailLookupBudgets;
};

/** Who asks: the signed-in customer, from the client address. */
export type EmailLookupCaller = { userId: string; clientAddress: string };

const TOO_MANY_LOOKUPS = 'You have checked many email addresses already. Please try again later.';

/** ADR 097: lookups the validator is asked for, per account per day and per client address per hour. */
function lookupBudgets(budgets: EmailLookupBudgets, caller: EmailLookupCaller): Budget[] {
  const refusal = (retryAfterSeconds: number) =>
    new DomainError(
      'common',
      'TOO_MANY_REQUESTS',
      { retry_after_seconds: retryAfterSeconds },
      TOO_MANY_LOOKUPS,
    );
  return [
    {
      key: `email-lookups:account:${caller.userId}`,
      window: 'day',
      limit: budgets.perAccountPerDay,
      refusal,
    },
    {
      key: `email-lookups:address:${caller.clientAddress}`,
      window: 'hour',
      limit: budgets.perAddressPerHour,
      refusal,
    },
  ];
}

const toResult = (lookup: KeptLookup): TEmailValidationResult =>
  lookup.status === null
    ? { status: UNVERIFIED_STATUS, sub_status: UNVERIFIED_SUB_STATUS, verified: false }
    : { status: lookup.status, sub_status: lookup.subStatus ?? '', verified: true };

/**
 * The address's status (ADR 032, 097): the answer kept in PostgreSQL while it lasts, on every replica;
 * otherwise one lookup, within the caller's budgets (429 past them), kept for the next asker.
 */
export async function validateEmail(
  lookups: EmailLookups,
  caller: EmailLookupCaller,
  email: string,
): Promise<TEmailValidationResult> {
  const key = email.toLowerCase();
  const kept = await findLookup(lookups.db, key, lookups.clock.now());
  if (kept) return toResult(kept);
  await lookups.db.transaction((tx) =>
    spendBudgets(tx, lookups.clock.now(), lookupBudgets(lookups.budgets, caller)),
  );
  let lookup: KeptLookup;
  try {
    const verdict = await lookups.validator.validate(email, caller.clientAddress);
    lookup = { status: verdict.status, subStatus: verdict.subStatus };
  } catch (error) {
    if (!(error instanceof EmailValidationUnavailableError)) throw error;
    lookup = { status: null, subStatus: null };
  }
  const now = lookups.clock.now();
  const keptFor =
    lookup.status === null
      ? NO_ANSWER_KEPT_MS
      : lookup.status === 'unknown'
        ? UNKNOWN_ANSWER_KEPT_MS
        : DEFINITE_ANSWER_KEPT_MS;
  await keepLookup(lookups.db, key, lookup, now, new Date(now.getTime() + keptFor));
  return toResult(lookup);
}

/** What to record of an address: its status, or "unverified" when the service did not answer. */
export function verificationRecord(result: TEmailValidationResult): string {
  return result.verified ? result.status : UNVERIFIED_RECORD;
}

export type { EmailValidator } from '../../providers/email-validation/email-validator';
