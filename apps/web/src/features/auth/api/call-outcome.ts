import * as z from 'zod';
import { SUCCESS_CODE } from '@konek/contract/envelope';
import { ERRORS, type ErrorModule, type ErrorName } from '@konek/contract/errors';
import { CLIENT_MODULE, type ApiReply } from '../../../lib/api-client';

// spec §7.3: the api client resolves every call with an envelope. The account screens tell failures
// apart by module and code (ADR 007: a locked account is not a wrong PIN) and show the server's user
// message, with the numbers some replies carry (tries left, seconds to wait).

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

export const UNREADABLE_REPLY_MESSAGE = "The server's reply could not be read. Please try again.";

const ZFailureDetails = z.object({
  attempts_left: z.number().int().optional(),
  retry_after_seconds: z.number().int().optional(),
});

export function failureOf(reply: ApiReply): CallFailure {
  const details = ZFailureDetails.safeParse(reply);
  const attemptsLeft = details.success ? details.data.attempts_left : undefined;
  const retryAfterSeconds = details.success ? details.data.retry_after_seconds : undefined;
  return {
    module: reply.module,
    code: reply.code,
    message: reply.message,
    ...(attemptsLeft === undefined ? {} : { attemptsLeft }),
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  };
}

/** A success reply read with the call's schema; anything else as its failure. */
export function outcomeOf<TSchema extends z.ZodType, T>(
  reply: ApiReply,
  schema: TSchema,
  pick: (data: z.infer<TSchema>) => T,
): CallOutcome<T> {
  if (reply.code !== SUCCESS_CODE) return { ok: false, failure: failureOf(reply) };
  const parsed = schema.safeParse(reply);
  if (!parsed.success) {
    return {
      ok: false,
      failure: { module: CLIENT_MODULE, code: reply.code, message: UNREADABLE_REPLY_MESSAGE },
    };
  }
  return { ok: true, value: pick(parsed.data) };
}

/** True when the failure is the catalogue's `module`/`name` (spec §8, packages/contract/src/errors.ts). */
export function isFailure<M extends ErrorModule>(
  failure: CallFailure,
  module: M,
  name: ErrorName<M>,
): boolean {
  const definitions: Record<string, { code: number }> = ERRORS[module];
  return failure.module === module && failure.code === definitions[name]?.code;
}
