import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  GET_AVAILABLE_TIME_SLOTS_PATH,
  RESERVE_APPOINTMENT_PATH,
} from '@konek/contract/appointments';
import { CANCEL_ORDER_PATH, CREATE_ORDER_PATH, ORDER_STATES } from '@konek/contract/orders';
import { GET_RESOURCE_PATH } from '@konek/contract/resource';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock, type TestClock } from '../../test/test-clock';
import { post, type Customer } from '../../test/accounts';
import { quickCustomers } from '../../test/customers';
import { startFakePayMongo, type FakePayMongo } from '../../test/fake-paymongo';
import { barangayDetail, buildingParts, LAS_PINAS, withReservedNetwork } from '../../test/journey';
import { checkoutResource, payMongoEvent, postWebhook, signed } from '../../test/payments';

// ADR 039 with the PayMongo adapter (ADR 038) against the fake PayMongo: the order's server price is what
// the checkout asks, in centavos with Basic auth; PayMongo's signed webhook pays the order; cancelling the
// paid order refunds it at PayMongo before the place and the port go back.

const SECRET_KEY = 'sk_test_konekOrdersTest';
const WEBHOOK_SECRET = 'whsk_konekOrdersTest';

let fake: FakePayMongo;
let clock: TestClock;
let testApp: TestApp;
let customer: Customer;

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
    { clock },
  );
  const almanzaUno = await barangayDetail(testApp.app, LAS_PINAS.code, 'Almanza Uno');
  const unit = await buildingParts(testApp.app, almanzaUno, LAS_PINAS, 'Yakal Heights');
  customer = (await quickCustomers(testApp, 1, clock))[0]!;
  await withReservedNetwork(testApp.app, [customer], unit);
}, 120_000);

afterAll(async () => {
  await testApp?.close();
  await fake?.close();
});

it('pays an order through PayMongo and refunds it there when the paid order is cancelled', async () => {
  const target = { target_id: customer.accountId, target_type: 2 };
  const resource = (await post(testApp.app, GET_RESOURCE_PATH, target, customer.token)).json()
    .resource;
  const slots = (
    await post(testApp.app, GET_AVAILABLE_TIME_SLOTS_PATH, target, customer.token)
  ).json().time_slots as Record<string, { start_time: string; end_time: string }>;
  const [slotId, times] = Object.entries(slots)[0]!;
  const booked = await post(
    testApp.app,
    RESERVE_APPOINTMENT_PATH,
    { ...target, time_slot: { id: slotId, ...times } },
    customer.token,
  );
  const created = await post(
    testApp.app,
    CREATE_ORDER_PATH,
    {
      ...target,
      unified_fiber_creation: true,
      external_order_id: resource.external_order_id,
      external_order_action_id: resource.external_order_action_id,
      appointment_id: booked.json().appointment.appointment_id,
      entity_ids: [{ id: 'konek-prepaid-50', type: 'offer', quantity: 1 }],
      payment_method: 3,
      voucher_codes: ['KONEK10'],
      amount: 100,
    },
    customer.token,
  );
  expect(created.statusCode, created.body).toBe(200);
  const { order, checkout_url: checkoutUrl } = created.json();
  expect(checkoutUrl).toMatch(/^https:\/\/checkout\.paymongo\.test\/cs_/);
  const request = fake.requests.find((entry) => entry.path === '/v1/checkout_sessions');
  expect(request?.headers.authorization).toBe(
    `Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`,
  );
  expect(request?.body).toMatchObject({
    data: {
      attributes: {
        line_items: [{ amount: order.amount_centavos, currency: 'PHP', quantity: 1 }],
        payment_method_types: ['paymaya'],
      },
    },
  });
  expect(order.amount_centavos).toBe(order.total_price.sub_total_centavos);
  expect(order.total_price.discount[0].amount_centavos).toBeGreaterThan(0);

  const checkoutId = (checkoutUrl as string).split('/').at(-1)!;
  const { paymentId } = fake.pay(checkoutId);
  const body = payMongoEvent(
    'checkout_session.payment.paid',
    checkoutResource(checkoutId, {
      id: paymentId,
      amountCentavos: order.amount_centavos,
      method: 'paymaya',
    }),
  );
  const webhook = await postWebhook(testApp.app, body, signed(WEBHOOK_SECRET, body, clock.now()));
  expect(webhook.json()).toMatchObject({ outcome: 'applied' });

  const cancelled = await post(
    testApp.app,
    CANCEL_ORDER_PATH,
    { ...target, order_id: order.order_id },
    customer.token,
  );
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  expect(cancelled.json().order.state).toBe(ORDER_STATES.refunded);
  expect(cancelled.json().order.changes.map((change: { state: number }) => change.state)).toEqual([
    ORDER_STATES.awaiting_payment,
    ORDER_STATES.paid,
    ORDER_STATES.refunded,
  ]);
  const refund = fake.requests.find((entry) => entry.path === '/v1/refunds');
  expect(refund?.body).toMatchObject({
    data: { attributes: { amount: order.amount_centavos, payment_id: paymentId } },
  });
});
