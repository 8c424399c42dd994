import { describe, expect, it } from 'vitest';
import {
  CODES_RESERVED_STATES,
  CODES_SPENT_STATES,
  HOLDING_ORDER_STATES,
  ORDER_EFFECTS,
  ORDER_EVENT_NAMES,
  ORDER_LIFECYCLE,
  orderTransition,
  paymentStatusReplaces,
  type TOrderEvent,
  type TOrderTransition,
  type TSettledStatus,
} from './lifecycle';
import { ORDER_STATE_NAMES, ORDER_STATES, type TOrderStateName } from './orders';
import type { TPaymentSessionStatus } from './fetch-payment-session-data';

// ADR 077: the life-cycle table's own promises, checked for every state and every event.

const cells = ORDER_STATE_NAMES.flatMap((state) =>
  ORDER_EVENT_NAMES.map((event) => ({ state, event, transition: ORDER_LIFECYCLE[state][event] })),
);
const moves = cells.flatMap(({ state, event, transition }) =>
  transition.kind === 'move' ? [{ state, event, transition }] : [],
);
const ENDED: readonly TOrderStateName[] = ['cancelled', 'refunded', 'superseded', 'closed'];
const MONEY_EVENTS: readonly TOrderEvent[] = [
  'payment_paid',
  'payment_paid_place_lost',
  'payment_paid_not_fulfillable',
  'payment_wrong_amount',
];
const has = (transition: TOrderTransition, effect: (typeof ORDER_EFFECTS)[number]) =>
  transition.kind === 'move' && transition.effects.includes(effect);

describe('the order life cycle', () => {
  it('answers every event in every state', () => {
    expect(cells).toHaveLength(ORDER_STATE_NAMES.length * ORDER_EVENT_NAMES.length);
    for (const { state, event, transition } of cells) {
      expect(transition, `${state} × ${event}`).toBeDefined();
      if (transition.kind === 'move') {
        expect(ORDER_STATE_NAMES).toContain(transition.to);
        for (const effect of transition.effects) expect(ORDER_EFFECTS).toContain(effect);
      }
    }
    expect(orderTransition(ORDER_STATES.cancelled, 'payment_paid')).toBe(
      ORDER_LIFECYCLE.cancelled.payment_paid,
    );
    expect(() => orderTransition(42, 'payment_paid')).toThrow(RangeError);
  });

  it('keeps or gives back every payment the wallet takes, never both and never neither', () => {
    for (const state of ORDER_STATE_NAMES) {
      for (const event of MONEY_EVENTS) {
        const transition = ORDER_LIFECYCLE[state][event];
        expect(transition.kind, `${state} × ${event}`).toBe('move');
        const kept = has(transition, 'accept_payment');
        const givenBack = has(transition, 'refund_payment');
        expect(kept !== givenBack, `${state} × ${event}`).toBe(true);
        if (kept && transition.kind === 'move') {
          expect(CODES_SPENT_STATES).toContain(transition.to);
        }
      }
    }
  });

  it('never brings an ended order back', () => {
    for (const { state, event, transition } of moves) {
      if (ENDED.includes(state)) expect(transition.to, `${state} × ${event}`).toBe(state);
    }
    for (const state of ENDED) {
      expect(ORDER_LIFECYCLE[state].customer_pays).toMatchObject({ kind: 'refuse' });
    }
  });

  it('refunds the order before it ends as refunded, and gives the codes back as it ends', () => {
    for (const { state, event, transition } of moves) {
      const label = `${state} × ${event}`;
      if (transition.to === 'refunded' && state !== 'refunded') {
        expect(has(transition, 'refund_order') || has(transition, 'refund_payment'), label).toBe(
          true,
        );
      }
      const leavesCodes =
        (CODES_RESERVED_STATES.includes(state) || CODES_SPENT_STATES.includes(state)) &&
        ENDED.includes(transition.to);
      if (leavesCodes) expect(has(transition, 'release_codes'), label).toBe(true);
      if (CODES_RESERVED_STATES.includes(state) && CODES_SPENT_STATES.includes(transition.to)) {
        expect(has(transition, 'spend_codes'), label).toBe(true);
      }
    }
  });

  it('gives the place and the port back when an order stops holding them', () => {
    for (const { state, event, transition } of moves) {
      const label = `${state} × ${event}`;
      const stopsHolding =
        HOLDING_ORDER_STATES.includes(state) && !HOLDING_ORDER_STATES.includes(transition.to);
      // A superseded order's hold moves to the order that replaced it (ADR 062); a lost place is gone.
      if (!stopsHolding || event === 'superseded') continue;
      expect(has(transition, 'release_place'), label).toBe(true);
      if (transition.to !== 'needs_new_time' && transition.to !== 'closed') {
        expect(has(transition, 'release_port'), label).toBe(true);
      }
    }
    expect(has(ORDER_LIFECYCLE.paid.customer_cancels, 'cancel_work_order')).toBe(true);
    expect(has(ORDER_LIFECYCLE.awaiting_payment.payment_paid, 'open_work_order')).toBe(true);
  });

  it('tells the customer whenever money is taken or given back', () => {
    for (const { state, event, transition } of moves) {
      if (has(transition, 'refund_payment') || has(transition, 'refund_order')) {
        expect(transition.notice, `${state} × ${event}`).toBeDefined();
      }
    }
  });
});

describe('a payment session’s status', () => {
  it('ends the same whatever order the news arrives in', () => {
    const orders = [
      ['failed', 'paid', 'expired'],
      ['expired', 'failed', 'paid'],
      ['paid', 'cancelled', 'failed'],
      ['cancelled', 'expired', 'failed'],
    ] as const;
    const finalOf = (news: readonly TSettledStatus[]) =>
      news.reduce<TPaymentSessionStatus>(
        (status, incoming) => (paymentStatusReplaces(status, incoming) ? incoming : status),
        'pending',
      );
    expect(finalOf(orders[0])).toBe('paid');
    expect(finalOf(orders[1])).toBe('paid');
    expect(finalOf(orders[2])).toBe('paid');
    expect(finalOf(orders[3])).toBe('cancelled');
    expect(paymentStatusReplaces('refunded', 'paid')).toBe(false);
    expect(paymentStatusReplaces('paid', 'paid')).toBe(false);
  });
});
