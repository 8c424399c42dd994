import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { SessionTokens } from '../../platform/auth/session-tokens';
import type { OtpDependencies } from '../otp/service';
import type { PinHasher } from './pin-secret';

/**
 * The account module's part in signing in (ADR 088): handed in by the composition root, so identity
 * never imports the account module (account reads a user's number from identity: that is the one way).
 */
export type UserAccounts = {
  /** The user's account with the operator, created on first use, in `db` (a transaction or the pool). */
  ensure(db: Db, userId: string): Promise<string>;
  /** Every account of the user. */
  idsOf(db: Db, userId: string): Promise<string[]>;
};

/** What the identity services need, built once by the composition root. */
export type IdentityDependencies = {
  db: Db;
  clock: Clock;
  /** ADR 006: keys the one-time-code hashes (the PIN hashes get it through `pins`). */
  pepper: Buffer;
  /** ADR 006 scrypt with the pepper; ADR 023: only called once every cheap check has passed. */
  pins: PinHasher;
  tokens: SessionTokens;
  otp: OtpDependencies;
  /** The operator identifier: the account every customer gets, and verify_challenge's operator_name. */
  operatorName: string;
  accounts: UserAccounts;
};
