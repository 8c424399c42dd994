import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakePayMongo, type FakePayMongo } from '../../test/fake-paymongo';
import { PaymentProviderError, type PaymentProvider } from './payment-provider';
import { createPayMongoProvider, signatureModeOf } from './paymongo-provider';
import { signatureHeader } from './paymongo-signature';

// ADR 038: the PayMongo adapter against a fake PayMongo the test starts: what it sends (path, Basic auth,
// JSON:API body, amounts in centavos), what it reads back, and how each failure maps.

const SECRET_KEY = 'sk_test_5ecretKeyForTheFake';
const WEBHOOK_SECRET = 'whsk_fakeWebhookSecret';

let fake: FakePayMongo;
let paymongo: PaymentProvider;

beforeAll(async () => {
  fake = await startFakePayMongo(SECRET_KEY);
  paymongo = createPayMongoProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: `${fake.url}/`,
    timeoutMs: 300,
  });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
});

const checkoutRequest = {
  reference: '5c1e8f3a-0000-4000-8000-000000000001',
  amountCentavos: 149_950,
  currency: 'PHP' as const,
  itemName: 'Konek Fiber 50 Mbps',
  description: 'Prepaid home fibre, first month',
  methods: ['grab_pay' as const],
  successUrl: 'https://konek.example/serviceability/payloading?payment_session_id=x',
  cancelUrl: 'https://konek.example/serviceability/failed?payment_session_id=x',
  metadata: { payment_session_id: 'x', order_ref: 'order-1' },
  expiresAt: new Date(Date.now() + 30 * 60_000),
};

async function failureOf(promise: Promise<unknown>): Promise<PaymentProviderError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PaymentProviderError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('creating a checkout session', () => {
  it('posts the JSON:API body with Basic auth of the secret key and amounts in centavos', async () => {
    const created = await paymongo.createCheckoutSession(checkoutRequest);
    expect(created.id).toMatch(/^cs_/);
    expect(created.checkoutUrl).toBe(`https://checkout.paymongo.test/${created.id}`);
    expect(created.paymentIntentId).toMatch(/^pi_/);
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/checkout_sessions' });
    expect(request!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`,
    );
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toEqual({
      data: {
        attributes: {
          line_items: [
            { currency: 'PHP', amount: 149_950, name: 'Konek Fiber 50 Mbps', quantity: 1 },
          ],
          payment_method_types: ['grab_pay'],
          description: 'Prepaid home fibre, first month',
          reference_number: checkoutRequest.reference,
          success_url: checkoutRequest.successUrl,
          cancel_url: checkoutRequest.cancelUrl,
          send_email_receipt: false,
          show_description: true,
          show_line_items: true,
          metadata: checkoutRequest.metadata,
        },
      },
    });
    expect(
      Number.isInteger(
        (request!.body as { data: { attributes: { line_items: { amount: number }[] } } }).data
          .attributes.line_items[0]!.amount,
      ),
    ).toBe(true);
  });

  it('reads a checkout back: active, then paid with the payment in centavos', async () => {
    const created = await paymongo.createCheckoutSession(checkoutRequest);
    expect(await paymongo.retrieveCheckoutSession(created.id)).toEqual({ state: 'active' });
    const { paymentId } = fake.pay(created.id);
    expect(await paymongo.retrieveCheckoutSession(created.id)).toEqual({
      state: 'paid',
      payment: {
        id: paymentId,
        amountCentavos: 149_950,
        currency: 'PHP',
        method: 'grab_pay',
        paidAt: expect.any(Date),
      },
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/checkout_sessions/${created.id}`,
    });
  });

  it('expires a checkout, and answers paid when PayMongo refuses because it was paid', async () => {
    const open = await paymongo.createCheckoutSession(checkoutRequest);
    expect(await paymongo.expireCheckoutSession(open.id)).toEqual({ state: 'expired' });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/checkout_sessions/${open.id}/expire`,
    });
    const paid = await paymongo.createCheckoutSession(checkoutRequest);
    fake.pay(paid.id);
    expect((await paymongo.expireCheckoutSession(paid.id)).state).toBe('paid');
  });
});

describe('refunds', () => {
  it('posts the amount in centavos, the payment and the reason; refuses more than is left', async () => {
    const created = await paymongo.createCheckoutSession(checkoutRequest);
    const { paymentId } = fake.pay(created.id);
    const refund = await paymongo.refundPayment({
      paymentId,
      amountCentavos: 50_000,
      reason: 'requested_by_customer',
      notes: 'order cancelled',
      metadata: { order_ref: 'order-1' },
    });
    expect(refund).toEqual({
      id: expect.stringMatching(/^ref_/),
      amountCentavos: 50_000,
      status: 'pending',
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/refunds',
      body: {
        data: {
          attributes: {
            amount: 50_000,
            payment_id: paymentId,
            reason: 'requested_by_customer',
            notes: 'order cancelled',
            metadata: { order_ref: 'order-1' },
          },
        },
      },
    });
    const tooMuch = await failureOf(
      paymongo.refundPayment({
        paymentId,
        amountCentavos: 100_000,
        reason: 'requested_by_customer',
        metadata: {},
      }),
    );
    expect(tooMuch).toMatchObject({ kind: 'rejected', providerCode: 'parameter_above_maximum' });
  });
});

describe('error mapping', () => {
  it.each([
    [
      400,
      '{"errors":[{"code":"parameter_invalid","detail":"amount is invalid"}]}',
      'rejected',
      'parameter_invalid',
    ],
    [
      401,
      '{"errors":[{"code":"authentication_failed","detail":"bad key"}]}',
      'misconfigured',
      'authentication_failed',
    ],
    [403, '{"errors":[{"code":"forbidden","detail":"no"}]}', 'misconfigured', 'forbidden'],
    [
      404,
      '{"errors":[{"code":"resource_not_found","detail":"none"}]}',
      'not_found',
      'resource_not_found',
    ],
    [
      429,
      '{"errors":[{"code":"too_many_requests","detail":"slow down"}]}',
      'unavailable',
      'too_many_requests',
    ],
    [500, '{"errors":[{"code":"internal","detail":"oops"}]}', 'unavailable', 'internal'],
    [502, '<html>Bad gateway</html>', 'unavailable', undefined],
    [200, 'not json', 'unavailable', undefined],
    [200, '{"data":{"id":"nope"}}', 'unavailable', undefined],
  ] as const)('maps %d %s to %s', async (status, body, kind, providerCode) => {
    fake.override({ status, body });
    const failure = await failureOf(paymongo.createCheckoutSession(checkoutRequest));
    expect(failure.kind).toBe(kind);
    expect(failure.providerCode).toBe(providerCode);
  });

  it('answers misconfigured for a wrong secret key, and never repeats a key in a message', async () => {
    const wrong = createPayMongoProvider({
      secretKey: 'sk_test_wrongKey123',
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: fake.url,
    });
    const failure = await failureOf(wrong.createCheckoutSession(checkoutRequest));
    expect(failure.kind).toBe('misconfigured');
    fake.override({
      status: 400,
      body: JSON.stringify({
        errors: [{ code: 'parameter_invalid', detail: `key ${SECRET_KEY} and ${WEBHOOK_SECRET}` }],
      }),
    });
    const echoed = await failureOf(paymongo.createCheckoutSession(checkoutRequest));
    expect(echoed.message).not.toContain(SECRET_KEY);
    expect(echoed.message).not.toContain(WEBHOOK_SECRET);
  });

  it('gives up after the timeout when PayMongo does not answer', async () => {
    fake.override({ status: 200, body: '{}', delayMs: 2000 });
    const started = Date.now();
    const failure = await failureOf(paymongo.retrieveCheckoutSession('cs_slow'));
    expect(failure.kind).toBe('unavailable');
    expect(failure.message).toMatch(/did not answer .* within 300 ms/);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('answers unavailable when nothing listens', async () => {
    const nowhere = createPayMongoProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: 'http://127.0.0.1:9',
      timeoutMs: 1000,
    });
    expect((await failureOf(nowhere.retrieveCheckoutSession('cs_x'))).kind).toBe('unavailable');
  });

  it('never puts something else than an id in a path', async () => {
    const failure = await failureOf(paymongo.retrieveCheckoutSession('../v1/refunds'));
    expect(failure.kind).toBe('not_found');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('webhooks', () => {
  const event = (livemode: boolean) =>
    JSON.stringify({
      data: {
        id: 'evt_1',
        type: 'event',
        attributes: { type: 'payment.paid', livemode, data: {}, created_at: 1 },
      },
    });

  it('checks te with a test key and li with a live key', () => {
    expect(signatureModeOf(SECRET_KEY)).toBe('test');
    expect(signatureModeOf('sk_live_abc')).toBe('live');
    const now = new Date();
    const unix = Math.floor(now.getTime() / 1000);
    const test = event(false);
    expect(
      paymongo.verifyWebhook(test, signatureHeader(WEBHOOK_SECRET, test, unix, 'test'), now),
    ).toMatchObject({ ok: true, event: { type: 'other', eventType: 'payment.paid' } });
    const live = createPayMongoProvider({
      secretKey: 'sk_live_abc',
      webhookSecret: WEBHOOK_SECRET,
    });
    const liveBody = event(true);
    expect(
      live.verifyWebhook(liveBody, signatureHeader(WEBHOOK_SECRET, liveBody, unix, 'live'), now),
    ).toMatchObject({ ok: true });
    expect(
      live.verifyWebhook(liveBody, signatureHeader(WEBHOOK_SECRET, liveBody, unix, 'test'), now),
    ).toEqual({ ok: false, reason: 'mismatch' });
  });
});
