import { ERRORS, type ErrorModule, type ErrorName } from '@konek/contract/errors';
import { failureDetails, type CallResult } from '../../../lib/call';

// The account screens tell failures apart by module and code (ADR 007: a locked account is not a wrong
// PIN) and show the server's user message, with the numbers some replies carry (tries left, seconds to
// wait). lib/call.ts has already read the reply (ADR 024).

export type CallFailure = {
  module: string;
  code: number;
  message: string;
  /** Wrong PIN or wrong code: how many tries remain. */
  attemptsLeft?: number;
  /** Too many requests or codes: seconds until the next may be asked for. */
  retryAfterSeconds?: number;
};

export type CallOutcome<T> = { ok: true; value: T } | { ok: false; failure: CallFailure };

/** The call's result with the screen's value picked from its reply. */
export function outcomeOf<R, T>(result: CallResult<R>, pick: (reply: R) => T): CallOutcome<T> {
  if (result.ok) return { ok: true, value: pick(result.reply) };
  const { module, code, message } = result;
  return { ok: false, failure: { module, code, message, ...failureDetails(result) } };
}

/** True when the failure is the catalogue's `module`/`name` (product §8, packages/contract/src/errors.ts). */
export function isFailure<M extends ErrorModule>(
  failure: CallFailure,
  module: M,
  name: ErrorName<M>,
): boolean {
  const definitions: Record<string, { code: number }> = ERRORS[module];
  return failure.module === module && failure.code === definitions[name]?.code;
}
