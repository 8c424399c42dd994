import {
  callPath,
  type CallDescription,
  type CallPath,
  type CallTarget,
} from '@konek/contract/call';
import { SUCCESS_CODE } from '@konek/contract/envelope';
import { ERRORS, type ErrorModule, type ErrorName } from '@konek/contract/errors';
import * as z from 'zod';
import {
  CLIENT_MODULE,
  NO_STATUS_CODE,
  UNREADABLE_MESSAGE,
  send,
  type ApiReply,
} from './api-client';
import { reportClientError } from './error-reporting';

export { NO_STATUS_CODE, UNREADABLE_MESSAGE } from './api-client';

// ADR 024: the web app calls every API call through `call(description, body, options?)`. It answers
// one result type; failures are mapped here once (product §7.3: reported, the server's envelope or a code
// equal to the HTTP status, 502 when there is none) and a success is parsed with the call's 200 schema.

export type CallFailure = {
  /** The HTTP status, or 502 when there was no answer (product §7.3). */
  status: number;
  module: string;
  code: number;
  /** The server's user message, or the client's own when the server said nothing readable. */
  message: string;
  /** No answer at all (a network error or a timeout), as opposed to a failing one. */
  unreachable: boolean;
  /** The server's error envelope with whatever else it carries; absent when the client made it. */
  reply?: ApiReply;
};

export type CallResult<T> = { ok: true; reply: T } | ({ ok: false } & CallFailure);

export type CallOptions = {
  signal?: AbortSignal;
  /** Milliseconds before giving up (REQUEST_TIMEOUT_MS by default); null waits for ever (product §9). */
  timeout?: number | null;
  /** For a call whose token is optional (auth 'optional'): send it. */
  signedIn?: boolean;
  /**
   * Catalogue errors that are an ordinary answer for this caller, not a fault: they come back as a failed
   * result as usual but are not reported (product §7.3 reports failures).
   */
  expectedErrors?: readonly ExpectedError[];
};

/** A catalogue error by module and name, e.g. ['subscriber', 'PROFILE_NOT_FOUND']. */
export type ExpectedError = { [M in ErrorModule]: readonly [M, ErrorName<M>] }[ErrorModule];

/** A call whose path holds the {oss} segment needs it. */
type OptionsFor<P extends CallPath> = P extends string
  ? [options?: CallOptions]
  : [options: CallOptions & { ossSegment: string }];

/**
 * What the caller sends: the request schema's input without `target_type`, or nothing for a GET. The
 * call's description knows its target (ADR 088), and `call` puts it in the body whenever the body names
 * a `target_id`, as the wire requires (product §6).
 */
type RequestOf<Q extends z.ZodType | null> = Q extends z.ZodType
  ? WithoutTargetType<z.input<Q>>
  : undefined;
/** What `call(description, body)` takes as the body of a call. */
export type CallBody<D extends CallDescription> = RequestOf<D['request']>;
/** Each form of a body (get_offers has three) without its target_type. */
type WithoutTargetType<B> = B extends { target_type?: unknown } ? Omit<B, 'target_type'> : B;

/** The body as sent: with the description's target type when it names a target. */
function withTargetType(target: CallTarget | null, body: unknown): unknown {
  if (target === null || typeof body !== 'object' || body === null || !('target_id' in body)) {
    return body;
  }
  return { ...body, target_type: target };
}

export async function call<P extends CallPath, Q extends z.ZodType | null, R extends z.ZodType>(
  description: CallDescription<P, Q, R>,
  body: RequestOf<Q>,
  ...[options]: OptionsFor<P>
): Promise<CallResult<z.output<R>>> {
  const settings: CallOptions & { ossSegment?: string } = options ?? {};
  const path = callPath(description, settings.ossSegment ?? '');
  const authenticated =
    description.auth === 'required' || (description.auth === 'optional' && !!settings.signedIn);
  const expected = settings.expectedErrors ?? [];
  const sent = await send(description.method, path, withTargetType(description.target, body), {
    authenticated,
    timeout: settings.timeout,
    signal: settings.signal,
    isExpected: (reply) => expected.some(([module, name]) => matchesError(reply, module, name)),
  });
  const { reply } = sent;
  if (sent.status >= 400 || reply.code !== SUCCESS_CODE || !sent.fromServer) {
    return {
      ok: false,
      status: sent.status,
      module: reply.module,
      code: reply.code,
      message: reply.message,
      unreachable: sent.unreachable,
      ...(sent.fromServer ? { reply } : {}),
    };
  }
  const parsed = z.safeParse(description.reply, reply);
  if (parsed.success) return { ok: true, reply: parsed.data };
  reportClientError({ message: UNREADABLE_MESSAGE, callPath: path, status: sent.status });
  return {
    ok: false,
    status: sent.status,
    module: CLIENT_MODULE,
    code: NO_STATUS_CODE,
    message: UNREADABLE_MESSAGE,
    unreachable: false,
  };
}

/** The result with the screen's value picked from the reply; a failure passes as it is. */
export function mapReply<R, T>(result: CallResult<R>, pick: (reply: R) => T): CallResult<T> {
  return result.ok ? { ok: true, reply: pick(result.reply) } : result;
}

/** True when the failure is the catalogue's `module`/`name` (product §8, errors.ts). */
export function isError<M extends ErrorModule>(
  failure: Pick<CallFailure, 'module' | 'code'>,
  module: M,
  name: ErrorName<M>,
): boolean {
  return matchesError(failure, module, name);
}

function matchesError(
  failure: Pick<CallFailure, 'module' | 'code'>,
  module: ErrorModule,
  name: string,
): boolean {
  const definitions: Record<string, { code: number }> = ERRORS[module];
  return failure.module === module && failure.code === definitions[name]?.code;
}

const ZFailureDetails = z.object({
  attempts_left: z.number().int().optional(),
  retry_after_seconds: z.number().int().optional(),
});

/** The numbers some error replies carry: tries left (wrong PIN or code), seconds to wait. */
export function failureDetails(failure: CallFailure): {
  attemptsLeft?: number;
  retryAfterSeconds?: number;
} {
  const details = ZFailureDetails.safeParse(failure.reply ?? {});
  if (!details.success) return {};
  const { attempts_left: attemptsLeft, retry_after_seconds: retryAfterSeconds } = details.data;
  return {
    ...(attemptsLeft === undefined ? {} : { attemptsLeft }),
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  };
}
