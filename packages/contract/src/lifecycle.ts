import type { TPaymentSessionStatus } from './fetch-payment-session-data';
import { ORDER_STATES, type TOrderStateName } from './orders';

// ADR 077: the life cycle of an order, its payment and its installation, written once. The API obeys
// it (the orders module looks up every change of an order's state here, and runs the effects it names),
// the screens read the same names, and the contract's tests check that every event is answered in every
// state. Three parts:
//
// 1. A payment session's status (one attempt at the wallet): late, repeated and out-of-order news from
//    the gateway all end in the same status (PAYMENT_STATUS_RANK).
// 2. An order's state × every event that can reach it (ORDER_LIFECYCLE): the customer's calls, the
//    payment's outcomes as the orders work classifies them, the holds running out, a newer order, an
//    operator's cancellation, the repair of an order left without a checkout.
// 3. The installation's work order: its statuses and moves are ops.ts's WORK_ORDER_TRANSITIONS; this
//    table says only when an order opens, restarts or cancels its work order.
//
// The invariants the three keep together (a property test drives random events against PostgreSQL and
// checks them after each): money taken means the order is purchased or refunded in full; a payment is
// never refunded twice; a place and a port are held exactly while the order can still be installed;
// every spent voucher or referral belongs to a paid order.

// ---------------------------------------------------------------------------------------------------
// 1. Payment sessions

/**
 * How a session's status may move: only to a higher rank (cancelled and expired rank alike: the first
 * one stays), and paid beats everything but refunded — money the wallet took is never forgotten, even on a
 * checkout Konek had given up. refunded comes only from paid, through a refund.
 */
export const PAYMENT_STATUS_RANK: Readonly<Record<TPaymentSessionStatus, number>> = {
  pending: 0,
  failed: 1,
  cancelled: 2,
  expired: 2,
  paid: 3,
  refunded: 4,
};

export type TSettledStatus = Exclude<TPaymentSessionStatus, 'pending' | 'refunded'>;

/** Whether news of `incoming` replaces a session's `current` status. */
export function paymentStatusReplaces(
  current: TPaymentSessionStatus,
  incoming: TSettledStatus,
): boolean {
  if (incoming === 'paid') return current !== 'paid' && current !== 'refunded';
  return PAYMENT_STATUS_RANK[incoming] > PAYMENT_STATUS_RANK[current];
}

/**
 * Why a payment the wallet took is not kept: given back in full, automatically, right after it is
 * recorded (and again by the repair sweep until the gateway has it).
 * - duplicate: the order was already paid by another attempt;
 * - amount_mismatch: the wallet took another amount or currency than was asked (also shown to operators);
 * - order_ended: the order had been cancelled, replaced or closed before the money arrived;
 * - not_fulfillable: the order's network reservation is gone, so it can no longer be installed.
 */
export const REFUND_CAUSES = [
  'duplicate',
  'amount_mismatch',
  'order_ended',
  'not_fulfillable',
] as const;
export type TRefundCause = (typeof REFUND_CAUSES)[number];

// ---------------------------------------------------------------------------------------------------
// 2. Orders

/**
 * Everything that can happen to an order. The payment's news is classified by the orders work before it
 * looks here: which attempt it is about, whether the amount is the one asked, whether the place and the
 * port are still there.
 */
export const ORDER_EVENTS = {
  customer_pays:
    'create_order for the order’s booking: a checkout (the open one again when nothing changed)',
  payment_paid: 'the wallet took the amount asked; the place and the port are confirmed',
  payment_paid_place_lost:
    'the wallet took the amount asked, but the installation place was taken meanwhile',
  payment_paid_not_fulfillable:
    'the wallet took the amount asked, but the network reservation is gone',
  payment_wrong_amount: 'the wallet took another amount or currency than was asked',
  payment_failed: 'the latest attempt was declined (e.g. insufficient funds)',
  payment_cancelled: 'the customer left the wallet’s page of the latest attempt',
  payment_expired: 'the latest attempt’s checkout ran out of time',
  older_attempt_closed:
    'an attempt that is no longer the latest failed, expired or was closed by Konek',
  customer_cancels: 'cancel_order by the customer',
  operator_cancels: 'a dispatcher cancels the order (Delayed-ForCancellation → Cancelled)',
  reservation_ended: 'the network hold ran out or the address moved: the order cannot be paid now',
  superseded: 'the customer made an order for a newer network reservation',
  new_time_booked: 'create_order with a newly held installation place for a paid order without one',
  period_blocked:
    'a dispatcher blocked the installation period the order is booked in (a typhoon, road works)',
  checkout_missing:
    'the repair sweep found an order waiting for payment with no checkout (a crash between the two)',
} as const;
export type TOrderEvent = keyof typeof ORDER_EVENTS;
export const ORDER_EVENT_NAMES = Object.keys(ORDER_EVENTS) as [TOrderEvent, ...TOrderEvent[]];

/**
 * What a change does besides moving the state, in the order it is done. Effects that call the gateway
 * run outside the order's transaction: `close_checkouts` and `refund_order` before it (a refusal there
 * leaves the order as it was), `start_checkout` and `refund_payment` after it commits (the repair sweep
 * finishes them after a crash). The others run in the transaction that moves the state.
 */
export const ORDER_EFFECTS = [
  /** Every checkout of the order that could still be paid is closed at the gateway. */
  'close_checkouts',
  /** The order's accepted payment is given back in full, before anything else changes. */
  'refund_order',
  /** The news's payment becomes the order's (paid_at, the paying session). */
  'accept_payment',
  /** The news's payment is not kept: recorded with its refund cause, refunded after the commit. */
  'refund_payment',
  /** Listed for operators to look at (a wrong amount). */
  'flag_operators',
  /** The held installation place becomes the order's for good. */
  'confirm_place',
  /** The held network port becomes the order's for good. */
  'commit_port',
  /** The work order opens (Open), or a new visit starts on an existing one. */
  'open_work_order',
  /** The work order is cancelled. */
  'cancel_work_order',
  /** The work order waits for a new time (Delayed), its technician unassigned (ADR 092). */
  'delay_work_order',
  /** The installation place goes back to others. */
  'release_place',
  /** The network port goes back to others. */
  'release_port',
  /** The order's vouchers and referral, reserved while it could be paid, count as used. */
  'spend_codes',
  /** The order's vouchers and referral go back to the customer (and to the voucher's total). */
  'release_codes',
  /** The order's price is taken again with the vouchers and referral sent now (before paying). */
  'reprice',
  /** A checkout is opened at the gateway (the open one again when nothing changed). */
  'start_checkout',
] as const;
export type TOrderEffect = (typeof ORDER_EFFECTS)[number];

/** What the customer is told by SMS after a change, once it committed. */
export const ORDER_NOTICES = [
  'order_confirmed',
  'paid_needs_new_time',
  'payment_refunded',
  'order_refunded',
  /** ADR 092: the booked period was blocked; the text gives the dispatcher's reason. */
  'period_blocked',
] as const;
export type TOrderNotice = (typeof ORDER_NOTICES)[number];

export type TOrderTransition =
  | {
      kind: 'move';
      /** The next state; the same as the current one when only effects run. */
      to: TOrderStateName;
      effects: readonly TOrderEffect[];
      notice?: TOrderNotice;
    }
  /** Nothing changes; the caller answers the order as it is. */
  | { kind: 'ignore' }
  /** The call is refused with this catalogue error (a customer's or operator's call only). */
  | { kind: 'refuse'; error: 'order.ORDER_DETAILS_MISMATCH' | 'order.ACCOUNT_ALREADY_HAVE_ORDER' };

const move = (
  to: TOrderStateName,
  effects: readonly TOrderEffect[],
  notice?: TOrderNotice,
): TOrderTransition => ({ kind: 'move', to, effects, ...(notice ? { notice } : {}) });
const IGNORE: TOrderTransition = { kind: 'ignore' };
const MISMATCH: TOrderTransition = { kind: 'refuse', error: 'order.ORDER_DETAILS_MISMATCH' };

/** A payment that arrives for an order that can no longer take it: given back, and the customer told. */
const GIVE_BACK = (to: TOrderStateName) => move(to, ['refund_payment'], 'payment_refunded');
const WRONG_AMOUNT = (to: TOrderStateName) =>
  move(to, ['refund_payment', 'flag_operators'], 'payment_refunded');

/** An order that can still be paid: waiting, declined, or left at the wallet. */
const payable = (state: TOrderStateName): Record<TOrderEvent, TOrderTransition> => ({
  customer_pays: move('awaiting_payment', ['reprice', 'start_checkout']),
  payment_paid: move(
    'paid',
    ['accept_payment', 'confirm_place', 'commit_port', 'spend_codes', 'open_work_order'],
    'order_confirmed',
  ),
  payment_paid_place_lost: move(
    'needs_new_time',
    ['accept_payment', 'release_place', 'commit_port', 'spend_codes'],
    'paid_needs_new_time',
  ),
  payment_paid_not_fulfillable: move(
    'refunded',
    ['refund_payment', 'release_place', 'release_port', 'release_codes'],
    'payment_refunded',
  ),
  // The money is given back and the customer pays again: the order stays payable, shown as declined.
  payment_wrong_amount: move(
    'payment_failed',
    ['refund_payment', 'flag_operators'],
    'payment_refunded',
  ),
  payment_failed: move('payment_failed', []),
  payment_cancelled: move('payment_abandoned', []),
  payment_expired: move('payment_abandoned', []),
  older_attempt_closed: IGNORE,
  customer_cancels: move('cancelled', [
    'close_checkouts',
    'release_place',
    'release_port',
    'release_codes',
  ]),
  operator_cancels: move('cancelled', [
    'close_checkouts',
    'release_place',
    'release_port',
    'release_codes',
  ]),
  reservation_ended: move('closed', ['close_checkouts', 'release_place', 'release_codes']),
  // The newer order moves the same installation hold (ADR 062) and reserves its own codes.
  superseded: move('superseded', ['close_checkouts', 'release_codes']),
  // Before paying, a new time moves the held place and the order takes its time.
  new_time_booked: move(state, []),
  // ADR 092: the held place is given back by the block itself, as a hold that ran out; the order stays
  // payable and its customer chooses another time before paying.
  period_blocked: IGNORE,
  checkout_missing: state === 'awaiting_payment' ? move(state, ['start_checkout']) : IGNORE,
});

/** A paid order (its place lost or not): the money is kept until the order is cancelled. */
const purchased = (state: 'paid' | 'needs_new_time'): Record<TOrderEvent, TOrderTransition> => ({
  customer_pays: IGNORE,
  payment_paid: GIVE_BACK(state),
  payment_paid_place_lost: GIVE_BACK(state),
  payment_paid_not_fulfillable: GIVE_BACK(state),
  payment_wrong_amount: WRONG_AMOUNT(state),
  payment_failed: IGNORE,
  payment_cancelled: IGNORE,
  payment_expired: IGNORE,
  older_attempt_closed: IGNORE,
  customer_cancels: move(
    'refunded',
    ['refund_order', 'release_place', 'release_port', 'release_codes', 'cancel_work_order'],
    'order_refunded',
  ),
  operator_cancels: move(
    'refunded',
    ['refund_order', 'release_place', 'release_port', 'release_codes', 'cancel_work_order'],
    'order_refunded',
  ),
  // A paid order's port is committed and its place confirmed: holds running out do not touch it.
  reservation_ended: IGNORE,
  superseded: { kind: 'refuse', error: 'order.ACCOUNT_ALREADY_HAVE_ORDER' },
  new_time_booked:
    state === 'needs_new_time'
      ? move('paid', ['confirm_place', 'commit_port', 'open_work_order'], 'order_confirmed')
      : IGNORE,
  // ADR 092: the money is kept and the customer chooses a new time (needs_new_time's way forward).
  period_blocked:
    state === 'paid'
      ? move('needs_new_time', ['release_place', 'delay_work_order'], 'period_blocked')
      : IGNORE,
  checkout_missing: IGNORE,
});

/** An order that ended: nothing brings it back; money that still arrives is given back. */
const ended = (state: TOrderStateName): Record<TOrderEvent, TOrderTransition> => ({
  customer_pays: MISMATCH,
  payment_paid: GIVE_BACK(state),
  payment_paid_place_lost: GIVE_BACK(state),
  payment_paid_not_fulfillable: GIVE_BACK(state),
  payment_wrong_amount: WRONG_AMOUNT(state),
  payment_failed: IGNORE,
  payment_cancelled: IGNORE,
  payment_expired: IGNORE,
  older_attempt_closed: IGNORE,
  customer_cancels: IGNORE,
  operator_cancels: IGNORE,
  reservation_ended: IGNORE,
  superseded: IGNORE,
  new_time_booked: MISMATCH,
  period_blocked: IGNORE,
  checkout_missing: IGNORE,
});

/** Every order state × every event. */
export const ORDER_LIFECYCLE: Readonly<
  Record<TOrderStateName, Readonly<Record<TOrderEvent, TOrderTransition>>>
> = {
  awaiting_payment: payable('awaiting_payment'),
  payment_failed: payable('payment_failed'),
  payment_abandoned: payable('payment_abandoned'),
  paid: purchased('paid'),
  needs_new_time: purchased('needs_new_time'),
  cancelled: ended('cancelled'),
  refunded: ended('refunded'),
  superseded: ended('superseded'),
  closed: ended('closed'),
};

/** The transition of an order in `state` (a number of ORDER_STATES) on `event`. */
export function orderTransition(state: number, event: TOrderEvent): TOrderTransition {
  const name = (Object.keys(ORDER_STATES) as TOrderStateName[]).find(
    (candidate) => ORDER_STATES[candidate] === state,
  );
  if (!name) throw new RangeError(`${state} is not an order state`);
  return ORDER_LIFECYCLE[name][event];
}

/** The states in which an order's place and port are held for it (it can still be installed). */
export const HOLDING_ORDER_STATES: readonly TOrderStateName[] = [
  'awaiting_payment',
  'payment_failed',
  'payment_abandoned',
  'paid',
];

/** The states in which an order's vouchers and referral are reserved (not yet spent). */
export const CODES_RESERVED_STATES: readonly TOrderStateName[] = [
  'awaiting_payment',
  'payment_failed',
  'payment_abandoned',
];

/** The states in which an order's vouchers and referral are spent. */
export const CODES_SPENT_STATES: readonly TOrderStateName[] = ['paid', 'needs_new_time'];

// ---------------------------------------------------------------------------------------------------
// 3. The installation
//
// What the order's events do to its work order: it opens (Open) when a paid order has its place
// (open_work_order), starts a new visit when the time moves (ADR 049), and is cancelled with the order
// (cancel_work_order). Every other move of a work order is an operator's or a technician's, in ops.ts's
// WORK_ORDER_TRANSITIONS, where every status has a way on.
