import type * as z from 'zod';
import type { TARGET_TYPE_ACCOUNT, TARGET_TYPE_USER } from './constants';
import { ZEnvelope } from './envelope';
import { ERRORS, type ErrorModule, type ErrorName } from './errors';

// ADR 024: every API call is described once, here in the contract. The web app calls it through one
// client function and the API registers its route from the same object, so the path, the token rule,
// the body and every reply schema cannot drift apart.

/** A catalogue entry of errors.ts named `module.NAME`, e.g. `'auth.INVALID_PIN'`. */
export type ErrorKey = { [M in ErrorModule]: `${M}.${ErrorName<M>}` }[ErrorModule];

/**
 * - `none`: no token.
 * - `required`: a session token (product §6); the API answers 401 without one.
 * - `optional`: the body has a signed-in form (one with a target) that needs the token, and anonymous
 *   forms that do not (get_offers).
 */
export type CallAuth = 'none' | 'required' | 'optional';

/** The target a signed-in body names (product §6, targets.ts): a user (3) or an account (2). */
export type CallTarget = typeof TARGET_TYPE_USER | typeof TARGET_TYPE_ACCOUNT;

/** Fixed, or built from the operator's {oss} segment (product §7.2 `/api/v3/{oss}/…`). */
export type CallPath = string | ((ossSegment: string) => string);

export type CallMethod = 'GET' | 'POST';

/** An error reply: the envelope plus whatever the error carries (attempts_left, voucher_code, …). */
export const ZErrorReply = ZEnvelope.loose();
export type TErrorReply = z.infer<typeof ZErrorReply>;

export type CallSpec<
  Path extends CallPath,
  Request extends z.ZodType | null,
  Reply extends z.ZodType,
  Auth extends CallAuth = CallAuth,
> = {
  /** POST unless said otherwise; the GET calls take no body. */
  method?: CallMethod;
  path: Path;
  auth: Auth;
  /** The target type the body must name, or null when the call acts on no target. */
  target: CallTarget | null;
  /** The body's schema; null for a GET. */
  request: Request;
  /** The 200 reply. */
  reply: Reply;
  /**
   * The call's own named errors. The ones every call of its kind can answer are added by defineCall:
   * INTERNAL and DATABASE_UNAVAILABLE; for a body VALIDATION_FAILED, PAYLOAD_TOO_LARGE and
   * UNSUPPORTED_MEDIA_TYPE; for a query string VALIDATION_FAILED; with a token UNAUTHENTICATED; with a
   * target FORBIDDEN; when rate limited TOO_MANY_REQUESTS. The API's tests hold every handler to this
   * list (ADR 081): a refusal it leaves out fails them.
   */
  errors?: readonly ErrorKey[];
  /** Limited per IP address (product §9): may answer 429. */
  rateLimited?: boolean;
  /** A richer reply than the error envelope for a status (health answers 503 with its report). */
  errorReplies?: Readonly<Record<number, z.ZodType>>;
  /** A GET's query string. */
  query?: z.ZodType;
};

export type CallDescription<
  Path extends CallPath = CallPath,
  Request extends z.ZodType | null = z.ZodType | null,
  Reply extends z.ZodType = z.ZodType,
  Auth extends CallAuth = CallAuth,
> = {
  readonly method: CallMethod;
  readonly path: Path;
  /** Kept literal, so the API's handler of a `required` call gets a caller that is never null. */
  readonly auth: Auth;
  readonly target: CallTarget | null;
  readonly request: Request;
  readonly reply: Reply;
  readonly query: z.ZodType | null;
  /** Limited per IP address (product §9); the API sets the limit from its configuration. */
  readonly rateLimited: boolean;
  /** Every named error the call can answer, the common ones included, sorted. */
  readonly errors: readonly ErrorKey[];
  /** The reply schema by HTTP status: 200 and each status of `errors` (Fastify's `response`). */
  readonly replies: Readonly<Record<number, z.ZodType>>;
};

/** A description of any call, for code that takes every call. */
export type AnyCall = CallDescription<CallPath, z.ZodType | null, z.ZodType>;

/** What the caller sends: the request schema's input, or nothing for a GET. */
export type CallRequest<D extends AnyCall> = D['request'] extends z.ZodType
  ? z.input<D['request']>
  : undefined;

/** The 200 reply once parsed. */
export type CallReply<D extends AnyCall> = z.output<D['reply']>;

export function errorDefinition(key: ErrorKey): { code: number; status: number; message: string } {
  const dot = key.indexOf('.');
  const module = key.slice(0, dot);
  const name = key.slice(dot + 1);
  const catalogue: Record<
    string,
    Record<string, { code: number; status: number; message: string }>
  > = ERRORS;
  const definition = catalogue[module]?.[name];
  if (!definition) throw new Error(`Unknown error ${key}`);
  return definition;
}

export function defineCall<
  Path extends CallPath,
  Request extends z.ZodType | null,
  Reply extends z.ZodType,
  Auth extends CallAuth,
>(spec: CallSpec<Path, Request, Reply, Auth>): CallDescription<Path, Request, Reply, Auth> {
  const implied: ErrorKey[] = ['common.INTERNAL', 'common.DATABASE_UNAVAILABLE'];
  if (spec.request !== null) {
    implied.push(
      'common.VALIDATION_FAILED',
      'common.PAYLOAD_TOO_LARGE',
      'common.UNSUPPORTED_MEDIA_TYPE',
    );
  }
  if (spec.query !== undefined) implied.push('common.VALIDATION_FAILED');
  if (spec.auth !== 'none') implied.push('common.UNAUTHENTICATED');
  if (spec.target !== null) implied.push('common.FORBIDDEN');
  if (spec.rateLimited) implied.push('common.TOO_MANY_REQUESTS');
  const errors = [...new Set([...implied, ...(spec.errors ?? [])])].sort();
  const replies: Record<number, z.ZodType> = { 200: spec.reply };
  for (const key of errors) replies[errorDefinition(key).status] = ZErrorReply;
  Object.assign(replies, spec.errorReplies);
  return {
    method: spec.method ?? 'POST',
    path: spec.path,
    auth: spec.auth,
    target: spec.target,
    request: spec.request,
    reply: spec.reply,
    query: spec.query ?? null,
    rateLimited: spec.rateLimited ?? false,
    errors,
    replies,
  };
}

/** The call's path for this server's {oss} segment. */
export function callPath(call: Pick<AnyCall, 'path'>, ossSegment: string): string {
  return typeof call.path === 'string' ? call.path : call.path(ossSegment);
}
