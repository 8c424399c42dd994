/**
 * Fire-and-forget JSON POST that survives the page being closed (fetch keepalive), for analytics and
 * error reports. Failures are dropped: reporting must never break or slow down the journey.
 */
export function postKeepalive(path: string, body: unknown, token?: string | null): void {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    fetch(path, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      keepalive: true,
      credentials: 'same-origin',
    }).catch(() => undefined);
  } catch {
    // A synchronous failure (e.g. a keepalive body over the browser's limit) is dropped the same way.
  }
}
