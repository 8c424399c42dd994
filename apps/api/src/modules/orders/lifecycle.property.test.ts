import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TCondominiumAddressParts } from '@konek/contract/address-book';
import { CANCEL_ORDER_PATH, ORDER_STATES } from '@konek/contract/orders';
import { post } from '../../test/accounts';
import { barangayDetail, buildingParts, LAS_PINAS } from '../../test/journey';
import { orderingKit, type Ready } from '../../test/ordering';
import { ordersKit } from '../../test/orders';
import {
  checkoutIdOf,
  checkoutResource,
  paymentsKit,
  payMongoEvent,
  postWebhook,
  signed,
  type PaymentsKit,
} from '../../test/payments';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { TestClock } from '../../test/test-clock';
import { cancelOrderAsOperator, repairOrders } from './service';

// ADR 077: random sequences of what can happen to one order — the customer paying, trying again with or
// without a voucher, cancelling; the wallet approving, declining, cancelling, letting it expire, taking
// another amount, or confirming just as Konek closed the checkout; webhooks held back, delivered late,
// repeated; a dispatcher cancelling; time passing and the repair sweep running — against PostgreSQL,
// with the life cycle's invariants checked after every step:
// - money taken means the order is purchased, or it is refunded in full;
// - a payment is never refunded twice;
// - the place and the port are held exactly while the order can still be installed;
// - every voucher use belongs to an order that can still be paid (reserved) or was paid (spent).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let testApp: TestApp;
let kit: PaymentsKit;
let unit: TCondominiumAddressParts;
let runs = 0;

/** A test clock each run starts again from, so forty runs do not walk past the installation calendar. */
const start = Date.now();
let now = start;
const clock: TestClock = {
  now: () => new Date(now),
  advance: (milliseconds) => {
    now += milliseconds;
  },
};

/** Webhooks the gateway sends while a step holds them back, delivered by a later step. */
let holdWebhooks = false;
const heldBack: { rawBody: string; headers: Record<string, string> }[] = [];
const delivered: { rawBody: string; headers: Record<string, string> }[] = [];

const deliverNow = async (rawBody: string, headers: Record<string, string>) =>
  (
    await testApp.app.inject({
      method: 'POST',
      url: '/api/webhooks/payments',
      payload: rawBody,
      headers,
    })
  ).statusCode;

beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
  kit = paymentsKit(testApp, {
    clock,
    retryDelaysMs: [],
    deliver: async (rawBody, headers) => {
      const webhook = { rawBody, headers: headers as Record<string, string> };
      if (holdWebhooks) {
        heldBack.push(webhook);
        return 500;
      }
      delivered.push(webhook);
      return deliverNow(rawBody, webhook.headers);
    },
  });
  const almanzaUno = await barangayDetail(testApp.app, LAS_PINAS.code, 'Almanza Uno');
  unit = await buildingParts(testApp.app, almanzaUno, LAS_PINAS, 'Yakal Heights');
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

const journey = orderingKit({
  get testApp() {
    return testApp;
  },
  get clock() {
    return clock;
  },
  get kit() {
    return kit;
  },
  unit: () => unit,
});
const { sql, withToken } = journey;

type World = { ready: Ready; orderId: string | null; checkoutUrl: string | null };

type Step =
  | { kind: 'pay'; voucher: boolean }
  | { kind: 'wallet'; action: 'authorize' | 'decline' | 'cancel' | 'expire'; hold: boolean }
  | { kind: 'paid-after-close'; amount: 'asked' | 'other' }
  | { kind: 'deliver-held' }
  | { kind: 'replay'; pick: number }
  | { kind: 'customer-cancels' }
  | { kind: 'operator-cancels' }
  | { kind: 'time'; milliseconds: number };

const steps = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const), voucher: fc.boolean() }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('wallet' as const),
      action: fc.constantFrom('authorize', 'decline', 'cancel', 'expire'),
      hold: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('paid-after-close' as const),
      amount: fc.constantFrom('asked', 'other'),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'deliver-held' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'customer-cancels' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'operator-cancels' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('time' as const),
      milliseconds: fc.constantFrom(5 * MINUTE, 45 * MINUTE, 2 * HOUR, 25 * HOUR),
    }),
  },
) as fc.Arbitrary<Step>;

async function run(world: World, step: Step): Promise<void> {
  const ready = await withToken(world.ready);
  switch (step.kind) {
    case 'pay': {
      const reply = await journey.createOrder(ready, {
        voucher_codes: step.voucher ? ['KONEK800'] : [],
      });
      // Refusals are answers too (an ended order, a place that ran out): never a 5xx.
      expect(reply.statusCode, reply.body).toBeLessThan(500);
      if (reply.statusCode === 200) {
        world.orderId = reply.json().order.order_id;
        world.checkoutUrl = reply.json().checkout_url ?? world.checkoutUrl;
      }
      return;
    }
    case 'wallet': {
      if (!world.checkoutUrl) return;
      holdWebhooks = step.hold;
      try {
        await journey.act(world.checkoutUrl, step.action);
      } finally {
        holdWebhooks = false;
      }
      return;
    }
    case 'paid-after-close': {
      if (!world.checkoutUrl) return;
      const checkoutId = checkoutIdOf(world.checkoutUrl);
      const paymentId = `pay_${crypto.randomBytes(12).toString('hex')}`;
      const { rows } = await sql<{ amount_centavos: number }>(
        `update sandbox_checkouts set status = 'paid', payment_id = $2, paid_method = 'gcash', paid_at = $3
          where id = $1 and status <> 'paid' returning amount_centavos`,
        [checkoutId, paymentId, clock.now()],
      );
      if (rows.length === 0) return;
      const amount = step.amount === 'asked' ? rows[0]!.amount_centavos : 100;
      const body = payMongoEvent(
        'checkout_session.payment.paid',
        checkoutResource(checkoutId, { id: paymentId, amountCentavos: amount }),
        { at: clock.now() },
      );
      const headers = { 'content-type': 'application/json' };
      delivered.push({ rawBody: body, headers });
      await postWebhook(testApp.app, body, signed(kit.secret, body, clock.now()));
      return;
    }
    case 'deliver-held': {
      const webhook = heldBack.shift();
      if (!webhook) return;
      delivered.push(webhook);
      // Signed when it was sent: a webhook held past the signature's tolerance is refused (401) and
      // changes nothing, as PayMongo's late retry of an old signature would.
      await deliverNow(webhook.rawBody, webhook.headers);
      return;
    }
    case 'replay': {
      if (delivered.length === 0) return;
      const webhook = delivered[step.pick % delivered.length]!;
      await deliverNow(webhook.rawBody, webhook.headers);
      return;
    }
    case 'customer-cancels': {
      if (!world.orderId) return;
      const reply = await post(
        testApp.app,
        CANCEL_ORDER_PATH,
        journey.target(ready.who, { order_id: world.orderId }),
        ready.who.token,
      );
      expect(reply.statusCode, reply.body).toBeLessThan(500);
      return;
    }
    case 'operator-cancels': {
      if (!world.orderId) return;
      await cancelOrderAsOperator(
        ordersKit(testApp, { clock }).orders,
        world.orderId,
        'operator:test',
      );
      return;
    }
    case 'time': {
      clock.advance(step.milliseconds);
      await kit.gateway.expireDue();
      await repairOrders(ordersKit(testApp, { clock }).orders);
      return;
    }
  }
}

/** The life cycle's invariants over everything the customer's account has. */
async function checkInvariants(accountId: string, context: string): Promise<void> {
  const orders = (
    await sql<{ id: string; state: number; appointment_id: string; external_order_id: string }>(
      'select id, state, appointment_id, external_order_id from orders where account_id = $1',
      [accountId],
    )
  ).rows;
  const purchased: number[] = [ORDER_STATES.paid, ORDER_STATES.needs_new_time];
  const payable: number[] = [
    ORDER_STATES.awaiting_payment,
    ORDER_STATES.payment_failed,
    ORDER_STATES.payment_abandoned,
  ];
  for (const order of orders) {
    const label = `${context}: order in state ${order.state}`;
    const sessions = (
      await sql<{
        id: string;
        paid_centavos: number | null;
        refund_cause: string | null;
        refunds: number;
        refunded: number;
      }>(
        `select s.id, s.paid_centavos, s.refund_cause,
                (select count(*)::int from payment_refunds r where r.session_id = s.id and r.status <> 'failed') as refunds,
                (select coalesce(sum(r.amount_centavos), 0)::int from payment_refunds r where r.session_id = s.id and r.status <> 'failed') as refunded
           from payment_sessions s where s.order_ref = $1 and s.paid_at is not null`,
        [order.id],
      )
    ).rows;
    // Never two refunds of one payment.
    for (const session of sessions) expect(session.refunds, label).toBeLessThanOrEqual(1);
    // Money taken: kept by a purchased order, or given back in full.
    const kept = sessions.filter((session) => session.refund_cause === null);
    expect(kept.length, label).toBeLessThanOrEqual(1);
    for (const session of sessions.filter((entry) => entry.refund_cause !== null)) {
      expect(session.refunded, `${label}: a payment not kept`).toBe(session.paid_centavos);
    }
    if (kept.length === 1) {
      const isRefundedInFull = kept[0]!.refunded === kept[0]!.paid_centavos;
      expect(purchased.includes(order.state) || isRefundedInFull, label).toBe(true);
      if (!purchased.includes(order.state)) expect(order.state, label).toBe(ORDER_STATES.refunded);
    } else {
      expect(purchased.includes(order.state), label).toBe(false);
    }
    // The place and the port, exactly while the order can still be installed.
    const appointment = (
      await sql<{ status: string }>('select status from appointments where id = $1', [
        order.appointment_id,
      ])
    ).rows[0];
    const port = (
      await sql<{ status: string; live: boolean }>(
        `select status, (status = 'committed' or (status = 'held' and expires_at > $2)) as live
           from resource_reservations where external_order_id = $1`,
        [order.external_order_id, clock.now()],
      )
    ).rows[0];
    if (order.state === ORDER_STATES.paid) {
      expect(appointment?.status, label).toBe('confirmed');
      expect(port?.status, label).toBe('committed');
    } else if (order.state === ORDER_STATES.needs_new_time) {
      expect(appointment?.status, label).not.toBe('confirmed');
      expect(port?.status, label).toBe('committed');
    } else if (payable.includes(order.state)) {
      expect(appointment?.status, label).not.toBe('confirmed');
      expect(port?.status, label).not.toBe('committed');
    } else {
      expect(['held', 'confirmed'], label).not.toContain(appointment?.status);
      expect(port?.live ?? false, label).toBe(false);
    }
    // Voucher uses: reserved by a payable order, spent by a purchased one, none for an ended one.
    const uses = (
      await sql<{ state: string }>('select state from voucher_redemptions where order_id = $1', [
        order.id,
      ])
    ).rows;
    for (const use of uses) {
      if (use.state === 'spent') expect(purchased, label).toContain(order.state);
      else expect(payable, label).toContain(order.state);
    }
    // A work order exactly for an order paid with its place.
    const open = (
      await sql<{ status: string }>('select status from work_orders where order_id = $1', [
        order.id,
      ])
    ).rows.filter((row) => row.status !== 'Cancelled');
    expect(open.length, label).toBe(order.state === ORDER_STATES.paid ? 1 : 0);
  }
}

const REFUND_PATHS: [[{ kind: 'pay'; voucher: boolean }, Step[]]][] = [
  [
    [
      { kind: 'pay', voucher: false },
      [{ kind: 'wallet', action: 'authorize', hold: false }, { kind: 'customer-cancels' }],
    ],
  ],
  [
    [
      { kind: 'pay', voucher: true },
      [{ kind: 'wallet', action: 'authorize', hold: false }, { kind: 'operator-cancels' }],
    ],
  ],
];

it('keeps the life cycle’s invariants whatever happens, in any order', async () => {
  const visited = new Set<number>();
  const firstPay = fc.record({ kind: fc.constant('pay' as const), voucher: fc.boolean() });
  await fc.assert(
    fc.asyncProperty(
      fc.tuple(firstPay, fc.array(steps, { minLength: 2, maxLength: 14 })),
      async ([first, rest]) => {
        const sequence: Step[] = [first, ...rest];
        now = start;
        runs += 1;
        heldBack.length = 0;
        delivered.length = 0;
        // A new customer each run, on a slot of their own among the first days.
        const [ready] = await journey.readyCustomers(1, runs % 6);
        const world: World = { ready: ready!, orderId: null, checkoutUrl: null };
        for (const [index, step] of sequence.entries()) {
          await run(world, step);
          await checkInvariants(ready!.who.accountId, `step ${index + 1} (${step.kind})`);
          const states = await sql<{ state: number }>(
            'select state from orders where account_id = $1',
            [ready!.who.accountId],
          );
          for (const row of states.rows) visited.add(row.state);
        }
      },
    ),
    {
      numRuns: 60,
      endOnFailure: true,
      // Besides the random runs, the paths to a refund are walked every time, so that reaching the
      // states below never depends on chance.
      examples: REFUND_PATHS,
    },
  );
  // Not a test that cannot fail: the runs reached the states that matter.
  for (const state of [
    ORDER_STATES.paid,
    ORDER_STATES.payment_failed,
    ORDER_STATES.payment_abandoned,
    ORDER_STATES.cancelled,
    ORDER_STATES.refunded,
    ORDER_STATES.closed,
  ]) {
    expect(visited).toContain(state);
  }
}, 600_000);
