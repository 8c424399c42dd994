import {
  EmailValidationUnavailableError,
  MAX_EMAIL_VALIDATION_TIMEOUT_MS,
  type EmailValidator,
} from './email-validator';

// ADR 032: ZeroBounce's v2 validation API (https://www.zerobounce.net/docs/email-validation-api-quickstart):
// GET /v2/validate?api_key=…&email=…&ip_address=… answers { address, status, sub_status, … }, statuses
// valid, invalid, catch-all, unknown, spamtrap, abuse, do_not_mail. A wrong key or spent credits answer
// 200 with { error: "…" }. Chosen by EMAIL_VALIDATION=zerobounce with ZEROBOUNCE_API_KEY.

export const ZEROBOUNCE_BASE_URL = 'https://api.zerobounce.net';

export type ZeroBounceOptions = {
  apiKey: string;
  /** ZEROBOUNCE_URL: the service's base URL (a regional endpoint, or a fake in tests). */
  baseUrl?: string;
  /** At most MAX_EMAIL_VALIDATION_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Injected for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function createZeroBounceEmailValidator(options: ZeroBounceOptions): EmailValidator {
  const send = options.fetch ?? globalThis.fetch;
  const base = (options.baseUrl ?? ZEROBOUNCE_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = Math.min(
    options.timeoutMs ?? MAX_EMAIL_VALIDATION_TIMEOUT_MS,
    MAX_EMAIL_VALIDATION_TIMEOUT_MS,
  );
  return {
    name: 'zerobounce',
    validate: async (email, ipAddress) => {
      const url = new URL(`${base}/v2/validate`);
      url.search = new URLSearchParams({
        api_key: options.apiKey,
        email,
        ip_address: ipAddress,
      }).toString();
      let response: Response;
      let text: string;
      try {
        response = await send(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        // The URL carries the address and the key: only the kind of failure is kept.
        const reason =
          error instanceof Error && error.name === 'TimeoutError'
            ? `no answer within ${timeoutMs} ms`
            : 'the service could not be reached';
        throw new EmailValidationUnavailableError(reason);
      }
      if (!response.ok) {
        throw new EmailValidationUnavailableError(`ZeroBounce answered HTTP ${response.status}`);
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new EmailValidationUnavailableError('ZeroBounce answered something other than JSON');
      }
      if (!isRecord(body)) {
        throw new EmailValidationUnavailableError('ZeroBounce answered an unexpected shape');
      }
      if (typeof body.error === 'string' || typeof body.status !== 'string') {
        // A wrong key or spent credits: the operator must act; the customer goes on (ADR 032).
        throw new EmailValidationUnavailableError(
          'ZeroBounce refused the request (API key or credits)',
        );
      }
      return {
        status: body.status.toLowerCase(),
        subStatus: typeof body.sub_status === 'string' ? body.sub_status : '',
      };
    },
  };
}
