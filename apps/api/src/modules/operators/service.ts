import crypto from 'node:crypto';
import {
  PIN_FIRST_LOCK_SECONDS,
  PIN_LONGEST_LOCK_SECONDS,
  PIN_MAX_FAILED_ATTEMPTS,
} from '@konek/contract/identity-limits';
import { OPS_ROLES, type TOpsRole, type TOpsUser } from '@konek/contract/ops';
import {
  AUDIT_ENTITY_ROLES,
  type TAuditEntity,
  type TAuditEntry,
} from '@konek/contract/ops-history';
import { OPERATOR_ADMIN_ROLES, type TOpsOperator } from '@konek/contract/ops-operators';
import { DomainError } from '../../platform/domain-error';
import { isUuid } from '../../platform/auth/is-uuid';
import type { Principal } from '../../platform/auth/authenticate';
import type { SessionTokens } from '../../platform/auth/session-tokens';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { PinHasher } from '../identity/service';
import { historyOf, recordChange } from '../audit/service';
import {
  clearLoginAttempts,
  disableOpsUser,
  findOpsUserById,
  findOpsUserByUsername,
  findOpsUsersByIds,
  insertOpsUser,
  listOpsUserRows,
  listTechnicianRows,
  lockEnabledOpsUsersNamed,
  lockOpsUser,
  revokeOpsTokens,
  takeLoginAttempt,
  updateOpsUserRole,
  type StoredOpsUser,
} from './store';

// ADR 046: operator accounts. Passwords are hashed as PINs are (scrypt of the peppered secret, ADR 006);
// sign-in counts each try before checking it and locks as the customers' PIN does (ADR 023); tokens are
// ADR 008's RS256 JWTs with their own audience (OPS_TOKEN_AUDIENCE), so a customer token is refused on
// /api/ops and an operator token on the customer calls. ADR 089: an admin adds operators, changes their
// roles and disables them, each change with its audit row in the same transaction; a disabled operator
// is answered as an unknown one.

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

/** What the audit log keeps of an operator: never the password hash nor the lockout counters. */
const auditState = (row: StoredOpsUser): Record<string, unknown> => ({
  username: row.username,
  first_name: row.firstName,
  role: row.role,
  disabled_at: row.disabledAt?.toISOString() ?? null,
});

/**
 * A new operator, or USERNAME_TAKEN; its audit row is written in the same transaction, by `by` (the admin
 * who added it), or by nobody signed in (`npm run ops -- add-user`, the development start's demo operators).
 */
export async function addOperator(
  deps: Pick<OperatorsDependencies, 'db' | 'clock' | 'passwords'>,
  user: { username: string; role: TOpsRole; firstName: string; password: string },
  by: string | null = null,
): Promise<StoredOpsUser | 'USERNAME_TAKEN'> {
  const passwordHash = await deps.passwords.hash(user.password);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await insertOpsUser(tx, {
      username: user.username,
      role: user.role,
      firstName: user.firstName,
      passwordHash,
      createdAt: now,
    });
    if (!row) return 'USERNAME_TAKEN';
    await recordChange(tx, {
      operatorId: by,
      at: now,
      entity: 'ops_user',
      entityId: row.id,
      action: 'create',
      before: null,
      after: auditState(row),
    });
    return row;
  });
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
  // reply nor its time tells which usernames exist. A disabled operator is answered as an unknown one.
  if (!row || row.disabledAt !== null) {
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
  const row = await findOpsUserById(db, userId);
  // A disabled operator's tokens are refused as an unknown operator's (their cutoff moved too).
  return row && row.disabledAt === null ? row.tokensRevokedUpTo : undefined;
}

/** The signed-in operator, refused unless their role is one of `roles`. */
export async function requireOperator(
  db: Db,
  principal: Principal,
  roles: readonly TOpsRole[] = ['dispatcher', 'technician'],
): Promise<Operator> {
  const row = await findOpsUserById(db, principal.userId);
  if (!row || row.disabledAt !== null) throw new DomainError('common', 'UNAUTHENTICATED');
  if (!roles.includes(row.role)) throw new DomainError('ops', 'ROLE_NOT_ALLOWED');
  return operatorOf(row);
}

/** An operator by id (the work orders module names assigned technicians). */
export async function operatorById(db: Db, id: string): Promise<Operator | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await findOpsUserById(db, id);
  return row ? operatorOf(row) : undefined;
}

/** An operator who can sign in, by id (a job is assigned only to an enabled technician). */
export async function enabledOperatorById(db: Db, id: string): Promise<Operator | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await findOpsUserById(db, id);
  return row && row.disabledAt === null ? operatorOf(row) : undefined;
}

export async function listTechnicians(db: Db): Promise<Operator[]> {
  return (await listTechnicianRows(db)).map(operatorOf);
}

/** Any signed-in operator, whatever their role (who am I, sign-out, a history their role may read). */
export const ANY_ROLE: readonly TOpsRole[] = OPS_ROLES;

/** An operator as the admins' list shows them. */
export const opsOperatorReply = (row: StoredOpsUser): TOpsOperator => ({
  user_id: row.id,
  username: row.username,
  first_name: row.firstName,
  role: row.role,
  created_at: row.createdAt.toISOString(),
  disabled_at: row.disabledAt?.toISOString() ?? null,
});

export async function listOperators(db: Db): Promise<StoredOpsUser[]> {
  return listOpsUserRows(db);
}

/** The length in bytes of a made password: 15 bytes are 20 base64url characters. */
const GENERATED_PASSWORD_BYTES = 15;

/**
 * ADR 089: an admin adds an operator. The server makes the password (20 random base64url characters,
 * well over the command line's 12), answered this once for the admin to hand over; only its hash is kept.
 */
export async function addOperatorAsAdmin(
  deps: OperatorsDependencies,
  admin: Operator,
  user: { username: string; role: TOpsRole; firstName: string },
): Promise<{ operator: StoredOpsUser; password: string }> {
  const password = crypto.randomBytes(GENERATED_PASSWORD_BYTES).toString('base64url');
  const added = await addOperator(deps, { ...user, password }, admin.id);
  if (added === 'USERNAME_TAKEN') throw new DomainError('ops', 'USERNAME_TAKEN');
  return { operator: added, password };
}

/**
 * The operator `userId` other than the admin themselves, locked on `tx`; refused otherwise. The admin's
 * own row is locked too (both in id order, so two changes never wait on each other) and must still be an
 * enabled admin: of two admins disabling or demoting each other at once, the second finds itself changed
 * and is refused, so an admin is always left.
 */
async function otherOperator(
  tx: Db,
  admin: Operator,
  userId: string,
  yourself: string,
): Promise<StoredOpsUser> {
  if (userId === admin.id) throw new DomainError('ops', 'NOT_YOURSELF', undefined, yourself);
  if (!isUuid(userId)) throw new DomainError('ops', 'OPERATOR_NOT_FOUND');
  let row: StoredOpsUser | undefined;
  let self: StoredOpsUser | undefined;
  for (const id of [admin.id, userId].sort()) {
    const locked = await lockOpsUser(tx, id);
    if (id === userId) row = locked;
    else self = locked;
  }
  if (!self || self.disabledAt !== null) throw new DomainError('common', 'UNAUTHENTICATED');
  if (!OPERATOR_ADMIN_ROLES.includes(self.role)) throw new DomainError('ops', 'ROLE_NOT_ALLOWED');
  if (!row) throw new DomainError('ops', 'OPERATOR_NOT_FOUND');
  return row;
}

/** ADR 089: an admin changes another operator's role (it holds from their next call); audited. */
export async function setOperatorRole(
  deps: OperatorsDependencies,
  admin: Operator,
  userId: string,
  role: TOpsRole,
): Promise<StoredOpsUser> {
  return deps.db.transaction(async (tx) => {
    const before = await otherOperator(
      tx,
      admin,
      userId,
      'You cannot change your own role: another admin must do it, so an admin is always left.',
    );
    if (before.role === role) return before;
    const after = (await updateOpsUserRole(tx, before.id, role))!;
    await recordChange(tx, {
      operatorId: admin.id,
      at: deps.clock.now(),
      entity: 'ops_user',
      entityId: before.id,
      action: 'update',
      before: auditState(before),
      after: auditState(after),
    });
    return after;
  });
}

/**
 * ADR 089: an admin disables another operator: no more sign-in, and every token they hold is refused
 * (their cutoff moves, and a disabled operator's tokens are refused as an unknown one's); audited.
 */
export async function disableOperator(
  deps: OperatorsDependencies,
  admin: Operator,
  userId: string,
): Promise<StoredOpsUser> {
  return deps.db.transaction(async (tx) => {
    const before = await otherOperator(
      tx,
      admin,
      userId,
      'You cannot disable your own account: another admin must do it, so an admin is always left.',
    );
    if (before.disabledAt !== null) return before;
    const now = deps.clock.now();
    const after = (await disableOpsUser(tx, before.id, now))!;
    await recordChange(tx, {
      operatorId: admin.id,
      at: now,
      entity: 'ops_user',
      entityId: before.id,
      action: 'disable',
      before: auditState(before),
      after: auditState(after),
    });
    return after;
  });
}

/**
 * ADR 089: one record's changes, newest first, with who made each — for an admin, or the role that owns
 * the entity (the contract's AUDIT_ENTITY_ROLES).
 */
export async function operatorHistory(
  db: Db,
  reader: Operator,
  entity: TAuditEntity,
  entityId: string,
): Promise<TAuditEntry[]> {
  if (!AUDIT_ENTITY_ROLES[entity].includes(reader.role)) {
    throw new DomainError('ops', 'ROLE_NOT_ALLOWED');
  }
  const entries = await historyOf(db, entity, entityId);
  const ids = [...new Set(entries.flatMap((entry) => entry.operatorId ?? []))];
  const names = new Map((await findOpsUsersByIds(db, ids)).map((row) => [row.id, row.username]));
  return entries.map((entry) => ({
    audit_id: entry.id,
    at: entry.at.toISOString(),
    operator:
      entry.operatorId === null
        ? null
        : { user_id: entry.operatorId, username: names.get(entry.operatorId) ?? '' },
    entity: entry.entity,
    entity_id: entry.entityId,
    action: entry.action,
    before: entry.before,
    after: entry.after,
  }));
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

/**
 * ADR 089: a production start disables the demo operators a development start once made in the same
 * data directory (their passwords sit in a file there), and revokes their tokens, each with an audit row
 * by nobody signed in. Answers the usernames it disabled (none when there were none, or all were).
 */
export async function disableDemoOperators(
  deps: Pick<OperatorsDependencies, 'db' | 'clock'>,
): Promise<string[]> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const demos = await lockEnabledOpsUsersNamed(
      tx,
      DEMO_OPERATORS.map((demo) => demo.username),
    );
    for (const before of demos) {
      const after = (await disableOpsUser(tx, before.id, now))!;
      await recordChange(tx, {
        operatorId: null,
        at: now,
        entity: 'ops_user',
        entityId: before.id,
        action: 'disable',
        before: auditState(before),
        after: auditState(after),
      });
    }
    return demos.map((demo) => demo.username).sort();
  });
}
