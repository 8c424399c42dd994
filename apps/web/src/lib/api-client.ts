import { REQUEST_TIMEOUT_MS } from '@konek/contract/constants';
import { ZEnvelope, type TEnvelope } from '@konek/contract/envelope';
import { AUTH_EXPIRED_MESSAGE, navigateAfterAuthExpired } from './auth-expired';
import { getCookie } from './cookies';
import { reportClientError } from './error-reporting';
import { reportUnlessPageIsLeft } from './page-leaving';
import { clearSession, getSession } from './session';

// product §7.3 and §9: every call is JSON; a failed call never throws at its caller. It resolves with the
// server's envelope when there is one, or with a client-made envelope whose code is the HTTP status
// (502 when there is no status: network error or timeout). Only the auth-expired rule rejects.

/** A reply: the envelope `{ code, module, message }` plus the call's own result fields. */
export type ApiReply = TEnvelope & { readonly [field: string]: unknown };

export type ApiRequestOptions = {
  /** Send the session token (product §6); applies the auth-expired rule of product §4.1 first. */
  authenticated?: boolean;
  /**
   * Milliseconds before the call gives up (default REQUEST_TIMEOUT_MS). `null` waits for ever: product §9
   * names view work order, reserve resource and get order entities as calls without a timeout.
   */
  timeout?: number | null;
  /** The caller's own cancellation (e.g. TanStack Query's); a cancelled call rejects with its reason. */
  signal?: AbortSignal;
  /** A refusal that is an ordinary answer for the caller (e.g. "no such profile"): not reported. */
  isExpected?: (reply: ApiReply) => boolean;
};

export const NO_STATUS_CODE = 502;
export const CLIENT_MODULE = 'client';

const TIMEOUT_MESSAGE = 'The request took too long. Please check your connection and try again.';
const NETWORK_MESSAGE = "We couldn't reach the server. Please check your connection and try again.";
/** The one message for a reply that is not what the call promised (product §7.3). */
export const UNREADABLE_MESSAGE = "The server's reply could not be read. Please try again.";

export function isApiReply(value: unknown): value is ApiReply {
  return typeof value === 'object' && value !== null && ZEnvelope.safeParse(value).success;
}

/**
 * product §4.1: before any authenticated request, if the token cookie is missing or differs from the
 * session's token, go to / and reject with "Auth expired". The stale session is dropped too, so the
 * rest of the app sees the visitor as signed out.
 */
function currentTokenOrExpire(): string {
  const sessionToken = getSession()?.token;
  const cookieToken = getCookie('token');
  if (sessionToken && cookieToken && cookieToken === sessionToken) return sessionToken;
  clearSession();
  navigateAfterAuthExpired();
  throw new Error(AUTH_EXPIRED_MESSAGE);
}

/** The transport's answer: the reply envelope, its HTTP status (502 when none), and who made it. */
export type SentReply = {
  reply: ApiReply;
  status: number;
  /** The server answered with an envelope of its own (else the client made `reply`). */
  fromServer: boolean;
  /** No answer at all: a network error or a timeout. */
  unreachable: boolean;
};

/** The transport under lib/call.ts, which every feature uses instead (ADR 024). */
export async function apiPost(
  path: string,
  body: unknown,
  options: ApiRequestOptions = {},
): Promise<ApiReply> {
  return (await send('POST', path, body, options)).reply;
}

export async function send(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  options: ApiRequestOptions,
): Promise<SentReply> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.authenticated) headers.Authorization = `Bearer ${currentTokenOrExpire()}`;

  const controller = new AbortController();
  const timeoutMs = options.timeout === undefined ? REQUEST_TIMEOUT_MS : options.timeout;
  const timer =
    timeoutMs === null ? undefined : setTimeout(() => controller.abort('timeout'), timeoutMs);
  const forwardAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    const response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    const text = await response.text();
    const parsed = parseJson(text);
    if (response.ok && isApiReply(parsed)) {
      return { reply: parsed, status: response.status, fromServer: true, unreachable: false };
    }
    const status = response.ok ? NO_STATUS_CODE : response.status;
    const isReported = (reply: ApiReply) => !options.isExpected?.(reply);
    return { ...fail(path, status, parsed, text, { isReported }), unreachable: false };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const message = controller.signal.aborted ? TIMEOUT_MESSAGE : NETWORK_MESSAGE;
    const failed = fail(path, NO_STATUS_CODE, undefined, '', {
      fallbackMessage: message,
      isReported: () => false,
    });
    // A call the browser cancelled because the visitor left the page is no failure to report.
    reportUnlessPageIsLeft(() =>
      reportClientError({ message: failed.reply.message, callPath: path, status: failed.status }),
    );
    return { ...failed, unreachable: true };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

function fail(
  path: string,
  status: number,
  parsed: unknown,
  text: string,
  {
    fallbackMessage,
    isReported,
  }: { fallbackMessage?: string; isReported: (reply: ApiReply) => boolean },
): { reply: ApiReply; status: number; fromServer: boolean } {
  const fromServer = isApiReply(parsed);
  const reply: ApiReply = isApiReply(parsed)
    ? parsed
    : {
        code: status,
        module: CLIENT_MODULE,
        message: fallbackMessage ?? messageFromBody(parsed, text, status),
      };
  if (isReported(reply)) reportClientError({ message: reply.message, callPath: path, status });
  return { reply, status, fromServer };
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return undefined;
  }
}

/** A readable message from a non-envelope body: its `message` field, its plain text, or a default. */
function messageFromBody(parsed: unknown, text: string, status: number): string {
  if (typeof parsed === 'object' && parsed !== null && 'message' in parsed) {
    const { message } = parsed;
    if (typeof message === 'string' && message.trim()) return message.trim();
  }
  const plain = text.trim();
  // An HTML error page (a proxy's 502, say) is no message for a person.
  if (plain && !plain.startsWith('<') && plain.length <= 300) return plain;
  if (status === NO_STATUS_CODE) return UNREADABLE_MESSAGE;
  return `The request failed (HTTP ${status}). Please try again.`;
}
