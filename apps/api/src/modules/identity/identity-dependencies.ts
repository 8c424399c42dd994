import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { SessionTokens } from '../../platform/auth/session-tokens';
import type { OtpDependencies } from '../otp/service';
import type { PinHasher } from './pin-secret';

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
};
