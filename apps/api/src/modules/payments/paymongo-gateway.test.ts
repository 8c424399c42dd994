import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  FETCH_PAYMENT_SESSION_DATA_PATH,
  ZFetchPaymentSessionDataResponse,
} from '@konek/contract/fetch-payment-session-data';
import { DEFAULT_APPLICATION_ID } from '@konek/contract/constants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock, type TestClock } from '../../test/test-clock';
import { post, signUp, type Customer } from '../../test/accounts';
import { startFakePayMongo, type FakePayMongo } from '../../test/fake-paymongo';
import { checkoutResource, payMongoEvent, postWebhook, signed } from '../../test/payments';
import { loadAppSecrets } from '../../platform/auth/data-secrets';
import { createPaymentProvider } from '../../providers/payments/create-payment-provider';
import {
  localGatewayStore,
  paymentSession,
  refundPayment,
  startPayment,
  type PaymentSettlement,
  type PaymentsDependencies,
} from './service';

// ADR 038: switched to the real gateway by configuration (PAYMENT_PROVIDER=paymongo), the same module
// talks to PayMongo — here a fake PayMongo on a local port — and trusts only webhooks signed with
// PayMongo's webhook secret.

const SECRET_KEY = 'sk_test_konekSwitchTest';
const WEBHOOK_SECRET = 'whsk_konekSwitchTest';

let fake: FakePayMongo;
let clock: TestClock;
let testApp: TestApp;
let customer: Customer;
let payments: PaymentsDependencies;
const settlements: PaymentSettlement[] = [];
const onPaymentSettled = async (settlement: PaymentSettlement) => void settlements.push(settlement);

beforeAll(async () => {
  fake = await startFakePayMongo(SECRET_KEY);
  clock = createTestClock();
  testApp = await createTestApp(
    {
      paymentProvider: 'paymongo',
      paymongoSecretKey: SECRET_KEY,
      paymongoWebhookSecret: WEBHOOK_SECRET,
      paymongoApiUrl: fake.url,
      publicBaseUrl: 'https://konek.example',
    },
    { clock, onPaymentSettled },
  );
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const choice = createPaymentProvider(testApp.config, {
    store: localGatewayStore(testApp.database.db),
    clock,
    webhookSecret: loadAppSecrets(testApp.config).paymentWebhookSecret,
    deliver: async () => 0,
    log,
  });
  expect(choice.gateway).toBeUndefined();
  payments = {
    db: testApp.database.db,
    clock,
    provider: choice.provider,
    log,
    onPaymentSettled,
    sessionMinutes: testApp.config.paymentSessionMinutes,
    publicBaseUrl: 'https://konek.example',
  };
  customer = await signUp(testApp.app);
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});

const start = (orderRef: string) =>
  startPayment(payments, {
    accountId: customer.accountId,
    orderRef,
    amountCentavos: 69_900,
    paymentMethod: 4,
    returnUrls: { success: '/serviceability/payloading', cancel: '/serviceability/failed' },
    itemName: 'Konek Fiber Special Offer',
  });

it('creates the checkout at PayMongo with absolute return URLs, and is told by a PayMongo-signed webhook', async () => {
  const started = await start('order-pm-1');
  expect(started.checkoutUrl).toMatch(/^https:\/\/checkout\.paymongo\.test\/cs_/);
  const created = fake.requests.find((request) => request.path === '/v1/checkout_sessions');
  expect(created?.body).toMatchObject({
    data: {
      attributes: {
        line_items: [{ amount: 69_900, currency: 'PHP', quantity: 1 }],
        payment_method_types: ['shopee_pay'],
        reference_number: started.paymentSessionId,
        success_url: `https://konek.example/serviceability/payloading?payment_session_id=${started.paymentSessionId}`,
        cancel_url: `https://konek.example/serviceability/failed?payment_session_id=${started.paymentSessionId}`,
      },
    },
  });

  const checkoutId = started.checkoutUrl.split('/').at(-1)!;
  const { paymentId } = fake.pay(checkoutId);
  const body = payMongoEvent(
    'checkout_session.payment.paid',
    checkoutResource(checkoutId, { id: paymentId, amountCentavos: 69_900, method: 'shopee_pay' }),
  );
  // The local gateway's secret is not PayMongo's: refused.
  const localSecret = loadAppSecrets(testApp.config).paymentWebhookSecret;
  expect(
    (await postWebhook(testApp.app, body, signed(localSecret, body, clock.now()))).statusCode,
  ).toBe(401);
  const accepted = await postWebhook(testApp.app, body, signed(WEBHOOK_SECRET, body, clock.now()));
  expect(accepted.json()).toMatchObject({ outcome: 'applied' });

  const reply = await post(
    testApp.app,
    FETCH_PAYMENT_SESSION_DATA_PATH,
    { payment_session_id: started.paymentSessionId, application_id: DEFAULT_APPLICATION_ID },
    customer.token,
  );
  expect(ZFetchPaymentSessionDataResponse.parse(reply.json()).payment_session).toMatchObject({
    status: 'paid',
    amount: 699,
    payment_method: 4,
    payment_method_id: 'ShopeePay',
  });
  expect(settlements).toMatchObject([{ status: 'paid', paymentMethod: 4 }]);

  const refund = await refundPayment(payments, { orderRef: 'order-pm-1' });
  expect(refund).toMatchObject({ amountCentavos: 69_900, status: 'pending', remainingCentavos: 0 });
  expect(fake.requests.at(-1)).toMatchObject({ path: '/v1/refunds' });
  expect((await paymentSession(payments, started.paymentSessionId))?.status).toBe('refunded');
});

it('closes a PayMongo checkout whose time ran out (PayMongo sends no expiry webhook)', async () => {
  const started = await start('order-pm-2');
  clock.advance(testApp.config.paymentSessionMinutes * 60_000);
  expect(await paymentSession(payments, started.paymentSessionId)).toMatchObject({
    status: 'expired',
  });
  const checkoutId = started.checkoutUrl.split('/').at(-1)!;
  expect(fake.requests.at(-1)).toMatchObject({
    method: 'POST',
    path: `/v1/checkout_sessions/${checkoutId}/expire`,
  });
});

it('serves no sandbox checkout page with PayMongo', async () => {
  const reply = await testApp.app.inject({ method: 'GET', url: '/sandbox/checkout/cs_abc' });
  expect(reply.statusCode).toBe(404);
});
