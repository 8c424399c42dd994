import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { SessionTokens } from '../../platform/auth/session-tokens';
import type { OtpDependencies } from '../otp/issue-code';

/** What the identity services need, built once by the composition root. */
export type IdentityDependencies = {
  db: Db;
  clock: Clock;
  /** ADR 006: mixed into every stored PIN hash. */
  pepper: Buffer;
  tokens: SessionTokens;
  otp: OtpDependencies;
  /** The operator identifier: the account every customer gets, and verify_challenge's operator_name. */
  operatorName: string;
};
