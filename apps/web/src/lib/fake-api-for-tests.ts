import { vi } from 'vitest';

// Test support for screens that call the API: fetch is stubbed at the api client's boundary and each
// path answers from a handler. Unknown paths answer a plain success envelope (like test-setup's fetch).

export type FakeHandler = (body: unknown) => unknown;
export type FakeCall = { path: string; body: unknown };

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function ok(fields: Record<string, unknown>): Record<string, unknown> {
  return { code: 0, module: 'test', message: 'OK', ...fields };
}

/** Stubs fetch; a handler may return a Response (any status) or a JSON body (sent with 200). */
export function stubApi(handlers: Readonly<Record<string, FakeHandler>>): { calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path, body });
      const handler = handlers[path];
      const answer = handler ? await handler(body) : ok({});
      return answer instanceof Response ? answer : json(answer);
    }),
  );
  return { calls };
}

/** A reply of the API's shape for a failure (the envelope plus its details). */
export function failure(
  module: string,
  code: number,
  message: string,
  status: number,
  details: Record<string, unknown> = {},
): Response {
  return new Response(JSON.stringify({ code, module, message, ...details }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Handlers for reads that should go together: each is answered only once all of them were asked. If
 * one waits for another's answer, they are let go after 2 s instead, and `wereAllAskedAtOnce()` says no.
 */
export function answeredOnceAllAsked(answers: Readonly<Record<string, FakeHandler>>): {
  handlers: Record<string, FakeHandler>;
  wereAllAskedAtOnce: () => boolean;
} {
  const asked = new Set<string>();
  let wereAllAsked = false;
  let isLetGo = false;
  let openGate = () => {};
  const gate = new Promise<void>((resolve) => {
    openGate = resolve;
    setTimeout(() => {
      isLetGo = true;
      resolve();
    }, 2000);
  });
  const handlers = Object.fromEntries(
    Object.entries(answers).map(([path, answer]): [string, FakeHandler] => [
      path,
      async (body) => {
        asked.add(path);
        if (asked.size === Object.keys(answers).length && !isLetGo) {
          wereAllAsked = true;
          openGate();
        }
        await gate;
        return answer(body);
      },
    ]),
  );
  return { handlers, wereAllAskedAtOnce: () => wereAllAsked };
}
