import pino, { type DestinationStream } from 'pino';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';

// What the logs may carry (ADR 021): no request bodies, no SQL parameters, and no token, PIN, code,
// phone number, email, name or coordinates under any of these keys, at any depth up to three.
const SECRET_KEYS = [
  'authorization',
  'cookie',
  '"set-cookie"',
  'login_secret',
  'pin',
  'new_pin',
  'code',
  'otp',
  'msisdn',
  'number',
  'email',
  'id_value',
  'token',
  'access_token',
  'refresh_token',
  'password',
  'apikey',
  'first_name',
  'middle_name',
  'last_name',
  'latitude',
  'longitude',
];

function bracketed(key: string): string {
  return key.startsWith('"') ? `[${key}]` : `.${key}`;
}

export const REDACTED_PATHS: readonly string[] = SECRET_KEYS.flatMap((key) => [
  key.startsWith('"') ? `[${key}]` : key,
  `*${bracketed(key)}`,
  `*.*${bracketed(key)}`,
]);

const CENSOR = '[redacted]';

/**
 * Masks what looks like personal data in free text (an error's message, a browser's report): email
 * addresses, runs of six or more digits (PINs, codes, phone numbers) and decimals with four or more
 * places (coordinates).
 */
export function scrubPersonalData(text: string): string {
  return text
    .replace(/[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+/g, '[email]')
    .replace(/\+?\d{6,}/g, '[number]')
    .replace(/-?\d{1,3}\.\d{4,}/g, '[coordinate]');
}

/** A URL or path without its query string and fragment: they may carry location data or tokens. */
export function withoutQuery(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * drizzle reports a failed query as "Failed query: <sql>\nparams: <values>": the statement stays (it
 * holds placeholders only), the values go. PostgreSQL quotes the offending value at the end of messages
 * such as `invalid input syntax for type uuid: "…"`.
 */
function safeMessage(message: string): string {
  const withoutParams = message.replace(/\nparams:[\s\S]*$/, '');
  return scrubPersonalData(withoutParams.replace(/: "[^"]*"$/, ': "[value]"'));
}

export type SafeError = {
  type: string;
  message: string;
  /** PostgreSQL's SQLSTATE, Node's errno code or Fastify's FST_ code; not `code`, which is redacted. */
  errorCode?: string;
  /** PostgreSQL names these: identifiers, never values. */
  table?: string;
  column?: string;
  constraint?: string;
  stack?: string;
  cause?: SafeError;
};

function stringField(error: Error, key: string): string | undefined {
  const value: unknown = Reflect.get(error, key);
  return typeof value === 'string' ? value : undefined;
}

/**
 * The error serializer: class, code, message without values, the frames of the stack. pg's `detail`
 * ("Failing row contains (…)", "Key (email)=(…)"), `where`, `hint` and drizzle's `params` are dropped.
 */
export function serializeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: '(not an Error)' };
  const message = safeMessage(error.message);
  const type = error.constructor.name;
  const frames = (error.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  const serialized: SafeError = {
    type,
    message,
    errorCode: stringField(error, 'code'),
    table: stringField(error, 'table'),
    column: stringField(error, 'column'),
    constraint: stringField(error, 'constraint'),
    stack: [`${type}: ${message}`, ...frames].join('\n'),
  };
  if (error.cause !== undefined && depth < 3)
    serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** A pino destination; the ones that buffer (sonic-boom) are flushed when the app closes. */
export type LogDestination = DestinationStream & { flushSync?: () => void };

/**
 * Where the logs go: standard output unless told otherwise, written asynchronously so a request never
 * waits for the disk; pino flushes what is buffered when the process exits.
 */
export function createLogDestination(dest: number | string = 1): LogDestination {
  return pino.destination({ dest, sync: false });
}

export function createLogger(level: string, destination: LogDestination): FastifyBaseLogger {
  return pino(
    {
      level,
      redact: { paths: [...REDACTED_PATHS], censor: CENSOR },
      serializers: { err: serializeError, error: serializeError },
    },
    destination,
  );
}

/**
 * One line per request, written when the reply has gone, in place of Fastify's two (`incoming request`
 * and `request completed`, each with a serialised request or reply): method, path without the query
 * string, status and time. The request id comes with the request's logger.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: withoutQuery(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.info({ method: request.method, url: withoutQuery(request.url) }, 'route not found');
  }
}
