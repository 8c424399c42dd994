import pg from 'pg';
import { DrizzleQueryError } from 'drizzle-orm/errors';

// ADR 078: the failures that say PostgreSQL cannot serve Konek just now — it stalled, refused the
// connection, went away or is starting or stopping — rather than that a statement was wrong. The error
// handler answers them 503 with Retry-After; anything else stays a 500.

/** SQLSTATEs of a server that cannot serve now. Class 08 (connection exception) is added below. */
const UNAVAILABLE_STATES: ReadonlyMap<string, string> = new Map([
  // statement_timeout (ADR 078), or the statement cancelled by an operator.
  ['57014', 'statement timeout'],
  // A shutdown, or an operator ending the connection (pg_terminate_backend).
  ['57P01', 'connection ended by the server'],
  ['57P02', 'server crashed'],
  ['57P03', 'server starting or stopping'],
  ['53300', 'too many connections'],
]);

/** What pg and pg-pool say when they give up waiting, or the connection is gone. */
const DRIVER_MESSAGES: ReadonlyMap<string, string> = new Map([
  ['timeout exceeded when trying to connect', 'no connection free in time'],
  ['Connection terminated due to connection timeout', 'connect timeout'],
  ['timeout expired', 'connect timeout'],
  ['Query read timeout', 'no answer in time'],
  ['Connection terminated unexpectedly', 'connection lost'],
  ['Client has encountered a connection error and is not queryable', 'connection lost'],
]);

/** Node's codes for a socket that could not connect to the server, or lost it. */
const SOCKET_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

function reasonOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  if (error instanceof pg.DatabaseError) {
    const state = error.code ?? '';
    const reason = UNAVAILABLE_STATES.get(state);
    if (reason) return `${reason} (${state})`;
    return state.startsWith('08') ? `connection exception (${state})` : undefined;
  }
  const driverReason = DRIVER_MESSAGES.get(error.message);
  if (driverReason) return driverReason;
  const code: unknown = Reflect.get(error, 'code');
  if (typeof code !== 'string') return undefined;
  if (SOCKET_CODES.has(code)) return `cannot reach the server (${code})`;
  // The embedded server's Unix socket is gone while it is stopped.
  return code === 'ENOENT' && Reflect.get(error, 'syscall') === 'connect'
    ? `cannot reach the server (${code})`
    : undefined;
}

/**
 * Why the database is unavailable, in a few words fit for the log (never the statement or its values),
 * or undefined when the error is not about availability. drizzle wraps a failed query's error (its
 * message holds the statement and values): the reason is read from the error it wraps.
 */
export function databaseUnavailableReason(error: unknown): string | undefined {
  return error instanceof DrizzleQueryError ? reasonOf(error.cause) : reasonOf(error);
}
