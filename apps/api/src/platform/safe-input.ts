import type { FastifyInstance } from 'fastify';
import { fieldOfPath, findUnsafeInput, isSurelySafeInput } from '@konek/contract/safe-text';
import { DomainError } from './domain-error';

/**
 * Every call's path parameters, query string and parsed JSON body pass the contract's safe-text rule
 * before the route's own schema runs, so no call can carry a NUL, another control character, a lone
 * surrogate or a deeply nested value to PostgreSQL or to recursive code (ADR 020). The JSON parser itself
 * does not recurse, and the walk uses its own stack, so any depth that fits the body limit is safe here.
 * The reply is the validation envelope, naming the field like a schema failure does.
 */
export function registerSafeInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const body = withoutHandlerCheckedText(
      request.body,
      request.routeOptions.config.textCheckedByHandler,
    );
    for (const part of [request.params, request.query, body]) {
      // One cheap walk for the common case; the full one, which names the field, for the rest.
      if (isSurelySafeInput(part)) continue;
      const unsafe = findUnsafeInput(part);
      if (unsafe === undefined) continue;
      const field = fieldOfPath(unsafe.path);
      throw new DomainError(
        'common',
        'VALIDATION_FAILED',
        { errors: [{ field, message: unsafe.message }] },
        `${field}: ${unsafe.message}`,
      );
    }
  });
}

/**
 * ADR 090: the body without the top-level fields a route checks itself, row by row (a file's text); the
 * route's schema still types them, and its handler refuses each unsafe part with the row that holds it.
 */
function withoutHandlerCheckedText(body: unknown, fields: readonly string[] | undefined): unknown {
  if (fields === undefined || typeof body !== 'object' || body === null || Array.isArray(body)) {
    return body;
  }
  return Object.fromEntries(
    Object.entries(body).filter(
      ([key, value]) => !(typeof value === 'string' && fields.includes(key)),
    ),
  );
}
