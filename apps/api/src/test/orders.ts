import { createSmsSender } from '../providers/sms/create-sms-sender';
import type { PaymentProvider } from '../providers/payments/payment-provider';
import { outboxWriter } from '../modules/sandbox/service';
import {
  afterPaymentSettled,
  onPaymentSettled,
  type OrdersDependencies,
} from '../modules/orders/service';
import type { Clock } from '../platform/clock';
import { paymentsKit, type PaymentsKit } from './payments';
import type { TestApp } from './test-app';

// The orders work's dependencies on the test app's database, clock, gateway and SMS outbox, built as
// app.ts builds them — for tests that call the orders service directly: the repair sweep, or a gateway
// that cannot be reached while the customer's call is answered.

export type OrdersKit = { orders: OrdersDependencies; kit: PaymentsKit };

/** `provider` wraps the local gateway (e.g. to make it unreachable for a while). */
export function ordersKit(
  testApp: TestApp,
  options: { clock: Clock; provider?: (gateway: PaymentProvider) => PaymentProvider },
): OrdersKit {
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const kit = paymentsKit(testApp, { clock: options.clock, retryDelaysMs: [] });
  const orders: OrdersDependencies = {
    db: testApp.database.db,
    clock: options.clock,
    payments: {
      ...kit.payments,
      provider: options.provider ? options.provider(kit.payments.provider) : kit.payments.provider,
      onPaymentSettled,
      afterPaymentSettled: (settlement) => afterPaymentSettled(orders, settlement),
    },
    operatorName: testApp.config.operatorName,
    sms: createSmsSender(
      testApp.config,
      outboxWriter(testApp.database.db, options.clock),
      testApp.app.log,
    ),
    log,
    resourceHoldMs: testApp.config.holds.resourceHoldMs,
    publicBaseUrl: 'http://localhost:3000',
  };
  return { orders, kit };
}
