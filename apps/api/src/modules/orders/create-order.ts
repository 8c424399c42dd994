import type * as z from 'zod';
import {
  ORDER_STATES,
  PAYABLE_ORDER_STATES,
  salesAgentOf,
  type TOrder,
  type ZCreateOrderRequest,
} from '@konek/contract/orders';
import { normaliseCode } from '@konek/contract/offer-codes';
import { PATHS } from '@konek/contract/routes';
import { DomainError, isDomainError } from '../../platform/domain-error';
import type { Db } from '../../platform/db/database';
import { appointmentOfOrder } from '../appointments/service';
import {
  offersAsOrdered,
  previewPricing,
  releaseVouchersOfOrder,
  reserveVoucher,
} from '../catalog/service';
import { cancelPayment, startPayment, type StartedPayment } from '../payments/service';
import { releaseReferralOfOrder, reserveReferral, validateReferral } from '../referral/service';
import { reservationOfOrder } from '../resources/service';
import { orderNumberOf, sendNotices } from './notices';
import type { OrdersDependencies } from './orders-dependencies';
import { orderReply } from './replies';
import {
  findOrder,
  findOrderInStates,
  findOrderOfExternalOrder,
  insertOrderChange,
  insertOrderOnce,
  lockAccountOrders,
  lockOrder,
  updateOrder,
  type StoredOrder,
} from './store';
import { applyChange, changeOrder, isPayable, transitionOf } from './transitions';

// ADR 039, ADR 077: create_order. It prices the order itself (preview_pricing's rules, integer centavos)
// and ignores any client amount; the account and external order make one order (a unique index, so 50
// copies at once make one row). While the order can be paid, each call (re)starts its payment — the
// open checkout again when nothing changed (a double click), a new attempt after a failed, cancelled or
// expired one, priced again first when the customer changed their vouchers or referral. A paid order is
// answered without a checkout; an ended one is refused. Every change of state is the life cycle's.

type CreateOrderBody = z.output<typeof ZCreateOrderRequest>;

/** The states in which an order counts as purchased that Konek sets. */
const PURCHASED_STATES: readonly number[] = [ORDER_STATES.paid, ORDER_STATES.needs_new_time];
/** Where the wallet sends the browser back, whatever the outcome: the screen that waits for it. */
const RETURN_PATH = PATHS.payloading;

const mismatch = () =>
  new DomainError('order', 'ORDER_DETAILS_MISMATCH', { field: 'external_order_id' });

/** The codes as the order keeps them: vouchers normalised (the contract dedupes), the referral too. */
const codesOf = (body: Pick<CreateOrderBody, 'voucher_codes' | 'referral_code'>) => ({
  vouchers: body.voucher_codes,
  referral: body.referral_code === undefined ? null : normaliseCode(body.referral_code),
});

/** Reserves the order's vouchers and referral in its transaction (ADR 077: spent once it is paid). */
async function reserveCodes(
  deps: OrdersDependencies,
  tx: Db,
  order: StoredOrder,
  codes: { vouchers: readonly string[]; referral: string | null },
): Promise<void> {
  const offerIds = order.products.map((product) => product.id);
  for (const code of codes.vouchers) {
    await reserveVoucher(tx, deps.clock, {
      typedCode: code,
      accountId: order.accountId,
      orderId: order.id,
      offerIds,
    });
  }
  if (codes.referral !== null) {
    await reserveReferral(tx, deps.clock, {
      typedCode: codes.referral,
      accountId: order.accountId,
      orderId: order.id,
      configuredOperator: deps.operatorName,
    });
  }
}

/** The server's price of the order with these codes (the customer's own reservations do not count). */
async function priceOf(
  deps: OrdersDependencies,
  accountId: string,
  offerIds: readonly string[],
  codes: { vouchers: readonly string[]; referral: string | null },
) {
  if (codes.referral !== null) {
    await validateReferral(deps.db, {
      typedCode: codes.referral,
      accountId,
      operatorName: deps.operatorName,
      configuredOperator: deps.operatorName,
    });
  }
  return previewPricing(deps, {
    accountId,
    operatorName: deps.operatorName,
    voucherCodes: codes.vouchers,
    offerIds,
  });
}

/** The new order's row, or undefined when another call made the account's order for it first. */
async function makeOrder(
  deps: OrdersDependencies,
  accountId: string,
  body: CreateOrderBody,
): Promise<StoredOrder | undefined> {
  const now = deps.clock.now();
  if (await findOrderInStates(deps.db, accountId, PURCHASED_STATES, null)) {
    throw new DomainError('order', 'ACCOUNT_ALREADY_HAVE_ORDER');
  }
  const reservation = await reservationOfOrder(deps.db, accountId, body.external_order_id, now);
  if (
    !reservation ||
    reservation.state === 'gone' ||
    reservation.externalOrderActionId !== body.external_order_action_id
  ) {
    throw mismatch();
  }
  const appointment = await appointmentOfOrder(deps.db, accountId, body.appointment_id, now);
  if (!appointment) {
    throw new DomainError('appointments', 'APPOINTMENT_NOT_FOUND', { field: 'appointment_id' });
  }
  if (appointment.state !== 'held' && appointment.state !== 'confirmed') {
    throw new DomainError('appointments', 'RESERVATION_EXPIRED', { field: 'appointment_id' });
  }
  const offerIds = body.entity_ids.map((entity) => entity.id);
  const codes = codesOf(body);
  // The server's price: the catalogue's prices and the vouchers' rules, never an amount sent.
  const totalPrice = await priceOf(deps, accountId, offerIds, codes);
  const products = await offersAsOrdered(deps.db, offerIds);
  const agent = salesAgentOf(body.utm_campaign, body.salesman_id);

  const made = await deps.db.transaction(async (tx) => {
    await lockAccountOrders(tx, accountId);
    if (await findOrderInStates(tx, accountId, PURCHASED_STATES, null)) {
      throw new DomainError('order', 'ACCOUNT_ALREADY_HAVE_ORDER');
    }
    if (await findOrderOfExternalOrder(tx, accountId, body.external_order_id)) {
      return { order: undefined, superseded: [] };
    }
    // An unpaid order of another external order (an older reservation) is replaced by this one; its
    // codes go back first, so this order can reserve them again.
    const superseded: StoredOrder[] = [];
    let older = await findOrderInStates(tx, accountId, PAYABLE_ORDER_STATES, null);
    while (older) {
      const locked = (await lockOrder(tx, older.id))!;
      superseded.push(
        (await applyChange(tx, locked, { event: 'superseded', source: 'system', at: now })).order,
      );
      older = await findOrderInStates(tx, accountId, PAYABLE_ORDER_STATES, null);
    }
    const inserted = await insertOrderOnce(tx, {
      accountId,
      externalOrderId: body.external_order_id,
      externalOrderActionId: body.external_order_action_id,
      appointmentId: appointment.appointmentId,
      state: ORDER_STATES.awaiting_payment,
      products,
      totalPrice,
      amountCentavos: totalPrice.sub_total_centavos,
      paymentMethod: body.payment_method,
      voucherCodes: [...codes.vouchers],
      referralCode: codes.referral,
      utmSource: body.utm_source ?? null,
      utmMedium: body.utm_medium ?? null,
      utmCampaign: body.utm_campaign ?? null,
      salesAgentKind: agent?.kind ?? null,
      salesAgentCode: agent?.code ?? null,
      specialOffer: products.some((product) => product.specialOffer),
      installationStartsAt: appointment.startsAt,
      installationEndsAt: appointment.endsAt,
      paymentSessionId: null,
      createdAt: now,
      updatedAt: now,
    });
    if (!inserted) return { order: undefined, superseded };
    await insertOrderChange(tx, {
      orderId: inserted.id,
      state: inserted.state,
      source: 'customer',
      at: now,
    });
    // A refusal (the last use of a voucher taken meanwhile) undoes the order.
    await reserveCodes(deps, tx, inserted, codes);
    return { order: inserted, superseded };
  });
  for (const old of made.superseded) {
    // Its open checkout is closed; a payment that arrived meanwhile is given back by the life cycle.
    await cancelPayment(deps.payments, { orderRef: old.id }).catch((error: unknown) =>
      deps.log.warn({ err: error, orderId: old.id }, 'superseded order checkout not closed'),
    );
  }
  return made.order;
}

/**
 * An unpaid order whose network reservation ended (its hold ran out, or the address moved and gave the
 * port back) can no longer be paid: its checkouts are closed and it is closed (600), its codes given
 * back. Answers the order as it stands when it is still payable (or was paid just now).
 */
export async function closeIfReservationGone(
  deps: OrdersDependencies,
  order: StoredOrder,
): Promise<StoredOrder> {
  const now = deps.clock.now();
  const reservation = await reservationOfOrder(
    deps.db,
    order.accountId,
    order.externalOrderId,
    now,
  );
  if (reservation && reservation.state !== 'gone') return order;
  try {
    await cancelPayment(deps.payments, { orderRef: order.id });
  } catch (error) {
    // Paid just now: the listener has recorded it; the order is answered as it stands.
    if (isDomainError(error, 'payment', 'ALREADY_PAID'))
      return (await findOrder(deps.db, order.id))!;
    throw error;
  }
  return changeOrder(deps.db, order.id, { event: 'reservation_ended', source: 'system', at: now });
}

/**
 * An unpaid order booked on another appointment: the new (held) one replaces it. ADR 062: a new time
 * chosen before paying moves the same appointment, so the order takes its time again.
 */
async function moveToAppointment(
  deps: OrdersDependencies,
  order: StoredOrder,
  appointmentId: string,
): Promise<StoredOrder> {
  const now = deps.clock.now();
  const appointment = await appointmentOfOrder(deps.db, order.accountId, appointmentId, now);
  if (appointmentId === order.appointmentId) {
    const isSameTime =
      !appointment ||
      (appointment.startsAt.getTime() === order.installationStartsAt?.getTime() &&
        appointment.endsAt.getTime() === order.installationEndsAt?.getTime());
    if (isSameTime) return order;
  } else if (!appointment) {
    throw new DomainError('appointments', 'APPOINTMENT_NOT_FOUND', { field: 'appointment_id' });
  } else if (appointment.state !== 'held') {
    throw new DomainError('appointments', 'RESERVATION_EXPIRED', { field: 'appointment_id' });
  }
  return changeOrder(deps.db, order.id, {
    event: 'new_time_booked',
    source: 'customer',
    at: now,
    values: {
      appointmentId: appointment!.appointmentId,
      installationStartsAt: appointment!.startsAt,
      installationEndsAt: appointment!.endsAt,
    },
  });
}

/**
 * The life cycle's `reprice`: the customer changed the order's vouchers or referral before paying
 * (removed a voucher, added one). The order is priced again, its old codes given back and the new ones
 * reserved, all or nothing; the next checkout is for the new amount.
 */
async function repriceIfChanged(
  deps: OrdersDependencies,
  order: StoredOrder,
  body: CreateOrderBody,
): Promise<StoredOrder> {
  const codes = codesOf(body);
  const isSame =
    codes.referral === order.referralCode &&
    codes.vouchers.length === order.voucherCodes.length &&
    codes.vouchers.every((code, index) => code === order.voucherCodes[index]);
  if (isSame) return order;
  const offerIds = order.products.map((product) => product.id);
  const totalPrice = await priceOf(deps, order.accountId, offerIds, codes);
  return deps.db.transaction(async (tx) => {
    const locked = (await lockOrder(tx, order.id))!;
    if (!isPayable(locked.state)) return locked;
    await releaseVouchersOfOrder(tx, locked.id);
    await releaseReferralOfOrder(tx, locked.id);
    await reserveCodes(deps, tx, locked, codes);
    return updateOrder(tx, locked.id, {
      totalPrice,
      amountCentavos: totalPrice.sub_total_centavos,
      voucherCodes: [...codes.vouchers],
      referralCode: codes.referral,
      updatedAt: deps.clock.now(),
    });
  });
}

/**
 * A paid order that lost its place (needs_new_time) and a newly held appointment: the appointment is
 * confirmed and the order is booked again, with its work order, and the customer told the new time.
 */
async function rebook(
  deps: OrdersDependencies,
  order: StoredOrder,
  appointmentId: string,
): Promise<StoredOrder> {
  const now = deps.clock.now();
  const appointment = await appointmentOfOrder(deps.db, order.accountId, appointmentId, now);
  if (!appointment) {
    throw new DomainError('appointments', 'APPOINTMENT_NOT_FOUND', { field: 'appointment_id' });
  }
  if (appointment.state !== 'held' && appointment.state !== 'confirmed') {
    throw new DomainError('appointments', 'RESERVATION_EXPIRED', { field: 'appointment_id' });
  }
  const rebooked = await deps.db.transaction(async (tx) => {
    const locked = (await lockOrder(tx, order.id))!;
    if (locked.state !== ORDER_STATES.needs_new_time) return locked;
    const applied = await applyChange(tx, locked, {
      event: 'new_time_booked',
      source: 'customer',
      at: now,
      // ADR 092: a blocked period's reason is told until a new time is booked.
      values: { appointmentId: appointment.appointmentId, newTimeReason: null },
    });
    return applied.order;
  });
  await sendNotices(deps, { orderId: order.id });
  return rebooked;
}

export type CreatedOrder = {
  order: TOrder;
  payment_session_id: string | null;
  checkout_url: string | null;
};

/** The order's payment (re)started at the gateway, the order moved to awaiting payment with it. */
export async function startOrderPayment(
  deps: OrdersDependencies,
  order: StoredOrder,
  source: 'customer' | 'system',
): Promise<{ order: StoredOrder; started: StartedPayment | null }> {
  let started: StartedPayment;
  try {
    started = await startPayment(deps.payments, {
      accountId: order.accountId,
      orderRef: order.id,
      amountCentavos: order.amountCentavos,
      paymentMethod: order.paymentMethod,
      returnUrls: { success: RETURN_PATH, cancel: RETURN_PATH },
      itemName: order.products.map((product) => product.name).join(', '),
      description: `Konek order ${orderNumberOf(order)}`,
    });
  } catch (error) {
    if (!isDomainError(error, 'payment', 'ALREADY_PAID')) throw error;
    // Paid meanwhile: the listener has moved the order.
    return { order: (await findOrder(deps.db, order.id))!, started: null };
  }
  const now = deps.clock.now();
  const moved = await changeOrder(deps.db, order.id, (locked) => ({
    event: source === 'customer' ? 'customer_pays' : 'checkout_missing',
    source,
    at: now,
    values: isPayable(locked.state) ? { paymentSessionId: started.paymentSessionId } : {},
  }));
  return { order: moved, started };
}

/**
 * product §7.1 create order. The same account and external order answer the same order; see the top of
 * this file for what each call does.
 */
export async function createOrder(
  deps: OrdersDependencies,
  accountId: string,
  body: CreateOrderBody,
): Promise<CreatedOrder> {
  // An order holds one plan: the spec's quantity is 1 and an installation serves one subscription.
  if (body.entity_ids.length > 1) {
    throw new DomainError('order', 'PURCHASE_LIMIT_REACHED', { field: 'entity_ids' });
  }
  const existing = () => findOrderOfExternalOrder(deps.db, accountId, body.external_order_id);
  let order = await existing();
  if (!order) {
    try {
      order = (await makeOrder(deps, accountId, body)) ?? (await existing());
    } catch (error) {
      // A concurrent copy made the order first: answer it.
      order = await existing();
      if (!order) throw error;
    }
  }
  if (!order) throw new Error('an order made by a concurrent call was not found');

  if (order.state === ORDER_STATES.needs_new_time && body.appointment_id !== order.appointmentId) {
    order = await rebook(deps, order, body.appointment_id);
  }
  // Paid: answered as it is, with nothing to pay. Ended: refused (the table says how).
  const asItIs = async (stored: StoredOrder): Promise<CreatedOrder> => ({
    order: await orderReply(deps, stored),
    payment_session_id: stored.paymentSessionId,
    checkout_url: null,
  });
  if (transitionOf(order, 'customer_pays').kind === 'ignore') return asItIs(order);
  order = await closeIfReservationGone(deps, order);
  if (!isPayable(order.state)) {
    if (transitionOf(order, 'customer_pays').kind === 'ignore') return asItIs(order);
    throw mismatch();
  }
  order = await moveToAppointment(deps, order, body.appointment_id);
  order = await repriceIfChanged(deps, order, body);
  if (body.payment_method !== order.paymentMethod) {
    order = await updateOrder(deps.db, order.id, {
      paymentMethod: body.payment_method,
      updatedAt: deps.clock.now(),
    });
  }
  const { order: after, started } = await startOrderPayment(deps, order, 'customer');
  const stillPayable = after.state === ORDER_STATES.awaiting_payment && started !== null;
  return {
    order: await orderReply(deps, after),
    payment_session_id: started?.paymentSessionId ?? after.paymentSessionId,
    checkout_url: stillPayable ? started.checkoutUrl : null,
  };
}
