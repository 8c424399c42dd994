import type { CallDescription } from '@konek/contract/call';
import { SUCCESS_CODE } from '@konek/contract/envelope';
import { describeError } from '@konek/contract/errors';
import type { TOpsUser } from '@konek/contract/ops';
import * as z from 'zod';
import { i18n, msg } from '../i18n/i18n';

// ADR 051: the operators' page calls /api/ops with its own token (ADR 046: audience konek-ops), kept in
// this tab's sessionStorage, apart from a customer's session. The replies are parsed with the contract's
// schemas as the customer app's lib/call.ts does; the customer client is not imported, so none of the
// customer's session code comes into this bundle.

/** A signed-in operator on this tab. */
export type OpsSession = { token: string; user: TOpsUser };

export type OpsFailure = {
  ok: false;
  status: number;
  module: string;
  code: number;
  message: string;
  retryAfterSeconds?: number;
};
export type OpsResult<T> = { ok: true; reply: T } | OpsFailure;

// The page's own failures are catalogue messages (ADR 027); a server's message is shown as it sent it.
const NETWORK_MESSAGE = msg(/*i18n*/ 'No connection. Check your signal and try again.');
const UNREADABLE = msg(/*i18n*/ "The server's reply could not be read. Please try again.");
const TIMEOUT_MS = 20_000;

const ZErrorReply = z.object({
  code: z.number(),
  module: z.string().optional(),
  message: z.string().optional(),
  retry_after_seconds: z.number().optional(),
});

/** Aborts when `signal` does or after TIMEOUT_MS (AbortSignal.any without needing it). */
function withTimeout(signal: AbortSignal): AbortSignal {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = setTimeout(abort, TIMEOUT_MS);
  controller.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  if (signal.aborted) abort();
  else signal.addEventListener('abort', abort, { once: true });
  return controller.signal;
}

/**
 * Calls `description` with the operator's token. `signal` cancels it (the network map drops the box it
 * no longer shows): a cancelled call answers as a lost connection, which its caller ignores.
 */
export async function opsCall<Q extends z.ZodType | null, R extends z.ZodType>(
  description: CallDescription<string, Q, R>,
  body: Q extends z.ZodType ? z.input<Q> : undefined,
  token: string | null,
  signal?: AbortSignal,
): Promise<OpsResult<z.output<R>>> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  let parsed: unknown;
  try {
    // A GET call (the public web config: the map's tiles) has no body.
    const isGet = description.method === 'GET';
    response = await fetch(description.path, {
      method: description.method,
      headers,
      ...(isGet ? {} : { body: JSON.stringify(body ?? {}) }),
      signal: signal ? withTimeout(signal) : AbortSignal.timeout(TIMEOUT_MS),
    });
    parsed = await response.json().catch(() => undefined);
  } catch {
    return {
      ok: false,
      status: 502,
      module: 'client',
      code: 502,
      message: i18n._(NETWORK_MESSAGE),
    };
  }
  const envelope = ZErrorReply.safeParse(parsed);
  if (response.ok && envelope.success && envelope.data.code === SUCCESS_CODE) {
    const reply = z.safeParse(description.reply, parsed);
    if (reply.success) return { ok: true, reply: reply.data };
  }
  if (!envelope.success) {
    return {
      ok: false,
      status: response.status,
      module: 'client',
      code: 502,
      message: i18n._(UNREADABLE),
    };
  }
  const module = envelope.data.module ?? 'common';
  return {
    ok: false,
    status: response.status,
    module,
    code: envelope.data.code,
    message: envelope.data.message ?? describeError(module, envelope.data.code).message,
    ...(envelope.data.retry_after_seconds === undefined
      ? {}
      : { retryAfterSeconds: envelope.data.retry_after_seconds }),
  };
}
