import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type * as z from 'zod';
import { callPath, type AnyCall } from '@konek/contract/call';
import { TARGET_TYPE_ACCOUNT } from '@konek/contract/constants';
import type { Principal } from './auth/authenticate';
import type { Auth } from './auth/target-ownership';
import { perIpPerMinute } from './auth/rate-limit';

// ADR 026: every API call is registered here, from its contract description (ADR 024), so the method,
// the path, the body and query schemas, the reply schema of every status, the token rule and the
// per-IP limit are the ones the web app calls with. Routes write only what the call does.

/** The instance a module plugin gets (FastifyPluginAsyncZod). */
export type CallApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Who calls: the token's principal when the call takes one, null when it takes none. */
export type PrincipalOf<D extends AnyCall> = D['auth'] extends 'required'
  ? Principal
  : D['auth'] extends 'optional'
    ? Principal | null
    : null;

export type CallBody<D extends AnyCall> = D['request'] extends z.ZodType
  ? z.output<D['request']>
  : undefined;

export type CallQuery<D extends AnyCall> = D['query'] extends z.ZodType
  ? z.output<D['query']>
  : undefined;

/** The request as Fastify types it once the description's schemas have parsed it. */
export type CallRequest<D extends AnyCall> = FastifyRequest<{
  Body: CallBody<D>;
  Querystring: CallQuery<D>;
}>;

export type CallContext<D extends AnyCall> = {
  body: CallRequest<D>['body'];
  query: CallRequest<D>['query'];
  principal: PrincipalOf<D>;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** The 200 reply, or the reply already sent (a 304, a prepared body, a richer error reply). */
export type CallHandler<D extends AnyCall> = (
  context: CallContext<D>,
) => Promise<z.input<D['reply']> | FastifyReply>;

export type CallOptions = {
  /** The OpenAPI tag: the module the replies name. */
  module: string;
  /** The operator's {oss} segment, for the calls whose path carries it (product §7.2). */
  ossSegment?: string;
  /** Authenticate and check target ownership; needed by every call that takes a token. */
  auth?: Auth;
  /**
   * ADR 043: for an account-target call whose handler checks the token's revocation cutoff (ADR 008) in
   * its own single statement, with the principal's userId and tokenStart: not read before the handler.
   */
  revocationCheckedByHandler?: true;
  /** Requests per minute from one IP address; needed by exactly the calls described rateLimited. */
  perIpPerMinute?: number;
  /** Runs before anything else (the sandbox's local-only check, ADR 019). */
  onRequest?: onRequestAsyncHookHandler;
  /** Left out of the OpenAPI document (the sandbox's pages). */
  hide?: boolean;
  /**
   * ADR 037: the handler builds its reply from literals of the reply's type (no row spread, no value
   * to transform), so the reply is written with JSON.stringify without the zod encode that checks and
   * strips it. Only for hot calls; the module's tests parse every such reply with its schema.
   */
  isReplyTrusted?: boolean;
  /**
   * ADR 037: no compression hook on the call, because its replies are always below the compression
   * threshold or its handler sends prepared bytes it compressed itself (platform/prepared-reply.ts).
   */
  isNeverCompressed?: boolean;
  /**
   * ADR 090: the body's own limit in bytes, for a call that carries a file (the app's is 256 KB). Past
   * it the reply is the 413 envelope naming `body`.
   */
  bodyLimitBytes?: number;
  /**
   * ADR 090: top-level body fields whose text the handler checks itself, part by part (a file's rows),
   * so a control character or a lone surrogate in one row is that row's error, not the whole body's.
   * The safe-input hook (platform/safe-input.ts) checks the rest of the body as always.
   */
  textCheckedByHandler?: readonly string[];
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The catalogue errors (`module.NAME`) the call's description declares; the error handler holds a
     * route to them when it is asked to (platform/error-handler.ts).
     */
    declaredErrors?: ReadonlySet<string>;
    /** Top-level body fields the safe-input hook leaves to the handler (CallOptions above). */
    textCheckedByHandler?: readonly string[];
  }
}

/** The serializer of a call whose reply is trusted (above). */
const serializeTrusted = (data: unknown): string => JSON.stringify(data);

function targetIdOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('target_id' in body)) return undefined;
  return typeof body.target_id === 'string' ? body.target_id : undefined;
}

/**
 * The caller as the description says: no token; a required token, its target owned by the caller;
 * or, for `optional`, a token only for the body's signed-in form (the one naming a target).
 */
async function principalFor<D extends AnyCall>(
  description: D,
  auth: Auth | undefined,
  request: FastifyRequest,
  revocationCheckedByHandler: boolean,
): Promise<PrincipalOf<D>>;
async function principalFor(
  description: AnyCall,
  auth: Auth | undefined,
  request: FastifyRequest,
  revocationCheckedByHandler: boolean,
): Promise<Principal | null> {
  if (description.auth === 'none') return null;
  if (!auth) throw new Error(`${description.method} ${String(description.path)} needs auth`);
  const targetId = targetIdOf(request.body);
  if (description.target === null) return auth.authenticate(request);
  if (targetId === undefined) {
    if (description.auth === 'optional') return null;
    // The body schema requires target_id for such a call; an unparsed body never gets here.
    return auth.authenticate(request);
  }
  if (revocationCheckedByHandler)
    return auth.requireAccountTargetRevocationInHandler(request, targetId);
  return description.target === TARGET_TYPE_ACCOUNT
    ? auth.requireAccountTarget(request, targetId)
    : auth.requireUserTarget(request, targetId);
}

/** Registers one call from its description; `handler` gets the parsed body and the checked caller. */
export function registerCall<D extends AnyCall>(
  app: CallApp,
  description: D,
  options: CallOptions,
  handler: CallHandler<D>,
): void {
  if (typeof description.path !== 'string' && options.ossSegment === undefined) {
    throw new Error('a call whose path carries {oss} needs the ossSegment');
  }
  const url = callPath(description, options.ossSegment ?? '');
  if (description.rateLimited !== (options.perIpPerMinute !== undefined)) {
    throw new Error(`${url}: a per-IP limit is set exactly for the calls described rateLimited`);
  }
  if (description.auth !== 'none' && !options.auth) throw new Error(`${url}: needs auth`);
  if (
    options.revocationCheckedByHandler &&
    (description.auth !== 'required' || description.target !== TARGET_TYPE_ACCOUNT)
  ) {
    throw new Error(`${url}: only a call with a required account target checks revocation itself`);
  }
  app.route<{ Body: CallBody<D>; Querystring: CallQuery<D> }>({
    method: description.method,
    url,
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.isReplyTrusted ? { serializerCompiler: () => serializeTrusted } : {}),
    ...(options.isNeverCompressed ? { compress: false as const } : {}),
    ...(options.bodyLimitBytes === undefined ? {} : { bodyLimit: options.bodyLimitBytes }),
    config: {
      ...(options.perIpPerMinute === undefined ? {} : perIpPerMinute(options.perIpPerMinute)),
      declaredErrors: new Set(description.errors),
      ...(options.textCheckedByHandler
        ? { textCheckedByHandler: options.textCheckedByHandler }
        : {}),
    },
    schema: {
      tags: [options.module],
      ...(options.hide ? { hide: true } : {}),
      ...(description.request ? { body: description.request } : {}),
      ...(description.query ? { querystring: description.query } : {}),
      response: description.replies,
    },
    handler: async (request, reply) => {
      const principal = await principalFor(
        description,
        options.auth,
        request,
        options.revocationCheckedByHandler === true,
      );
      return handler({
        body: request.body,
        query: request.query,
        principal,
        request,
        reply,
      });
    },
  });
}
