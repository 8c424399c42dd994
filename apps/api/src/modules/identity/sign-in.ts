import {
  PIN_FIRST_LOCK_SECONDS,
  PIN_LONGEST_LOCK_SECONDS,
  PIN_MAX_FAILED_ATTEMPTS,
} from '@konek/contract/identity-limits';
import type { TUserProperties } from '@konek/contract/login';
import { DomainError } from '../../platform/domain-error';
import { redeemRecentSignupVerification } from '../otp/service';
import { assertNotCommonPin } from './common-pin-check';
import type { IdentityDependencies } from './identity-dependencies';
import {
  clearPinAttempts,
  findLockedUntil,
  findUserByMsisdn,
  insertUser,
  takePinAttempt,
  type StoredUser,
} from './store';

export type Session = {
  apiToken: string;
  userId: string;
  accountId: string;
  msisdns: string[];
  tokenStart: number;
};

type Credentials = { applicationId: string; msisdn: string; secret: string };

async function startSession(
  deps: IdentityDependencies,
  user: Pick<StoredUser, 'id' | 'msisdn' | 'tokensRevokedUpTo'>,
  accountId: string,
): Promise<Session> {
  const issued = await deps.tokens.issue(
    { userId: user.id, accountId, msisdn: user.msisdn },
    user.tokensRevokedUpTo,
  );
  return {
    apiToken: issued.token,
    userId: user.id,
    accountId,
    msisdns: [user.msisdn],
    tokenStart: issued.tokenStart,
  };
}

/** product §7.1 check exists. */
export async function loginExists(deps: IdentityDependencies, msisdn: string): Promise<boolean> {
  return (await findUserByMsisdn(deps.db, msisdn)) !== undefined;
}

const PIN_LOCK_RULE = {
  limit: PIN_MAX_FAILED_ATTEMPTS,
  firstLockSeconds: PIN_FIRST_LOCK_SECONDS,
  longestLockSeconds: PIN_LONGEST_LOCK_SECONDS,
};

/** ACCOUNT_LOCKED with the seconds until the lock runs out, so the customer knows how long it holds. */
function lockedError(lockedUntil: Date | null, now: Date): DomainError<'auth'> {
  if (lockedUntil === null) return new DomainError('auth', 'ACCOUNT_LOCKED');
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  return new DomainError('auth', 'ACCOUNT_LOCKED', { retry_after_seconds: seconds });
}

/**
 * product §7.1 login. Each try is counted before the PIN is checked; a right PIN clears the count, and
 * the PIN_MAX_FAILED_ATTEMPTS-th wrong one in a row locks the account for a while that doubles with
 * each lock in a row, or until a PIN reset (ADR 006, ADR 023). An unknown number is answered without
 * scrypt: check_login_exists tells it anyway, so equal timing would hide nothing (ADR 023).
 */
export async function login(
  deps: IdentityDependencies,
  credentials: Credentials,
): Promise<Session> {
  const { db, clock } = deps;
  const user = await findUserByMsisdn(db, credentials.msisdn);
  if (!user) throw new DomainError('auth', 'LOGIN_NOT_FOUND');
  const now = clock.now();
  const taken = await takePinAttempt(db, user.id, now, PIN_LOCK_RULE);
  if (taken === undefined) throw lockedError(await findLockedUntil(db, user.id), now);
  if (!(await deps.pins.isCorrect(credentials.secret, user.pinHash))) {
    if (taken.lockedUntil !== null) throw lockedError(taken.lockedUntil, now);
    const attemptsLeft = PIN_MAX_FAILED_ATTEMPTS - taken.attempt;
    throw new DomainError(
      'auth',
      'INVALID_PIN',
      { attempts_left: attemptsLeft },
      `The PIN you entered is incorrect. ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left before your account is locked.`,
    );
  }
  await clearPinAttempts(db, user.id);
  const accountId = await deps.accounts.ensure(db, user.id);
  return startSession(deps, user, accountId);
}

/**
 * product §7.1 register (login with user_properties): only for a number whose sign-up code was
 * verified in the last 10 minutes; the verification, the user and the account commit together.
 * ADR 023: every refusal is answered before the PIN is hashed, so a refused request costs a few
 * queries, not 32 MiB of scrypt; the hash runs inside the transaction, once nothing can refuse it but
 * a parallel registration of the same number.
 */
export async function register(
  deps: IdentityDependencies,
  credentials: Credentials,
  properties: TUserProperties,
): Promise<Session> {
  const { db, clock } = deps;
  await assertNotCommonPin(credentials.msisdn, credentials.secret);
  const now = clock.now();
  const created = await db.transaction(async (tx) => {
    // Verified first: a stranger without the number's SMS code learns nothing here, not even whether
    // the number is registered.
    if (!(await redeemRecentSignupVerification(tx, clock, credentials.msisdn))) {
      throw new DomainError('auth', 'SIGNUP_NOT_VERIFIED');
    }
    // Throwing rolls back, keeping the verification unspent.
    if (await findUserByMsisdn(tx, credentials.msisdn))
      throw new DomainError('auth', 'LOGIN_EXISTS');
    const userId = await insertUser(tx, {
      msisdn: credentials.msisdn,
      firstName: properties.first_name,
      lastName: properties.last_name,
      applicationId: credentials.applicationId,
      pinHash: await deps.pins.hash(credentials.secret),
      pinChangedAt: now,
      createdAt: now,
    });
    // Registered by a parallel request meanwhile.
    if (userId === undefined) throw new DomainError('auth', 'LOGIN_EXISTS');
    const accountId = await deps.accounts.ensure(tx, userId);
    return { userId, accountId };
  });
  return startSession(
    deps,
    { id: created.userId, msisdn: credentials.msisdn, tokensRevokedUpTo: null },
    created.accountId,
  );
}
