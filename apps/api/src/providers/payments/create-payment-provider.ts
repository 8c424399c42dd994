import type { AppConfig } from '../../platform/config';
import {
  createLocalGateway,
  type LocalGateway,
  type LocalGatewayStore,
  type WebhookDelivery,
} from './local-gateway';
import type { PaymentProvider } from './payment-provider';
import { createPayMongoProvider } from './paymongo-provider';

export type PaymentProviderChoice = {
  provider: PaymentProvider;
  /** The local gateway when it is the provider: the sandbox checkout page drives it. */
  gateway: LocalGateway | undefined;
};

/**
 * The payment gateway chosen by configuration (PAYMENT_PROVIDER, ADR 038): PayMongo with its keys, or
 * the local gateway, which keeps its state in the sandbox tables (the store handed in), signs with the
 * generated webhook secret and delivers its webhooks to Konek's endpoint.
 */
export function createPaymentProvider(
  config: Pick<
    AppConfig,
    | 'paymentProvider'
    | 'paymongoSecretKey'
    | 'paymongoWebhookSecret'
    | 'paymongoApiUrl'
    | 'paymongoTimeoutMs'
    | 'paymentWebhookToleranceSeconds'
  >,
  local: {
    store: LocalGatewayStore;
    clock: { now(): Date };
    webhookSecret: Buffer;
    deliver: WebhookDelivery;
    log: { warn: (object: object, message: string) => void };
    retryDelaysMs?: readonly number[];
  },
): PaymentProviderChoice {
  if (config.paymentProvider === 'paymongo') {
    if (!config.paymongoSecretKey || !config.paymongoWebhookSecret) {
      throw new Error(
        'PAYMENT_PROVIDER=paymongo needs PAYMONGO_SECRET_KEY and PAYMONGO_WEBHOOK_SECRET',
      );
    }
    return {
      provider: createPayMongoProvider({
        secretKey: config.paymongoSecretKey,
        webhookSecret: config.paymongoWebhookSecret,
        apiUrl: config.paymongoApiUrl,
        timeoutMs: config.paymongoTimeoutMs,
        signatureToleranceSeconds: config.paymentWebhookToleranceSeconds,
      }),
      gateway: undefined,
    };
  }
  const gateway = createLocalGateway({
    ...local,
    signatureToleranceSeconds: config.paymentWebhookToleranceSeconds,
  });
  return { provider: gateway, gateway };
}
