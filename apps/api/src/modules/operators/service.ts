import crypto from 'node:crypto';
import {
  PIN_FIRST_LOCK_SECONDS,
  PIN_LONGEST_LOCK_SECONDS,
  PIN_MAX_FAILED_ATTEMPTS,
} from '@konek/contract/identity-limits';
import type { TOpsRole, TOpsUser } from '@konek/contract/ops';
import { DomainError } from '../../platform/domain-error';
import { isUuid } from '../../platform/auth/is-uuid';
import type { Principal } from '../../platform/auth/authenticate';
import type { SessionTokens } from '../../platform/auth/session-tokens';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { PinHasher } from '../identity/service';
import {
  clearLoginAttempts,
  findOpsUserById,
  findOpsUserByUsername,
  insertOpsUser,
  listTechnicianRows,
  revokeOpsTokens,
  takeLoginAttempt,
  type StoredOpsUser,
} from './store';

// ADR 046: operator accounts. Passwords are hashed as PINs are (scrypt of the peppered secret, ADR 006);
// sign-in counts each try before checking it and locks as the customers' PIN does (ADR 023); tokens are
// ADR 008's RS256 JWTs with their own audience (OPS_TOKEN_AUDIENCE), so a customer token is refused on
// /api/ops and an operator token on the customer calls.

/** The audience of operator tokens; never the customers' (TOKEN_AUDIENCE). */
export const OPS_TOKEN_AUDIENCE = 'konek-ops';

export type OperatorsDependencies = {
  db: Db;
  clock: Clock;
  passwords: PinHasher;
  tokens: SessionTokens;
};

export type Operator = { id: string; username: string; role: TOpsRole; firstName: string };

const LOCK_RULE = {
  limit: PIN_MAX_FAILED_ATTEMPTS,
  firstLockSeconds: PIN_FIRST_LOCK_SECONDS,
  longestLockSeconds: PIN_LONGEST_LOCK_SECONDS,
};

const operatorOf = (row: StoredOpsUser): Operator => ({
  id: row.id,
  username: row.username,
  role: row.role,
  firstName: row.firstName,
});

export const opsUserReply = (operator: Operator): TOpsUser => ({
  user_id: operator.id,
  username: operator.username,
  role: operator.role,
  first_name: operator.firstName,
});

/** `npm run ops -- add-user`: the new operator, or USERNAME_TAKEN. */
export async function addOperator(
  deps: Pick<OperatorsDependencies, 'db' | 'clock' | 'passwords'>,
  user: { username: string; role: TOpsRole; firstName: string; password: string },
): Promise<{ id: string } | 'USERNAME_TAKEN'> {
  const id = await insertOpsUser(deps.db, {
    username: user.username,
    role: user.role,
    firstName: user.firstName,
    passwordHash: await deps.passwords.hash(user.password),
    createdAt: deps.clock.now(),
  });
  return id === undefined ? 'USERNAME_TAKEN' : { id };
}

const unknownUserHashes = new WeakMap<PinHasher, Promise<string>>();

/** A hash no password matches, made once per hasher: what an unknown username's password is checked against. */
function unknownUserHash(passwords: PinHasher): Promise<string> {
  let hash = unknownUserHashes.get(passwords);
  if (!hash) {
    hash = passwords.hash(crypto.randomBytes(32).toString('base64url'));
    unknownUserHashes.set(passwords, hash);
  }
  return hash;
}

/** Sign-in: a token for the operator, or INVALID_CREDENTIALS / ACCOUNT_LOCKED. */
export async function signInOperator(
  deps: OperatorsDependencies,
  username: string,
  password: string,
): Promise<{ token: string; tokenStart: number; operator: Operator }> {
  const row = await findOpsUserByUsername(deps.db, username);
  // An unknown username is answered as a wrong password, in the same time (the hash is checked all the
  // same) and words (no count of attempts left, which only a known username would have), so neither the
  // reply nor its time tells which usernames exist.
  if (!row) {
    await deps.passwords.isCorrect(password, await unknownUserHash(deps.passwords));
    throw new DomainError('ops', 'INVALID_CREDENTIALS');
  }
  const now = deps.clock.now();
  const taken = await takeLoginAttempt(deps.db, row.id, now, LOCK_RULE);
  if (taken === undefined) throw lockedError(row.lockedUntil, now);
  if (!(await deps.passwords.isCorrect(password, row.passwordHash))) {
    if (taken.lockedUntil !== null) throw lockedError(taken.lockedUntil, now);
    throw new DomainError('ops', 'INVALID_CREDENTIALS');
  }
  await clearLoginAttempts(deps.db, row.id);
  const issued = await deps.tokens.issue(
    { userId: row.id, accountId: null, msisdn: null },
    row.tokensRevokedUpTo,
  );
  return { token: issued.token, tokenStart: issued.tokenStart, operator: operatorOf(row) };
}

function lockedError(lockedUntil: Date | null, now: Date): DomainError<'ops'> {
  if (lockedUntil === null) return new DomainError('ops', 'ACCOUNT_LOCKED');
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  return new DomainError('ops', 'ACCOUNT_LOCKED', { retry_after_seconds: seconds });
}

/** For the ops authenticate: the operator's revocation cutoff (undefined: no such operator). */
export async function opsTokensRevokedUpTo(
  db: Db,
  userId: string,
): Promise<Date | null | undefined> {
  if (!isUuid(userId)) return undefined;
  return (await findOpsUserById(db, userId))?.tokensRevokedUpTo;
}

/** The signed-in operator, refused unless their role is one of `roles`. */
export async function requireOperator(
  db: Db,
  principal: Principal,
  roles: readonly TOpsRole[] = ['dispatcher', 'technician'],
): Promise<Operator> {
  const row = await findOpsUserById(db, principal.userId);
  if (!row) throw new DomainError('common', 'UNAUTHENTICATED');
  if (!roles.includes(row.role)) throw new DomainError('ops', 'ROLE_NOT_ALLOWED');
  return operatorOf(row);
}

/** An operator by id (the work orders module names assigned technicians). */
export async function operatorById(db: Db, id: string): Promise<Operator | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await findOpsUserById(db, id);
  return row ? operatorOf(row) : undefined;
}

export async function listTechnicians(db: Db): Promise<Operator[]> {
  return (await listTechnicianRows(db)).map(operatorOf);
}

/** Sign-out: every token the operator holds stops working, on every replica. */
export async function signOutOperator(deps: OperatorsDependencies, userId: string): Promise<void> {
  await revokeOpsTokens(deps.db, userId, deps.clock.now());
}

/** ADR 046: the demo operators a development start creates (never outside development). */
export const DEMO_OPERATORS = [
  { username: 'demo-dispatcher', role: 'dispatcher', firstName: 'Dina' },
  { username: 'demo-technician', role: 'technician', firstName: 'Tomas' },
] as const;

/**
 * Development only: adds the demo operators that do not exist yet, each with a new random password,
 * and answers those it added with their passwords (to be written into the data directory and shown
 * once). Nothing is added when they exist.
 */
export async function ensureDemoOperators(
  deps: Pick<OperatorsDependencies, 'db' | 'clock' | 'passwords'>,
): Promise<{ username: string; role: TOpsRole; password: string }[]> {
  const added: { username: string; role: TOpsRole; password: string }[] = [];
  for (const demo of DEMO_OPERATORS) {
    if (await findOpsUserByUsername(deps.db, demo.username)) continue;
    const password = crypto.randomBytes(12).toString('base64url');
    const result = await addOperator(deps, { ...demo, password });
    if (result !== 'USERNAME_TAKEN') {
      added.push({ username: demo.username, role: demo.role, password });
    }
  }
  return added;
}
