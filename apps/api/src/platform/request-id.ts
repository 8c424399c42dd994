import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Short, and nothing a log line or a header could be broken or forged with. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The request's id, logged with every line and echoed as X-Request-Id: the caller's own when it is a
 * short safe token (so a client or proxy can follow its request), a new UUID otherwise — never an
 * unbounded string or control characters from the outside.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}
