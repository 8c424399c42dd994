import * as z from 'zod';
import {
  PaymentProviderError,
  type CheckoutSessionState,
  type PaymentProvider,
  type RefundStatus,
} from './payment-provider';
import {
  ZPayMongoCheckoutSession,
  ZPayMongoRefund,
  checkoutStateOf,
  dataOf,
} from './paymongo-resources';
import {
  DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
  verifyPayMongoWebhook,
  type SignatureMode,
} from './paymongo-signature';

// PayMongo (https://developers.paymongo.com), the Philippine payment gateway, through its Checkout
// Sessions API: POST /v1/checkout_sessions, GET /v1/checkout_sessions/:id,
// POST /v1/checkout_sessions/:id/expire and POST /v1/refunds, each with HTTP Basic auth of the secret
// key (the key as user name, no password), JSON:API bodies `{ data: { attributes } }` and amounts in
// integer centavos. Chosen by PAYMENT_PROVIDER=paymongo (ADR 038).

export const PAYMONGO_API_URL = 'https://api.paymongo.com';
export const DEFAULT_PAYMONGO_TIMEOUT_MS = 10_000;

export type PayMongoOptions = {
  /** sk_test_… or sk_live_…; the prefix decides which signature of a webhook counts (te or li). */
  secretKey: string;
  /** The webhook's secret key (whsk_…), from PayMongo when the webhook was created. */
  webhookSecret: string;
  /** PAYMONGO_API_URL; the tests point it at a fake PayMongo. */
  apiUrl?: string;
  timeoutMs?: number;
  signatureToleranceSeconds?: number;
  /** Injected for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
};

const ZErrorBody = z.object({
  errors: z
    .array(z.looseObject({ code: z.string().optional(), detail: z.string().optional() }))
    .min(1),
});

/** PayMongo ids in a path: checked, so nothing but an id reaches the URL. */
const ZPathId = z.string().regex(/^[a-z]+_[A-Za-z0-9_]{1,96}$/);

export function signatureModeOf(secretKey: string): SignatureMode {
  return secretKey.startsWith('sk_live_') ? 'live' : 'test';
}

export function createPayMongoProvider(options: PayMongoOptions): PaymentProvider {
  const send = options.fetch ?? globalThis.fetch;
  const apiUrl = (options.apiUrl ?? PAYMONGO_API_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_PAYMONGO_TIMEOUT_MS;
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;
  const mode = signatureModeOf(options.secretKey);
  const webhookSecret = Buffer.from(options.webhookSecret, 'utf8');
  /** What may reach a log: never the keys, and no long digit runs (numbers, amounts are fine short). */
  const scrub = (text: string) =>
    text
      .slice(0, 300)
      .replaceAll(options.secretKey, '***')
      .replaceAll(options.webhookSecret, '***')
      .replaceAll(/\d{9,}/g, '***');

  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    let text: string;
    try {
      response = await send(`${apiUrl}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PaymentProviderError(
        'unavailable',
        timedOut
          ? `PayMongo did not answer ${method} ${path} within ${timeoutMs} ms`
          : `PayMongo could not be reached for ${method} ${path}: ${scrub(error instanceof Error ? error.message : String(error))}`,
      );
    }
    let json: unknown = undefined;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: reported below with the status.
    }
    if (response.ok) {
      if (json === undefined) {
        throw new PaymentProviderError('unavailable', `PayMongo answered ${path} with no JSON`);
      }
      return json;
    }
    const described = ZErrorBody.safeParse(json);
    const first = described.success ? described.data.errors[0] : undefined;
    const detail = scrub(first ? `${first.code ?? 'error'}: ${first.detail ?? ''}` : text);
    const message = `PayMongo answered ${response.status} to ${method} ${path}: ${detail}`;
    const status = response.status;
    if (status === 401 || status === 403) {
      throw new PaymentProviderError('misconfigured', message, first?.code);
    }
    if (status === 404) throw new PaymentProviderError('not_found', message, first?.code);
    if (status === 429 || status >= 500) {
      throw new PaymentProviderError('unavailable', message, first?.code);
    }
    throw new PaymentProviderError('rejected', message, first?.code);
  }

  function read<T extends z.ZodType>(schema: T, json: unknown, what: string): z.output<T> {
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new PaymentProviderError('unavailable', `PayMongo's ${what} reply could not be read`);
    }
    return parsed.data;
  }

  function pathId(id: string): string {
    if (!ZPathId.safeParse(id).success) {
      throw new PaymentProviderError('not_found', 'Not a PayMongo id');
    }
    return id;
  }

  async function retrieve(id: string): Promise<CheckoutSessionState> {
    const json = await request('GET', `/v1/checkout_sessions/${pathId(id)}`);
    return checkoutStateOf(read(dataOf(ZPayMongoCheckoutSession), json, 'checkout session').data);
  }

  return {
    name: 'paymongo',

    async createCheckoutSession(checkout) {
      const json = await request('POST', '/v1/checkout_sessions', {
        data: {
          attributes: {
            line_items: [
              {
                currency: checkout.currency,
                amount: checkout.amountCentavos,
                name: checkout.itemName,
                quantity: 1,
              },
            ],
            payment_method_types: [...checkout.methods],
            description: checkout.description,
            reference_number: checkout.reference,
            success_url: checkout.successUrl,
            cancel_url: checkout.cancelUrl,
            send_email_receipt: false,
            show_description: true,
            show_line_items: true,
            metadata: checkout.metadata,
          },
        },
      });
      const session = read(dataOf(ZPayMongoCheckoutSession), json, 'checkout session').data;
      const checkoutUrl = session.attributes.checkout_url;
      if (!checkoutUrl || !/^https:\/\//.test(checkoutUrl)) {
        throw new PaymentProviderError('unavailable', 'PayMongo gave no checkout_url');
      }
      return {
        id: session.id,
        checkoutUrl,
        paymentIntentId: session.attributes.payment_intent?.id ?? null,
      };
    },

    retrieveCheckoutSession: retrieve,

    async expireCheckoutSession(id) {
      try {
        const json = await request('POST', `/v1/checkout_sessions/${pathId(id)}/expire`);
        return checkoutStateOf(
          read(dataOf(ZPayMongoCheckoutSession), json, 'checkout session').data,
        );
      } catch (error) {
        // Already paid or already expired: PayMongo refuses to expire it; what it is now is the answer.
        if (error instanceof PaymentProviderError && error.kind === 'rejected') return retrieve(id);
        throw error;
      }
    },

    async refundPayment(refund) {
      const json = await request('POST', '/v1/refunds', {
        data: {
          attributes: {
            amount: refund.amountCentavos,
            payment_id: refund.paymentId,
            reason: refund.reason,
            ...(refund.notes ? { notes: refund.notes } : {}),
            metadata: refund.metadata,
          },
        },
      });
      const created = read(dataOf(ZPayMongoRefund), json, 'refund').data;
      return {
        id: created.id,
        amountCentavos: created.attributes.amount,
        status: created.attributes.status as RefundStatus,
      };
    },

    verifyWebhook(rawBody, signature, now) {
      return verifyPayMongoWebhook(
        rawBody,
        signature,
        webhookSecret,
        mode,
        now,
        options.signatureToleranceSeconds ?? DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
      );
    },
  };
}
