import pino, {
  type Bindings,
  type ChildLoggerOptions,
  type DestinationStream,
  type LogFn,
  type Logger,
} from 'pino';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
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

/** The log is written once this much is waiting (ADR 056, ADR 069)... */
export const LOG_WRITE_BYTES = 64 * 1024;
/** ...or at the latest after this long, so a quiet server's lines are not held back. */
export const LOG_WRITE_MAX_DELAY_MS = 1000;

/**
 * Where the logs go: standard output unless told otherwise, written asynchronously (sonic-boom) so a
 * request never waits for the disk, in writes of 64 KB or every second (ADR 056 and 069, amending
 * ADR 037). Lines are kept as bytes until then (sonic-boom's buffer mode: kept as one growing string,
 * the string would be measured again at every line). What is waiting is written when the app closes
 * and when the process exits (pino's destination registers that).
 */
export function createLogDestination(dest: number | string = 1): LogDestination {
  const stream = pino.destination({
    dest,
    sync: false,
    minLength: LOG_WRITE_BYTES,
    // sonic-boom refuses a minLength that is not below the most it writes at once (16 KB by default).
    maxWrite: 2 * LOG_WRITE_BYTES,
    periodicFlush: LOG_WRITE_MAX_DELAY_MS,
    contentMode: 'buffer',
  });
  // In buffer mode sonic-boom takes bytes, though its type names only strings. Called through the
  // stream each time: on a broken pipe pino replaces its write with one that does nothing.
  const byteStream = stream as unknown as { write: (bytes: Buffer) => boolean };
  // A file is opened asynchronously; until then what waits is written when it opens.
  let isOpen = false;
  stream.once('ready', () => (isOpen = true));
  return {
    write: (line: string) => void byteStream.write(Buffer.from(line)),
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

const LOG_METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * A request's logger, made only when something logs through it: Fastify gives every request a child
 * logger with its id, and pino's `child` (bindings serialised, a new logger object) cost more than the
 * rest of a fast call's logging. Most requests log nothing but their request line, written below.
 */
export class RequestLogger {
  // The log methods, defined on the prototype below.
  declare readonly fatal: LogFn;
  declare readonly error: LogFn;
  declare readonly warn: LogFn;
  declare readonly info: LogFn;
  declare readonly debug: LogFn;
  declare readonly trace: LogFn;
  declare readonly silent: LogFn;
  private made: FastifyBaseLogger | undefined;

  constructor(
    readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}
for (const method of LOG_METHODS) {
  Object.defineProperty(RequestLogger.prototype, method, {
    value: function (this: RequestLogger, ...args: unknown[]) {
      // A level the parent does not log, and no level of the request's own: nothing to make.
      const isSkipped = this.level === this.parent.level && !this.parent.isLevelEnabled(method);
      if (method === 'silent' || isSkipped) return;
      Reflect.apply(this.logger[method], this.logger, args);
    },
  });
}

/** Fastify's `childLoggerFactory`: the request's logger above. */
export function requestLogger(
  this: unknown,
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(parent as Logger, bindings, options) as unknown as FastifyBaseLogger;
}

/**
 * One line per request, written when the reply has gone, in place of Fastify's two (`incoming request`
 * and `request completed`, each with a serialised request or reply): method, path without the query
 * string, status, time and the request's id. The line of a reply without error is put together here as
 * pino would write it (the same keys, in the same order), from values that need no redaction, and goes
 * straight to the destination; an error goes through pino with its serializer.
 */
export class OneLinePerRequest extends LogController {
  /** `,"pid":…,"hostname":"…"`: the root logger's bindings, as pino writes them. */
  private readonly bindings: string;

  constructor(
    private readonly logger: Logger,
    private readonly destination: LogDestination,
  ) {
    super();
    this.bindings =
      (this.logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym] ?? '';
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const url = withoutQuery(request.url);
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    if (error) {
      const line = { method: request.method, url, statusCode: reply.statusCode, responseTime };
      reply.log.error({ ...line, err: error }, 'request errored');
    } else if (this.logger.isLevelEnabled('info')) {
      this.destination.write(
        `{"level":30,"time":${Date.now()}${this.bindings},"reqId":${JSON.stringify(request.id)},"method":${JSON.stringify(request.method)},"url":${JSON.stringify(url)},"statusCode":${reply.statusCode},"responseTime":${responseTime},"msg":"request"}\n`,
      );
    }
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.info({ method: request.method, url: withoutQuery(request.url) }, 'route not found');
  }
}
