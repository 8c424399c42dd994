import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '@konek/contract/constants';
import { REPORT_CLIENT_ERROR_PATH } from '@konek/contract/report-client-error';
import { apiPost } from './api-client';
import { AUTH_EXPIRED_MESSAGE, setAuthExpiredNavigation } from './auth-expired';
import { setCookie } from './cookies';
import { getSession, setSession } from './session';

const PATH = '/api/v3/konek/addresses/get_addresses';

type FetchArgs = Parameters<typeof fetch>;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** fetch that answers the API call with `answer` and every error report with 200. */
function mockFetch(answer: (init: RequestInit | undefined) => Promise<Response>) {
  const fetchMock = vi.fn(async (...[input, init]: FetchArgs) =>
    String(input) === REPORT_CLIENT_ERROR_PATH ? json({}) : answer(init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function reportsSent(fetchMock: ReturnType<typeof mockFetch>): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => String(input) === REPORT_CLIENT_ERROR_PATH)
    .map(([, init]) => JSON.parse(String(init?.body)));
}

function apiCalls(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls.filter(([input]) => String(input) === PATH);
}

/** The failure reports go in the task after the failure (lib/page-leaving.ts). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** A fetch that only ends when its signal aborts, as a hung connection does. */
function hangUntilAborted(init: RequestInit | undefined): Promise<Response> {
  return new Promise((_, reject) => {
    init?.signal?.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
  });
}

describe('apiPost', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    navigate.mockReset();
    setAuthExpiredNavigation(navigate);
  });

  it('POSTs JSON and resolves with the reply', async () => {
    const reply = {
      code: 0,
      module: 'address',
      message: 'ok',
      result: [{ address_name: 'Metro' }],
    };
    const fetchMock = mockFetch(async () => json(reply));
    await expect(apiPost(PATH, { address_type: 'province' })).resolves.toEqual(reply);
    const [, init] = apiCalls(fetchMock)[0]!;
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ address_type: 'province' }));
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    expect(reportsSent(fetchMock)).toEqual([]);
  });

  it('on a timeout resolves with code 502 and reports it', async () => {
    const fetchMock = mockFetch(hangUntilAborted);
    const reply = await apiPost(PATH, {}, { timeout: 20 });
    expect(reply).toMatchObject({ code: 502, module: 'client' });
    expect(reply.message).toMatch(/took too long/);
    await nextTask();
    expect(reportsSent(fetchMock)).toEqual([
      expect.objectContaining({ call_path: PATH, status: 502, message: reply.message }),
    ]);
  });

  it('on a network error resolves with code 502 and reports it', async () => {
    const fetchMock = mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiPost(PATH, {})).resolves.toMatchObject({ code: 502, module: 'client' });
    await nextTask();
    expect(reportsSent(fetchMock)).toHaveLength(1);
  });

  it('does not report a call cancelled because the visitor left the page, and reports again once back', async () => {
    const fetchMock = mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    // The browser cancels the page's calls, then tells the page it is being left.
    await expect(apiPost(PATH, {})).resolves.toMatchObject({ code: 502, module: 'client' });
    window.dispatchEvent(new Event('pagehide'));
    try {
      await nextTask();
      expect(reportsSent(fetchMock)).toEqual([]);
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
    await apiPost(PATH, {});
    await nextTask();
    expect(reportsSent(fetchMock)).toHaveLength(1);
  });

  it('on HTTP 500 with an envelope resolves with that envelope and reports it', async () => {
    const envelope = { code: 500, module: 'common', message: 'Something went wrong on our side.' };
    const fetchMock = mockFetch(async () => json(envelope, 500));
    await expect(apiPost(PATH, {})).resolves.toEqual(envelope);
    expect(reportsSent(fetchMock)).toEqual([
      expect.objectContaining({ call_path: PATH, status: 500, message: envelope.message }),
    ]);
  });

  it('on HTTP failure without an envelope uses the status and the body text', async () => {
    mockFetch(async () => new Response('Service Unavailable', { status: 503 }));
    await expect(apiPost(PATH, {})).resolves.toEqual({
      code: 503,
      module: 'client',
      message: 'Service Unavailable',
    });
  });

  it('never shows an HTML error page as the message', async () => {
    mockFetch(async () => new Response('<html><body>Bad gateway</body></html>', { status: 502 }));
    const reply = await apiPost(PATH, {});
    expect(reply.code).toBe(502);
    expect(reply.message).not.toContain('<');
  });

  it('with timeout: null waits past 40 s', async () => {
    vi.useFakeTimers();
    try {
      let finish: (response: Response) => void = () => undefined;
      let signal: AbortSignal | null | undefined;
      mockFetch((init) => {
        signal = init?.signal;
        return new Promise<Response>((resolve) => {
          finish = resolve;
        });
      });
      const pending = apiPost(PATH, {}, { timeout: null });
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS * 2);
      expect(signal?.aborted).toBe(false);
      finish(json({ code: 0, module: 'orders', message: 'ok', orders: [] }));
      await expect(pending).resolves.toMatchObject({ code: 0, orders: [] });
    } finally {
      vi.useRealTimers();
    }
  });

  it('by default gives up after 40 s', async () => {
    vi.useFakeTimers();
    try {
      mockFetch(hangUntilAborted);
      const pending = apiPost(PATH, {});
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      await expect(pending).resolves.toMatchObject({ code: 502 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects when the caller cancels, without reporting', async () => {
    const fetchMock = mockFetch(hangUntilAborted);
    const controller = new AbortController();
    const pending = apiPost(PATH, {}, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect(reportsSent(fetchMock)).toEqual([]);
  });

  describe('auth-expired rule (product §4.1)', () => {
    it('sends the session token when it matches the token cookie', async () => {
      setSession({ token: 'token-1', userId: 'user-1' });
      setCookie('token', 'token-1');
      const fetchMock = mockFetch(async () => json({ code: 0, module: 'user', message: 'ok' }));
      await apiPost(PATH, {}, { authenticated: true });
      const [, init] = apiCalls(fetchMock)[0]!;
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
      expect(navigate).not.toHaveBeenCalled();
    });

    it('rejects with "Auth expired" and goes to / when the token cookie is missing', async () => {
      setSession({ token: 'token-1', userId: 'user-1' });
      const fetchMock = mockFetch(async () => json({ code: 0, module: 'user', message: 'ok' }));
      await expect(apiPost(PATH, {}, { authenticated: true })).rejects.toThrow(
        AUTH_EXPIRED_MESSAGE,
      );
      expect(navigate).toHaveBeenCalledWith('/');
      expect(apiCalls(fetchMock)).toHaveLength(0);
      expect(getSession()).toBeNull();
    });

    it('rejects with "Auth expired" when the token cookie differs from the session', async () => {
      setSession({ token: 'token-1', userId: 'user-1' });
      setCookie('token', 'token-from-another-tab');
      mockFetch(async () => json({ code: 0, module: 'user', message: 'ok' }));
      await expect(apiPost(PATH, {}, { authenticated: true })).rejects.toThrow('Auth expired');
      expect(navigate).toHaveBeenCalledWith('/');
    });
  });
});

afterEach(() => {
  setAuthExpiredNavigation((path) => window.location.assign(path));
});
