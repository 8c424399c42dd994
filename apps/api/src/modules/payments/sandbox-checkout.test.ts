import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FETCH_PAYMENT_SESSION_DATA_PATH } from '@konek/contract/fetch-payment-session-data';
import { DEFAULT_APPLICATION_ID } from '@konek/contract/constants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock, type TestClock } from '../../test/test-clock';
import { post, signUp, type Customer } from '../../test/accounts';
import { checkoutIdOf, paymentsKit, type PaymentsKit } from '../../test/payments';
import { paymentSession, type PaymentSettlement } from './service';

// ADR 038, ADR 019: the local gateway's checkout page. Each choice on it tells Konek by a webhook signed
// exactly as PayMongo signs (checked here against the secret in the data directory) and sends the
// browser back; only the machine itself may use it.

let clock: TestClock;
let testApp: TestApp;
let kit: PaymentsKit;
let customer: Customer;
const settlements: PaymentSettlement[] = [];
let listenerFails = false;

beforeAll(async () => {
  clock = createTestClock();
  testApp = await createTestApp(
    {},
    {
      clock,
      onPaymentSettled: async (settlement) => {
        if (listenerFails) throw new Error('the orders work is down');
        settlements.push(settlement);
      },
    },
  );
  kit = paymentsKit(testApp, { clock });
});
afterAll(() => testApp.close());
beforeEach(async () => {
  settlements.length = 0;
  listenerFails = false;
  // Signed in afresh: some tests move the clock past a token's life.
  customer = await signUp(testApp.app);
});

const openPage = (checkoutId: string, remoteAddress = '127.0.0.1') =>
  testApp.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkoutId}`, remoteAddress });

const choose = (checkoutId: string, action: string, remoteAddress = '127.0.0.1') =>
  testApp.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${checkoutId}`,
    payload: `action=${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress,
  });

async function fetchSession(paymentSessionId: string) {
  const reply = await post(
    testApp.app,
    FETCH_PAYMENT_SESSION_DATA_PATH,
    { payment_session_id: paymentSessionId, application_id: DEFAULT_APPLICATION_ID },
    customer.token,
  );
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().payment_session;
}

/** The one webhook the checkout sent, checked against the data directory's secret as Konek checks it. */
async function onlyDelivery(checkoutId: string) {
  const deliveries = await kit.gateway.deliveries(checkoutId);
  expect(deliveries).toHaveLength(1);
  const delivery = deliveries[0]!;
  expect(delivery.lastStatus).toBe(200);
  expect(delivery.deliveredAt).not.toBeNull();
  const match = /^t=(\d+),te=([0-9a-f]{64}),li=$/.exec(delivery.lastSignature ?? '');
  expect(match, delivery.lastSignature ?? '').not.toBeNull();
  const [, t, te] = match!;
  const expected = crypto
    .createHmac('sha256', kit.secret)
    .update(`${t}.${delivery.body}`)
    .digest('hex');
  expect(te).toBe(expected);
  expect(Math.abs(Number(t) - clock.now().getTime() / 1000)).toBeLessThan(5);
  return JSON.parse(delivery.body).data;
}

describe('the checkout page', () => {
  it('looks like the chosen wallet’s authorization page, for merchant Konek, in PHP', async () => {
    const started = await kit.start({ accountId: customer.accountId, amountCentavos: 123_456_789 });
    const page = await openPage(checkoutIdOf(started.checkoutUrl));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<body class="wallet-gcash">');
    expect(page.body).toContain('<span class="wordmark">GCash</span>');
    // One level-one heading names the page, as a wallet's page has (ADR 084).
    expect(page.body.match(/<h1[ >]/g)).toHaveLength(1);
    expect(page.body).toMatch(/<h1[^>]*>Authorize payment<\/h1>/);
    expect(page.body).toContain('<strong>Konek</strong>');
    expect(page.body).toContain('<span class="currency">PHP</span>1,234,567.89');
    expect(page.body).toContain('>Pay PHP 1,234,567.89</button>');
    expect(page.body).toContain('<dt>Pay with</dt><dd>GCash wallet</dd>');
    expect(page.body).toContain('Konek Fiber 50 Mbps');
    for (const action of ['authorize', 'cancel', 'decline', 'expire']) {
      expect(page.body).toContain(`name="action" value="${action}"`);
    }
    expect(page.body).not.toMatch(/<script>/);
  });

  it.each([
    [2, 'wallet-grabpay', 'GrabPay'],
    [3, 'wallet-maya', 'Maya'],
    [4, 'wallet-shopeepay', 'ShopeePay'],
  ])('wears the wallet of payment method %d', async (paymentMethod, className, name) => {
    const started = await kit.start({ accountId: customer.accountId, paymentMethod });
    const page = await openPage(checkoutIdOf(started.checkoutUrl));
    expect(page.body).toContain(`<body class="${className}">`);
    expect(page.body).toContain(`<span class="wordmark">${name}</span>`);
    expect(page.body).toContain('<span class="currency">PHP</span>1,499.00');
  });

  it('escapes what it shows', async () => {
    const started = await kit.start({
      accountId: customer.accountId,
      itemName: '<img src=x onerror=alert(1)> & "plan"',
    });
    const page = await openPage(checkoutIdOf(started.checkoutUrl));
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;plan&quot;');
    expect(page.body).not.toContain('<img');
  });

  it('answers an unknown checkout with a page that says so', async () => {
    const page = await openPage('cs_doesnotexist');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Checkout not found');
  });
});

describe('each choice sends the right signed webhook and goes back to Konek', () => {
  it('authorize: checkout_session.payment.paid, back to the success URL, paid', async () => {
    const started = await kit.start({ accountId: customer.accountId });
    const checkoutId = checkoutIdOf(started.checkoutUrl);
    const reply = await choose(checkoutId, 'authorize');
    expect(reply.statusCode).toBe(303);
    expect(reply.headers.location).toBe(
      `/serviceability/payloading?payment_session_id=${started.paymentSessionId}`,
    );
    const event = await onlyDelivery(checkoutId);
    expect(event.attributes.type).toBe('checkout_session.payment.paid');
    expect(event.attributes.livemode).toBe(false);
    expect(event.attributes.data.id).toBe(checkoutId);
    expect(event.attributes.data.attributes.payments[0].attributes).toMatchObject({
      amount: 149_900,
      currency: 'PHP',
      status: 'paid',
    });
    expect(await fetchSession(started.paymentSessionId)).toMatchObject({
      status: 'paid',
      failure: null,
      checkout_url: null,
    });
    expect(settlements.map((settlement) => settlement.status)).toEqual(['paid']);
  });

  it('decline: payment.failed for insufficient funds, back to the cancel URL, failed (order code 4)', async () => {
    const started = await kit.start({
      accountId: customer.accountId,
      returnUrls: { success: '/serviceability/payloading', cancel: '/serviceability/failed' },
    });
    const checkoutId = checkoutIdOf(started.checkoutUrl);
    const reply = await choose(checkoutId, 'decline');
    expect(reply.statusCode).toBe(303);
    expect(reply.headers.location).toBe(
      `/serviceability/failed?payment_session_id=${started.paymentSessionId}`,
    );
    const event = await onlyDelivery(checkoutId);
    expect(event.attributes.type).toBe('payment.failed');
    expect(event.attributes.data.attributes).toMatchObject({
      status: 'failed',
      failed_code: 'insufficient_funds',
    });
    expect(await fetchSession(started.paymentSessionId)).toMatchObject({
      status: 'failed',
      failure: {
        reason: 'insufficient_funds',
        module: 'order',
        code: 4,
        name: 'INSUFFICIENT_FUNDS',
      },
    });
  });

  it('cancel: checkout_session.cancelled, back to the cancel URL, cancelled', async () => {
    const started = await kit.start({ accountId: customer.accountId });
    const checkoutId = checkoutIdOf(started.checkoutUrl);
    const reply = await choose(checkoutId, 'cancel');
    expect(reply.statusCode).toBe(303);
    expect(reply.headers.location).toContain(`payment_session_id=${started.paymentSessionId}`);
    expect((await onlyDelivery(checkoutId)).attributes.type).toBe('checkout_session.cancelled');
    expect(await fetchSession(started.paymentSessionId)).toMatchObject({
      status: 'cancelled',
      failure: { reason: 'cancelled', module: 'payment', name: 'PAYMENT_CANCELLED' },
    });
    const page = await openPage(checkoutId);
    expect(page.body).toContain('Payment cancelled');
  });

  it('expire now: checkout_session.expired, back to the cancel URL, expired', async () => {
    const started = await kit.start({ accountId: customer.accountId });
    const checkoutId = checkoutIdOf(started.checkoutUrl);
    const reply = await choose(checkoutId, 'expire');
    expect(reply.statusCode).toBe(303);
    expect((await onlyDelivery(checkoutId)).attributes.type).toBe('checkout_session.expired');
    expect(await fetchSession(started.paymentSessionId)).toMatchObject({
      status: 'expired',
      failure: { reason: 'expired', name: 'PAYMENT_EXPIRED' },
    });
  });

  it('expires by time: the page of a checkout whose time ran out says so and tells Konek', async () => {
    const started = await kit.start({ accountId: customer.accountId });
    const checkoutId = checkoutIdOf(started.checkoutUrl);
    clock.advance(testApp.config.paymentSessionMinutes * 60_000 + 1000);
    const page = await openPage(checkoutId);
    expect(page.body).toContain('This payment request has expired');
    expect((await onlyDelivery(checkoutId)).attributes.type).toBe('checkout_session.expired');
    expect(settlements.map((settlement) => settlement.status)).toEqual(['expired']);
    // Too late to pay: the choice goes back to Konek without a payment.
    const reply = await choose(checkoutId, 'authorize');
    expect(reply.statusCode).toBe(303);
    expect(await kit.gateway.deliveries(checkoutId)).toHaveLength(1);
    // (The customer's token has run out with the clock; the orders work's view says the same.)
    expect((await paymentSession(kit.payments, started.paymentSessionId))?.status).toBe('expired');
  });

  it('expires by time with nobody looking: the sweep tells Konek', async () => {
    const started = await kit.start({ accountId: customer.accountId });
    const checkoutId = checkoutIdOf(started.checkoutUrl);
    clock.advance(testApp.config.paymentSessionMinutes * 60_000 + 1000);
    expect(await kit.gateway.expireDue()).toBeGreaterThanOrEqual(1);
    expect((await onlyDelivery(checkoutId)).attributes.type).toBe('checkout_session.expired');
    expect(settlements.map((settlement) => settlement.paymentSessionId)).toContain(
      started.paymentSessionId,
    );
  });

  it('pays once on a double click: the second goes back to the success URL, nothing sent again', async () => {
    const started = await kit.start({ accountId: customer.accountId });
    const checkoutId = checkoutIdOf(started.checkoutUrl);
    const [first, second] = await Promise.all([
      choose(checkoutId, 'authorize'),
      choose(checkoutId, 'authorize'),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([303, 303]);
    expect(first.headers.location).toBe(second.headers.location);
    await onlyDelivery(checkoutId);
    expect(settlements).toHaveLength(1);
  });
});

describe('when Konek does not take the webhook', () => {
  it('says so, keeps it, and delivers it on "send again"', async () => {
    const started = await kit.start({ accountId: customer.accountId });
    const checkoutId = checkoutIdOf(started.checkoutUrl);
    listenerFails = true;
    const reply = await choose(checkoutId, 'authorize');
    expect(reply.statusCode).toBe(502);
    expect(reply.body).toContain('Konek was not notified');
    expect(reply.body).toContain('answered HTTP 500');
    const [delivery] = await kit.gateway.deliveries(checkoutId);
    expect(delivery).toMatchObject({ attempts: 3, lastStatus: 500, deliveredAt: null });

    listenerFails = false;
    const resent = await choose(checkoutId, 'resend');
    expect(resent.statusCode).toBe(303);
    expect(resent.headers.location).toContain('/serviceability/payloading');
    expect(await onlyDelivery(checkoutId)).toBeDefined();
    expect(settlements.map((settlement) => settlement.status)).toEqual(['paid']);
  });

  it('retries in the background too, as PayMongo does', async () => {
    const started = await kit.start({ accountId: customer.accountId });
    const checkoutId = checkoutIdOf(started.checkoutUrl);
    listenerFails = true;
    expect((await choose(checkoutId, 'authorize')).statusCode).toBe(502);
    listenerFails = false;
    expect(await kit.gateway.redeliver()).toBeGreaterThanOrEqual(1);
    expect((await fetchSession(started.paymentSessionId)).status).toBe('paid');
  });
});

describe('only for the machine itself (ADR 019)', () => {
  it('answers another machine as if the page did not exist, and does nothing for it', async () => {
    const started = await kit.start({ accountId: customer.accountId });
    const checkoutId = checkoutIdOf(started.checkoutUrl);
    for (const reply of [
      await openPage(checkoutId, '203.0.113.7'),
      await choose(checkoutId, 'authorize', '203.0.113.7'),
      await testApp.app.inject({
        method: 'GET',
        url: '/sandbox/checkout-countdown.js',
        remoteAddress: '203.0.113.7',
      }),
    ]) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({ code: 4, module: 'common' });
    }
    expect(await kit.gateway.deliveries(checkoutId)).toHaveLength(0);
    expect((await fetchSession(started.paymentSessionId)).status).toBe('pending');
  });

  it('is not served when the sandbox is off', async () => {
    const closed = await createTestApp({ sandboxEnabled: false });
    try {
      const reply = await closed.app.inject({ method: 'GET', url: '/sandbox/checkout/cs_abc' });
      expect(reply.statusCode).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it('serves its countdown script to the machine itself', async () => {
    const reply = await testApp.app.inject({
      method: 'GET',
      url: '/sandbox/checkout-countdown.js',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/javascript');
    expect(reply.body).toContain('data-countdown');
  });
});
