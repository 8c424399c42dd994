import { SmsUnavailableError, type SmsSender } from './sms-sender';

export const SEMAPHORE_MESSAGES_URL = 'https://api.semaphore.co/api/v4/messages';

const TIMEOUT_MS = 10_000;

export type SemaphoreOptions = {
  apiKey: string;
  /** The approved sender name; Semaphore's default when absent. */
  senderName: string | undefined;
  /** Injected for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  url?: string;
};

/** Semaphore answers a send with one object per recipient; anything else names a problem. */
function isAcceptedReply(body: unknown): boolean {
  return (
    Array.isArray(body) &&
    body.length > 0 &&
    body.every(
      (entry: unknown) =>
        typeof entry === 'object' &&
        entry !== null &&
        'message_id' in entry &&
        !('status' in entry && entry.status === 'Failed'),
    )
  );
}

/**
 * Semaphore (https://semaphore.co), a Philippine SMS gateway: POST apikey, number, message and
 * sendername as a form to /api/v4/messages. Chosen by SMS_PROVIDER=semaphore with SEMAPHORE_API_KEY.
 */
export function createSemaphoreSmsSender(options: SemaphoreOptions): SmsSender {
  const send = options.fetch ?? globalThis.fetch;
  const url = options.url ?? SEMAPHORE_MESSAGES_URL;
  return {
    name: 'semaphore',
    send: async (message) => {
      const form = new URLSearchParams({
        apikey: options.apiKey,
        number: message.msisdn,
        message: message.body,
        ...(options.senderName ? { sendername: options.senderName } : {}),
      });
      let response: Response;
      try {
        response = await send(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new SmsUnavailableError(error instanceof Error ? error.message : 'network error');
      }
      const text = await response.text();
      let body: unknown = undefined;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: reported below with the status.
      }
      if (!response.ok || !isAcceptedReply(body)) {
        // The reply may echo the request; keep the API key, the number and the code out of the error
        // (it reaches the log).
        const detail = text
          .slice(0, 200)
          .replaceAll(options.apiKey, '***')
          .replaceAll(/\d{4,}/g, '***');
        throw new SmsUnavailableError(`Semaphore answered ${response.status}: ${detail}`);
      }
    },
  };
}
