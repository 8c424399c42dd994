import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, type ErrorDefinition } from '@konek/contract/errors';
import { DomainError } from './domain-error';
import { databaseUnavailableReason } from './db/unavailable';

type FieldProblem = { field: string; message: string };

/** ADR 078: when a client may ask again after PostgreSQL could not serve it. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

function envelope(module: string, definition: ErrorDefinition, message = definition.message) {
  return { code: definition.code, module, message };
}

function fieldName(instancePath: string): string {
  const trimmed = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return trimmed === '' ? 'body' : trimmed;
}

type UnionIssue = { path?: PropertyKey[]; message?: string };

/** zod's own message for a union no option matched; a union with a message of its own keeps it. */
const DEFAULT_UNION_MESSAGE = 'Invalid input';

/**
 * A value that matches no option of a union (a house or a building address) is reported by the option it
 * came closest to — the one with the fewest problems — so the reply names the field, not just the union.
 */
function closestUnionProblem(
  field: string,
  params: Record<string, unknown> | undefined,
): FieldProblem | undefined {
  const options = params?.['errors'];
  if (!Array.isArray(options)) return undefined;
  const closest = options
    .filter((issues): issues is UnionIssue[] => Array.isArray(issues) && issues.length > 0)
    .sort((left, right) => left.length - right.length)[0]?.[0];
  if (!closest?.message) return undefined;
  const inner = (closest.path ?? []).map(String).join('.');
  return {
    field: inner === '' ? field : field === 'body' ? inner : `${field}.${inner}`,
    message: closest.message,
  };
}

/** Fastify's own 4xx errors (bad JSON, wrong content type, too large, …) keep their status and get the envelope. */
function definitionForStatus(status: number): ErrorDefinition {
  switch (status) {
    case 401:
      return ERRORS.common.UNAUTHENTICATED;
    case 403:
      return ERRORS.common.FORBIDDEN;
    case 404:
      return ERRORS.common.NOT_FOUND;
    case 413:
      return ERRORS.common.PAYLOAD_TOO_LARGE;
    case 415:
      return ERRORS.common.UNSUPPORTED_MEDIA_TYPE;
    case 429:
      return ERRORS.common.TOO_MANY_REQUESTS;
    default:
      return ERRORS.common.VALIDATION_FAILED;
  }
}

/** The body as a whole is the problem: its reply names the field `body`, as a schema failure would. */
const BODY_PROBLEMS = new Map<string, string>([
  ['FST_ERR_CTP_EMPTY_JSON_BODY', 'The request body is empty; send a JSON object.'],
  // ADR 090: past the call's body limit (a file's call has its own), the body is what is too large.
  ['FST_ERR_CTP_BODY_TOO_LARGE', ERRORS.common.PAYLOAD_TOO_LARGE.message],
  // secure-json-parse refuses a "__proto__" or "constructor.prototype" key the same way as bad syntax.
  [
    'FST_ERR_CTP_INVALID_JSON_BODY',
    'The request body is not valid JSON, or holds a key that is not allowed ("__proto__").',
  ],
]);

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return ERRORS.common.UNSUPPORTED_MEDIA_TYPE.message;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return ERRORS.common.PAYLOAD_TOO_LARGE.message;
    default:
      return BODY_PROBLEMS.get(error.code) ?? error.message;
  }
}

export type ErrorHandlerOptions = {
  /**
   * A DomainError answered by a route whose call description does not declare it is a failure: a 500,
   * logged as "undeclared error <module>.<NAME> for <path>". Tests run with it, so every refusal a test
   * reaches is one the OpenAPI document lists (ADR 081); serving, the refusal is answered as it is.
   */
  requireDeclaredErrors?: boolean;
};

/** The call's description leaves `error` out (routes registered by registerCall only). */
function undeclaredError(error: DomainError, request: FastifyRequest): string | undefined {
  const declared = request.routeOptions.config.declaredErrors;
  const key = `${error.module}.${error.errorName}`;
  if (declared === undefined || declared.has(key)) return undefined;
  return `undeclared error ${key} for ${request.routeOptions.url ?? request.url}`;
}

/**
 * The one place errors become replies (docs/architecture.md): domain errors with their catalogue entry, validation
 * failures as 400 naming the field, other client errors with their status, a database that cannot serve
 * just now as 503 with Retry-After (ADR 078), and anything else as a 500 whose details stay in the log.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  options: ErrorHandlerOptions = {},
): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof DomainError) {
      const undeclared = options.requireDeclaredErrors
        ? undeclaredError(error, request)
        : undefined;
      if (undeclared !== undefined) {
        request.log.error(undeclared);
        const definition = ERRORS.common.INTERNAL;
        return reply.code(definition.status).send(envelope('common', definition, undeclared));
      }
      // A refusal that names its wait says it in HTTP too, for clients and proxies that read only that.
      const wait = error.details['retry_after_seconds'];
      if (typeof wait === 'number') reply.header('retry-after', String(wait));
      return reply.code(error.status).send({
        ...envelope(error.module, { ...error, message: error.message }),
        ...error.details,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const problems: FieldProblem[] = error.validation.map((issue) => {
        const field = fieldName(issue.instancePath);
        return (
          (issue.keyword === 'invalid_union' && issue.message === DEFAULT_UNION_MESSAGE
            ? closestUnionProblem(field, issue.params)
            : undefined) ?? { field, message: issue.message ?? 'is not valid' }
        );
      });
      const first = problems[0]!;
      return reply.code(400).send({
        ...envelope('common', ERRORS.common.VALIDATION_FAILED, `${first.field}: ${first.message}`),
        errors: problems,
      });
    }
    const unavailable = databaseUnavailableReason(error);
    if (unavailable !== undefined) {
      // The reason in a few words: the error's message may hold the statement, and its values.
      request.log.warn({ database: unavailable }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      const definition = ERRORS.common.DATABASE_UNAVAILABLE;
      return reply.code(definition.status).send(envelope('common', definition));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = clientMessage(error);
      const reply4xx = envelope('common', definitionForStatus(status), message);
      return reply
        .code(status)
        .send(
          BODY_PROBLEMS.has(error.code)
            ? { ...reply4xx, errors: [{ field: 'body', message }] }
            : reply4xx,
        );
    }
    request.log.error({ err: error }, 'unhandled error');
    const definition = status === 503 ? ERRORS.common.SERVICE_UNAVAILABLE : ERRORS.common.INTERNAL;
    return reply.code(definition.status).send(envelope('common', definition));
  });
}
