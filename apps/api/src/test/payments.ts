import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadAppSecrets } from '../platform/auth/data-secrets';
import type { Clock } from '../platform/clock';
import { systemClock } from '../platform/clock';
import {
  localGatewayStore,
  startPayment,
  type PaymentSettledObserver,
  type PaymentsDependencies,
  type StartPaymentRequest,
  type StartedPayment,
} from '../modules/payments/service';
import { PAYMENT_WEBHOOK_PATH } from '../modules/payments/routes';
import { createPaymentProvider } from '../providers/payments/create-payment-provider';
import type { LocalGateway, WebhookDelivery } from '../providers/payments/local-gateway';
import { SIGNATURE_HEADER, signatureHeader } from '../providers/payments/paymongo-signature';
import type { TestApp } from './test-app';

// Helpers for payment tests. Until the orders work exists, a test starts a payment the way it will:
// through the payments service, with dependencies built as app.ts builds them, on the test app's database,
// clock and webhook secret — so the app's own webhook route, listener and sandbox page see the same state.

export type PaymentsKit = {
  payments: PaymentsDependencies;
  /** The local gateway (the same tables and secret as the app's). */
  gateway: LocalGateway;
  /** DATA_DIR/secrets/payment-webhook-secret. */
  secret: Buffer;
  start: (request: Partial<StartPaymentRequest> & { accountId: string }) => Promise<StartedPayment>;
};

/** The test app's own HTTP handling, as app.ts delivers the local gateway's webhooks. */
export function deliverTo(app: FastifyInstance): WebhookDelivery {
  return async (rawBody, headers) =>
    (await app.inject({ method: 'POST', url: PAYMENT_WEBHOOK_PATH, payload: rawBody, headers }))
      .statusCode;
}

export function paymentsKit(
  testApp: TestApp,
  options: {
    clock?: Clock;
    deliver?: WebhookDelivery;
    retryDelaysMs?: number[];
    /** The same listener the test app was given, so a change made here is told as the app tells it. */
    onPaymentSettled?: PaymentSettledObserver;
  } = {},
): PaymentsKit {
  const clock = options.clock ?? systemClock;
  const secret = loadAppSecrets(testApp.config).paymentWebhookSecret;
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const choice = createPaymentProvider(testApp.config, {
    store: localGatewayStore(testApp.database.db),
    clock,
    webhookSecret: secret,
    deliver: options.deliver ?? deliverTo(testApp.app),
    log,
    retryDelaysMs: options.retryDelaysMs ?? [5, 5],
  });
  if (!choice.gateway) throw new Error('the payments kit needs the local gateway');
  const payments: PaymentsDependencies = {
    db: testApp.database.db,
    clock,
    provider: choice.provider,
    log,
    onPaymentSettled: async (settlement, tx) => {
      await options.onPaymentSettled?.(settlement, tx);
      return undefined;
    },
    sessionMinutes: testApp.config.paymentSessionMinutes,
    publicBaseUrl: testApp.config.publicBaseUrl ?? '',
  };
  return {
    payments,
    gateway: choice.gateway,
    secret,
    start: (request) =>
      startPayment(payments, {
        orderRef: `order-${crypto.randomBytes(6).toString('hex')}`,
        amountCentavos: 149_900,
        paymentMethod: 1,
        returnUrls: { success: '/serviceability/payloading', cancel: '/serviceability/payloading' },
        itemName: 'Konek Fiber 50 Mbps',
        ...request,
      }),
  };
}

/** The checkout id (cs_…) in a local checkout URL. */
export function checkoutIdOf(checkoutUrl: string): string {
  const id = /\/sandbox\/checkout\/(cs_[A-Za-z0-9_]+)$/.exec(checkoutUrl)?.[1];
  if (!id) throw new Error(`not a sandbox checkout URL: ${checkoutUrl}`);
  return id;
}

/** A PayMongo event body, as the gateway posts it. */
export function payMongoEvent(
  type: string,
  data: object,
  options: { id?: string; livemode?: boolean; at?: Date } = {},
): string {
  const at = Math.floor((options.at ?? new Date()).getTime() / 1000);
  return JSON.stringify({
    data: {
      id: options.id ?? `evt_${crypto.randomBytes(12).toString('hex')}`,
      type: 'event',
      attributes: {
        type,
        livemode: options.livemode ?? false,
        data,
        previous_data: {},
        created_at: at,
        updated_at: at,
      },
    },
  });
}

/** A checkout_session resource, paid with one payment when `paymentId` is given. */
export function checkoutResource(
  checkoutId: string,
  payment?: { id: string; amountCentavos: number; method?: string },
) {
  return {
    id: checkoutId,
    type: 'checkout_session',
    attributes: {
      status: 'active',
      payment_method_used: payment?.method ?? null,
      payments: payment
        ? [
            {
              id: payment.id,
              type: 'payment',
              attributes: {
                amount: payment.amountCentavos,
                currency: 'PHP',
                status: 'paid',
                paid_at: Math.floor(Date.now() / 1000),
                source: { type: payment.method ?? 'gcash' },
              },
            },
          ]
        : [],
    },
  };
}

/** A payment resource that failed, for the intent of a checkout. */
export function failedPaymentResource(paymentIntentId: string, failedCode = 'insufficient_funds') {
  return {
    id: `pay_${crypto.randomBytes(12).toString('hex')}`,
    type: 'payment',
    attributes: {
      amount: 149_900,
      currency: 'PHP',
      status: 'failed',
      failed_code: failedCode,
      payment_intent_id: paymentIntentId,
    },
  };
}

/** Posts a webhook body with a signature header (none when undefined). */
export function postWebhook(
  app: FastifyInstance,
  rawBody: string,
  signature: string | undefined,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: PAYMENT_WEBHOOK_PATH,
    payload: rawBody,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { [SIGNATURE_HEADER]: signature }),
    },
  });
}

/** The Paymongo-Signature the local gateway would send for this body now (test mode). */
export function signed(secret: Buffer | string, rawBody: string, at = new Date()): string {
  return signatureHeader(secret, rawBody, Math.floor(at.getTime() / 1000), 'test');
}
