import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signUp, type Customer } from '../../test/accounts';
import {
  checkoutResource,
  failedPaymentResource,
  payMongoEvent,
  paymentsKit,
  postWebhook,
  signed,
  type PaymentsKit,
} from '../../test/payments';
import { signatureHeader } from '../../providers/payments/paymongo-signature';
import type { PaymentSettlement } from './service';

// ADR 038: a webhook is trusted only when signed over its raw body within the tolerance, is applied once
// by event id however often and concurrently it arrives, and in any order ends in the same status.

let testApp: TestApp;
let kit: PaymentsKit;
let customer: Customer;
const settlements: PaymentSettlement[] = [];
let listenerFails = false;

beforeAll(async () => {
  testApp = await createTestApp(
    {},
    {
      onPaymentSettled: async (settlement) => {
        if (listenerFails) throw new Error('the orders work is down');
        settlements.push(settlement);
      },
    },
  );
  kit = paymentsKit(testApp);
  customer = await signUp(testApp.app);
});
afterAll(() => testApp.close());
beforeEach(() => {
  settlements.length = 0;
  listenerFails = false;
});

type Ids = { id: string; checkoutId: string; intentId: string };

async function newSession(): Promise<Ids> {
  const started = await kit.start({ accountId: customer.accountId });
  const { rows } = await testApp.database.pool.query<{
    provider_session_id: string;
    provider_payment_intent_id: string;
  }>('select provider_session_id, provider_payment_intent_id from payment_sessions where id = $1', [
    started.paymentSessionId,
  ]);
  return {
    id: started.paymentSessionId,
    checkoutId: rows[0]!.provider_session_id,
    intentId: rows[0]!.provider_payment_intent_id,
  };
}

async function stateOf(id: string) {
  const session = await testApp.database.pool.query<{ status: string; failure_reason: string }>(
    'select status, failure_reason from payment_sessions where id = $1',
    [id],
  );
  const changes = await testApp.database.pool.query<{ status: string; source: string }>(
    'select status, source from payment_session_changes where session_id = $1 order by id',
    [id],
  );
  return {
    status: session.rows[0]!.status,
    failureReason: session.rows[0]!.failure_reason,
    changes: changes.rows.map((row) => `${row.status}:${row.source}`),
  };
}

async function eventCount(eventId: string): Promise<number> {
  const { rows } = await testApp.database.pool.query(
    'select 1 from payment_webhook_events where event_id = $1',
    [eventId],
  );
  return rows.length;
}

const paidBody = (ids: Ids, eventId?: string) =>
  payMongoEvent(
    'checkout_session.payment.paid',
    checkoutResource(ids.checkoutId, {
      id: `pay_${crypto.randomBytes(8).toString('hex')}`,
      amountCentavos: 149_900,
      method: 'gcash',
    }),
    eventId ? { id: eventId } : {},
  );

describe('the signature matrix: nothing unsigned is believed', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const cases: [string, (body: string) => { body: string; signature: string | undefined }][] = [
    ['no signature', (body) => ({ body, signature: undefined })],
    ['an empty signature', (body) => ({ body, signature: '' })],
    ['a malformed signature', (body) => ({ body, signature: 'sha256=abc' })],
    [
      'a signature by another secret',
      (body) => ({ body, signature: signatureHeader('whsk_not_konek', body, now(), 'test') }),
    ],
    [
      'a stale timestamp (6 minutes old)',
      (body) => ({ body, signature: signatureHeader(kit.secret, body, now() - 360, 'test') }),
    ],
    [
      'a timestamp from the future (6 minutes ahead)',
      (body) => ({ body, signature: signatureHeader(kit.secret, body, now() + 360, 'test') }),
    ],
    [
      'a body changed after signing',
      (body) => ({
        body: body.replace('149900', '100'),
        signature: signatureHeader(kit.secret, body, now(), 'test'),
      }),
    ],
    [
      'a body re-serialised after signing (same JSON, other bytes)',
      (body) => ({
        body: JSON.stringify(JSON.parse(body), null, 2),
        signature: signatureHeader(kit.secret, body, now(), 'test'),
      }),
    ],
    [
      'the signature only in the live field',
      (body) => ({ body, signature: signatureHeader(kit.secret, body, now(), 'live') }),
    ],
    [
      'a live-mode event signed in the test field',
      (body) => {
        const live = body.replace('"livemode":false', '"livemode":true');
        return { body: live, signature: signatureHeader(kit.secret, live, now(), 'test') };
      },
    ],
  ];

  it.each(cases)('refuses %s with 401 and changes nothing', async (_name, make) => {
    const ids = await newSession();
    const eventId = `evt_${crypto.randomBytes(8).toString('hex')}`;
    const { body, signature } = make(paidBody(ids, eventId));
    const reply = await postWebhook(testApp.app, body, signature);
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({
      code: 12,
      module: 'payment',
      message: 'The notification is not signed by the payment service.',
    });
    expect(await eventCount(eventId)).toBe(0);
    expect((await stateOf(ids.id)).status).toBe('pending');
    expect(settlements).toHaveLength(0);
  });

  it('accepts the same body correctly signed, within the tolerance', async () => {
    const ids = await newSession();
    const body = paidBody(ids);
    const fourMinutesAgo = new Date(Date.now() - 240_000);
    const reply = await postWebhook(testApp.app, body, signed(kit.secret, body, fourMinutesAgo));
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ code: 0, module: 'payment', outcome: 'applied' });
    expect(await stateOf(ids.id)).toMatchObject({ status: 'paid', failureReason: null });
    expect(settlements.map((settlement) => settlement.status)).toEqual(['paid']);
  });

  it('answers a signed body that is no event with 400, and a non-JSON type with 415', async () => {
    const body = '{"hello":"world"}';
    const reply = await postWebhook(testApp.app, body, signed(kit.secret, body));
    expect(reply.statusCode).toBe(400);
    const text = await testApp.app.inject({
      method: 'POST',
      url: '/api/webhooks/payments',
      payload: 'x',
      headers: { 'content-type': 'text/plain', 'paymongo-signature': signed(kit.secret, 'x') },
    });
    expect(text.statusCode).toBe(415);
  });
});

describe('applied once, in any order', () => {
  it('applies the same webhook replayed 50 times at once exactly once', async () => {
    const ids = await newSession();
    const body = paidBody(ids);
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => postWebhook(testApp.app, body, signed(kit.secret, body))),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(50).fill(200));
    const outcomes = replies.map((reply) => reply.json<{ outcome: string }>().outcome);
    expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(49);
    expect(settlements).toHaveLength(1);
    expect(settlements[0]).toMatchObject({
      paymentSessionId: ids.id,
      status: 'paid',
      previousStatus: 'pending',
      amountCentavos: 149_900,
      paidCentavos: 149_900,
      paymentMethod: 1,
      duplicateOf: null,
      source: 'webhook',
    });
    expect((await stateOf(ids.id)).changes).toEqual(['pending:created', 'paid:webhook']);
  });

  it('ends paid, told once, when paid, failed, expired and cancelled arrive 50 times in any order', async () => {
    const ids = await newSession();
    const bodies = [
      paidBody(ids),
      payMongoEvent('payment.failed', failedPaymentResource(ids.intentId)),
      payMongoEvent('checkout_session.expired', checkoutResource(ids.checkoutId)),
      payMongoEvent('checkout_session.cancelled', checkoutResource(ids.checkoutId)),
    ];
    const deliveries = Array.from({ length: 50 }, (_, index) => bodies[index % bodies.length]!);
    deliveries.sort(() => Math.random() - 0.5);
    const replies = await Promise.all(
      deliveries.map((body) => postWebhook(testApp.app, body, signed(kit.secret, body))),
    );
    expect(replies.every((reply) => reply.statusCode === 200)).toBe(true);
    expect((await stateOf(ids.id)).status).toBe('paid');
    expect(settlements.filter((settlement) => settlement.status === 'paid')).toHaveLength(1);
    // Every status change was told once, in the order it was recorded.
    const { changes } = await stateOf(ids.id);
    expect(settlements.map((settlement) => `${settlement.status}:webhook`)).toEqual(
      changes.slice(1),
    );
  });

  it('keeps paid when "failed" arrives after it, and ignores expiry after paid', async () => {
    const ids = await newSession();
    const paid = paidBody(ids);
    expect((await postWebhook(testApp.app, paid, signed(kit.secret, paid))).json()).toMatchObject({
      outcome: 'applied',
    });
    for (const late of [
      payMongoEvent('payment.failed', failedPaymentResource(ids.intentId)),
      payMongoEvent('checkout_session.expired', checkoutResource(ids.checkoutId)),
      payMongoEvent('checkout_session.cancelled', checkoutResource(ids.checkoutId)),
    ]) {
      const reply = await postWebhook(testApp.app, late, signed(kit.secret, late));
      expect(reply.json()).toMatchObject({ code: 0, outcome: 'unchanged' });
    }
    expect(await stateOf(ids.id)).toMatchObject({
      status: 'paid',
      failureReason: null,
      changes: ['pending:created', 'paid:webhook'],
    });
    expect(settlements.map((settlement) => settlement.status)).toEqual(['paid']);
  });

  it('takes a payment after a decline: the wallet let the customer try again', async () => {
    const ids = await newSession();
    const failed = payMongoEvent('payment.failed', failedPaymentResource(ids.intentId));
    await postWebhook(testApp.app, failed, signed(kit.secret, failed));
    expect(await stateOf(ids.id)).toMatchObject({
      status: 'failed',
      failureReason: 'insufficient_funds',
    });
    const paid = paidBody(ids);
    await postWebhook(testApp.app, paid, signed(kit.secret, paid));
    expect((await stateOf(ids.id)).status).toBe('paid');
    expect(settlements.map((settlement) => settlement.status)).toEqual(['failed', 'paid']);
  });

  it('records a payment that arrives after the checkout expired: money taken is never forgotten', async () => {
    const ids = await newSession();
    const expired = payMongoEvent('checkout_session.expired', checkoutResource(ids.checkoutId));
    await postWebhook(testApp.app, expired, signed(kit.secret, expired));
    const paid = paidBody(ids);
    await postWebhook(testApp.app, paid, signed(kit.secret, paid));
    expect(settlements.map((settlement) => [settlement.status, settlement.previousStatus])).toEqual(
      [
        ['expired', 'pending'],
        ['paid', 'expired'],
      ],
    );
  });

  it('names another decline than insufficient funds "declined"', async () => {
    const ids = await newSession();
    const failed = payMongoEvent(
      'payment.failed',
      failedPaymentResource(ids.intentId, 'generic_decline'),
    );
    await postWebhook(testApp.app, failed, signed(kit.secret, failed));
    expect(await stateOf(ids.id)).toMatchObject({ status: 'failed', failureReason: 'declined' });
  });
});

describe('a listener that fails leaves the event to be sent again', () => {
  it('answers 500, records nothing, and applies the same event when it comes again', async () => {
    const ids = await newSession();
    const eventId = `evt_${crypto.randomBytes(8).toString('hex')}`;
    const body = paidBody(ids, eventId);
    listenerFails = true;
    const failed = await postWebhook(testApp.app, body, signed(kit.secret, body));
    expect(failed.statusCode).toBe(500);
    expect(await eventCount(eventId)).toBe(0);
    expect(await stateOf(ids.id)).toMatchObject({
      status: 'pending',
      changes: ['pending:created'],
    });

    listenerFails = false;
    const retried = await postWebhook(testApp.app, body, signed(kit.secret, body));
    expect(retried.json()).toMatchObject({ outcome: 'applied' });
    expect((await stateOf(ids.id)).status).toBe('paid');
    expect(settlements).toHaveLength(1);
  });
});

describe('events Konek does not act on', () => {
  it('records an event for no session of Konek’s as unmatched, and another type as ignored', async () => {
    const stranger = payMongoEvent(
      'checkout_session.payment.paid',
      checkoutResource('cs_unknown', { id: 'pay_unknown', amountCentavos: 100_000 }),
    );
    const unmatched = await postWebhook(testApp.app, stranger, signed(kit.secret, stranger));
    expect(unmatched.json()).toMatchObject({ code: 0, outcome: 'unmatched' });
    const other = payMongoEvent('source.chargeable', { id: 'src_1', type: 'source' });
    const ignored = await postWebhook(testApp.app, other, signed(kit.secret, other));
    expect(ignored.json()).toMatchObject({ code: 0, outcome: 'ignored' });
    expect(settlements).toHaveLength(0);
  });
});
