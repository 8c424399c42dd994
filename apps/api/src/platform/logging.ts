import pino, { type DestinationStream, type Logger } from 'pino';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { databaseUnavailableReason } from './db/unavailable';

// What the logs may carry (ADR 021): no request bodies, no SQL parameters, and no token, PIN, code,
// phone number, email, name or coordinates under any of these keys, at any depth.
const SECRET_KEYS: ReadonlySet<string> = new Set([
  'authorization',
  'cookie',
  'set-cookie',
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
  // ADR 048: a technician's position (and the customer's pin) as the tracking calls name them.
  'lat',
  'lng',
]);

const CENSOR = '[redacted]';
const MAX_REDACTION_DEPTH = 8;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A copy of a logged object with the values of secret keys censored, in nested objects and arrays too;
 * the object itself is left alone, and is returned as is when it holds no secret. This walk is pino's
 * `redact` without its cost: pino's wildcard paths cost ~70 µs a line, this a few key look-ups.
 */
export function redactSecrets(value: Record<string, unknown>, depth = 0): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    const field = value[key];
    let redacted = field;
    if (SECRET_KEYS.has(key.toLowerCase())) redacted = CENSOR;
    else if (depth < MAX_REDACTION_DEPTH && typeof field === 'object' && field !== null)
      redacted = redactNested(field, depth + 1);
    if (redacted !== field) {
      copy ??= { ...value };
      copy[key] = redacted;
    }
  }
  return copy ?? value;
}

function redactNested(value: object, depth: number): unknown {
  if (Array.isArray(value)) {
    const items: unknown[] = value.map((item: unknown) =>
      typeof item === 'object' && item !== null ? redactNested(item, depth + 1) : item,
    );
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  // Errors and class instances go to their serializers (the error one above) untouched.
  return isPlainObject(value) ? redactSecrets(value, depth) : value;
}

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
 * A database that could not serve (ADR 078) is said in a few words instead of the statement that
 * waited for it, which says nothing of why.
 */
export function serializeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: '(not an Error)' };
  const unavailable = databaseUnavailableReason(error);
  const message =
    unavailable === undefined ? safeMessage(error.message) : `database unavailable: ${unavailable}`;
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
  if (error.cause !== undefined && depth < 3 && unavailable === undefined)
    serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** A pino destination; the ones that buffer (sonic-boom) are flushed when the app closes. */
export type LogDestination = DestinationStream & { flushSync?: () => void };

/**
 * Where the logs go: standard output unless told otherwise, written asynchronously (sonic-boom) so a
 * request never waits for the disk (ADR 021). What is waiting is written when the app closes and when
 * the process exits (pino's destination registers that).
 */
export function createLogDestination(dest: number | string = 1): LogDestination {
  const stream = pino.destination({ dest, sync: false });
  // A file is opened asynchronously; until then what waits is written when it opens.
  let isOpen = false;
  stream.once('ready', () => (isOpen = true));
  return {
    // Called through the stream each time: on a broken pipe pino replaces its write with one that
    // does nothing.
    write: (line: string) => void stream.write(line),
    flushSync: () => {
      if (isOpen) stream.flushSync();
    },
  };
}

export function createLogger(level: string, destination: LogDestination): Logger {
  return pino(
    {
      level,
      formatters: { log: redactSecrets },
      serializers: {
        err: serializeError,
        error: serializeError,
        // Fastify's own, without the query string and the client's address.
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: withoutQuery(request.url),
        }),
      },
    },
    destination,
  );
}

/**
 * One line per request, written when the reply has gone, in place of Fastify's two (`incoming request`
 * and `request completed`, each with a serialised request or reply): method, path without the query
 * string, status, time and the request's id; an error with its serializer.
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
