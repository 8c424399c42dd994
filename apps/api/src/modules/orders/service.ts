import type * as z from 'zod';
import { paymentFailureOf } from '@konek/contract/fetch-payment-session-data';
import { centavosToPesos, formatPeso } from '@konek/contract/money';
import type { TOrderProducts } from '@konek/contract/offer-rules';
import {
  INITIAL_WORK_ORDER_STATUS,
  ORDER_STATES,
  orderStateName,
  PAYABLE_ORDER_STATES,
  isPurchasedOrderState,
  salesAgentOf,
  type TOrder,
  type TOrderProduct,
  type ZCreateOrderRequest,
} from '@konek/contract/orders';
import type { TTotalPrice } from '@konek/contract/preview-pricing';
import {
  ASSIGNABLE_STATUSES,
  CUSTOMER_CHANGEABLE_STATUSES,
  OPERATOR_CANCELLABLE_STATUSES,
  WO_CANCELLED,
  WO_PENDING_FOR_VISIT,
} from '@konek/contract/ops';
import { appointmentTimeText } from '@konek/contract/slot-period';
import { DomainError } from '../../platform/domain-error';
import { isUuid } from '../../platform/auth/is-uuid';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { SmsSender } from '../../providers/sms/sms-sender';
import { accountInfo } from '../account/service';
import {
  appointmentOfOrder,
  confirmAppointmentOfOrder,
  releaseAppointmentOfOrder,
} from '../appointments/service';
import { offersAsOrdered, previewPricing, redeemVoucher } from '../catalog/service';
import {
  cancelPayment,
  paymentSession,
  refundPayment,
  startPayment,
  type PaymentSettlement,
  type PaymentsDependencies,
  type PaymentSummary,
} from '../payments/service';
import { recordReferralUse, validateReferral } from '../referral/service';
import {
  commitReservationOfOrder,
  releaseReservationOfOrder,
  reservationOfOrder,
} from '../resources/service';
import {
  claimConfirmation,
  findOrder,
  findOrderInStates,
  findOrderOfExternalOrder,
  insertOrderChange,
  insertOrderOnce,
  insertWorkOrderOnce,
  listOrderChanges,
  listOrdersOfAccount,
  listWorkOrders,
  lockAccountOrders,
  lockOrder,
  lockOrderOfAppointment,
  lockWorkOrderOfOrder,
  queueNotice,
  rebookOrder,
  releaseConfirmation,
  setWorkOrderStatus,
  unconfirmedPaidOrders,
  updateOrder,
  type StoredOrder,
} from './store';

// ADR 039: orders. create_order prices the order itself (preview_pricing's rules, integer centavos) and
// ignores any client amount; the account and external order make one order (a unique index, so 50 copies
// at once make one row); the payment runs through the payments module, whose settlement listener moves
// the order in the transaction that records the payment: paid → appointment confirmed, port committed,
// work order opened; a lost place → paid but needing a new time. Cancelling gives the place and the port
// back, after a refund when it was paid.

export type OrdersDependencies = {
  db: Db;
  clock: Clock;
  payments: PaymentsDependencies;
  /** The operator identifier (pricing names it). */
  operatorName: string;
  sms: SmsSender;
  log: PaymentsDependencies['log'];
  /**
   * ADR 047: run before the account's orders are read, so their work order status is current (a missed
   * visit decided on read). app.ts hands in the workorders module's settle, which imports orders.
   */
  beforeOrdersRead?: (accountId: string) => Promise<unknown>;
};

type CreateOrderBody = z.output<typeof ZCreateOrderRequest>;

/** The states in which an order counts as purchased that Konek sets. */
const PURCHASED_STATES: readonly number[] = [ORDER_STATES.paid, ORDER_STATES.needs_new_time];
/** Cancelled, refunded, superseded or closed: nothing more happens to it. */
const ENDED_STATES: readonly number[] = [
  ORDER_STATES.cancelled,
  ORDER_STATES.refunded,
  ORDER_STATES.superseded,
  ORDER_STATES.closed,
];
/** Where the wallet sends the browser back, whatever the outcome: the screen that waits for it. */
const RETURN_PATH = '/serviceability/payloading';
const GET_ORDERS_LIMIT = 20;

export const orderNumberOf = (order: Pick<StoredOrder, 'number'>) =>
  `KNK-${String(order.number).padStart(8, '0')}`;

const mismatch = () =>
  new DomainError('order', 'ORDER_DETAILS_MISMATCH', { field: 'external_order_id' });
const orderNotFound = () => new DomainError('order', 'ORDER_NOT_FOUND', { field: 'order_id' });

function isDomainError(error: unknown, module: string, name: string): error is DomainError {
  return error instanceof DomainError && error.module === module && error.errorName === name;
}

async function changeState(
  tx: Db,
  order: StoredOrder,
  state: number,
  source: string,
  at: Date,
  values: Partial<StoredOrder> = {},
): Promise<StoredOrder> {
  const updated = await updateOrder(tx, order.id, { ...values, state, updatedAt: at });
  if (state !== order.state) await insertOrderChange(tx, { orderId: order.id, state, source, at });
  return updated;
}

// ---------------------------------------------------------------------------------------------------
// create_order

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
  if (body.referral_code !== undefined) {
    await validateReferral(deps.db, {
      typedCode: body.referral_code,
      accountId,
      operatorName: deps.operatorName,
      configuredOperator: deps.operatorName,
    });
  }
  const offerIds = body.entity_ids.map((entity) => entity.id);
  // The server's price: the catalogue's prices and the vouchers' rules, never an amount sent.
  const totalPrice = await previewPricing(deps, {
    accountId,
    operatorName: deps.operatorName,
    voucherCodes: body.voucher_codes,
    offerIds,
  });
  const products = await offersAsOrdered(deps.db, offerIds);
  const agent = salesAgentOf(body.utm_campaign, body.salesman_id);

  const made = await deps.db.transaction(async (tx) => {
    await lockAccountOrders(tx, accountId);
    if (await findOrderInStates(tx, accountId, PURCHASED_STATES, null)) {
      throw new DomainError('order', 'ACCOUNT_ALREADY_HAVE_ORDER');
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
      voucherCodes: body.voucher_codes,
      referralCode: body.referral_code ?? null,
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
    if (!inserted) return { order: undefined, superseded: [] };
    await insertOrderChange(tx, {
      orderId: inserted.id,
      state: inserted.state,
      source: 'customer',
      at: now,
    });
    // ADR 013: a voucher is spent when the order is made; a refusal undoes the order.
    for (const code of body.voucher_codes) {
      await redeemVoucher(tx, deps.clock, {
        typedCode: code,
        accountId,
        orderId: inserted.id,
        offerIds,
      });
    }
    if (body.referral_code !== undefined) {
      await recordReferralUse(tx, deps.clock, {
        typedCode: body.referral_code,
        accountId,
        orderId: inserted.id,
        configuredOperator: deps.operatorName,
      });
    }
    // An unpaid order of another external order (an older reservation) is replaced by this one.
    const superseded: StoredOrder[] = [];
    let older = await findOrderInStates(tx, accountId, PAYABLE_ORDER_STATES, inserted.id);
    while (older) {
      superseded.push(await changeState(tx, older, ORDER_STATES.superseded, 'system', now));
      older = await findOrderInStates(tx, accountId, PAYABLE_ORDER_STATES, inserted.id);
    }
    return { order: inserted, superseded };
  });
  for (const old of made.superseded) {
    // Its open checkout is closed; a payment that arrived meanwhile is recorded by the listener.
    await cancelPayment(deps.payments, { orderRef: old.id }).catch((error: unknown) =>
      deps.log.warn({ err: error, orderId: old.id }, 'superseded order checkout not closed'),
    );
  }
  return made.order;
}

/**
 * An unpaid order whose network reservation ended (its hold ran out, or the address moved and gave the
 * port back) can no longer be paid: its checkouts are closed, it is closed (600), and the customer is
 * told to submit the details again (ORDER_DETAILS_MISMATCH) — a new reservation makes a new order.
 */
async function closeIfReservationGone(
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
  await deps.db.transaction(async (tx) => {
    const locked = (await lockOrder(tx, order.id))!;
    if (!PAYABLE_ORDER_STATES.includes(locked.state)) return;
    await releaseAppointmentOfOrder(tx, locked.accountId, locked.appointmentId, now);
    await changeState(tx, locked, ORDER_STATES.closed, 'system', now, {
      installationStartsAt: null,
      installationEndsAt: null,
    });
  });
  throw mismatch();
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
    return updateOrder(deps.db, order.id, {
      installationStartsAt: appointment.startsAt,
      installationEndsAt: appointment.endsAt,
      updatedAt: now,
    });
  }
  if (!appointment) {
    throw new DomainError('appointments', 'APPOINTMENT_NOT_FOUND', { field: 'appointment_id' });
  }
  if (appointment.state !== 'held') {
    throw new DomainError('appointments', 'RESERVATION_EXPIRED', { field: 'appointment_id' });
  }
  return updateOrder(deps.db, order.id, {
    appointmentId: appointment.appointmentId,
    installationStartsAt: appointment.startsAt,
    installationEndsAt: appointment.endsAt,
    updatedAt: now,
  });
}

/**
 * A paid order that lost its place (needs_new_time) and a newly held appointment: the appointment is
 * confirmed and the order is booked again, with its work order.
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
    const locked = await lockOrder(tx, order.id);
    if (!locked || locked.state !== ORDER_STATES.needs_new_time) return locked ?? order;
    const confirmed = await confirmAppointmentOfOrder(tx, order.accountId, appointmentId, now);
    if (!confirmed) {
      throw new DomainError('appointments', 'RESERVATION_EXPIRED', { field: 'appointment_id' });
    }
    await commitReservationOfOrder(tx, order.accountId, order.externalOrderId, now);
    await insertWorkOrderOnce(
      tx,
      {
        orderId: order.id,
        accountId: order.accountId,
        orderActionId: order.externalOrderActionId,
        status: INITIAL_WORK_ORDER_STATUS,
        at: now,
      },
      'customer',
    );
    return changeState(tx, locked, ORDER_STATES.paid, 'customer', now, {
      appointmentId: confirmed.appointmentId,
      installationStartsAt: confirmed.startsAt,
      installationEndsAt: confirmed.endsAt,
    });
  });
  await sendConfirmation(deps, order.id);
  return rebooked;
}

export type CreatedOrder = {
  order: TOrder;
  payment_session_id: string | null;
  checkout_url: string | null;
};

/**
 * product §7.1 create order. The same account and external order answer the same order: while it is
 * unpaid, each call (re)starts its payment — the open checkout again when nothing changed (a double
 * click), a new attempt after a failed, cancelled or expired one; once paid, the order without a checkout.
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
      // A concurrent copy made the order first: its voucher or referral now reads as used by this
      // account, which is this very order — answer it.
      order = await existing();
      if (!order) throw error;
    }
  }
  if (!order) throw new Error('an order made by a concurrent call was not found');

  if (order.state === ORDER_STATES.needs_new_time && body.appointment_id !== order.appointmentId) {
    order = await rebook(deps, order, body.appointment_id);
  }
  if (!PAYABLE_ORDER_STATES.includes(order.state)) {
    if (ENDED_STATES.includes(order.state)) throw mismatch();
    return {
      order: await orderReply(deps, order),
      payment_session_id: order.paymentSessionId,
      checkout_url: null,
    };
  }

  order = await closeIfReservationGone(deps, order);
  order = await moveToAppointment(deps, order, body.appointment_id);
  if (body.payment_method !== order.paymentMethod) {
    order = await updateOrder(deps.db, order.id, {
      paymentMethod: body.payment_method,
      updatedAt: deps.clock.now(),
    });
  }
  let started;
  try {
    started = await startPayment(deps.payments, {
      accountId,
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
    const paid = (await findOrder(deps.db, order.id))!;
    return {
      order: await orderReply(deps, paid),
      payment_session_id: paid.paymentSessionId,
      checkout_url: null,
    };
  }
  const now = deps.clock.now();
  order = await deps.db.transaction(async (tx) => {
    const locked = (await lockOrder(tx, order!.id))!;
    if (!PAYABLE_ORDER_STATES.includes(locked.state)) return locked;
    return changeState(tx, locked, ORDER_STATES.awaiting_payment, 'customer', now, {
      paymentSessionId: started.paymentSessionId,
    });
  });
  const stillPayable = order.state === ORDER_STATES.awaiting_payment;
  return {
    order: await orderReply(deps, order),
    payment_session_id: started.paymentSessionId,
    checkout_url: stillPayable ? started.checkoutUrl : null,
  };
}

// ---------------------------------------------------------------------------------------------------
// cancel_order

async function ownOrder(deps: OrdersDependencies, accountId: string, orderId: string) {
  const order = isUuid(orderId) ? await findOrder(deps.db, orderId) : undefined;
  if (!order || order.accountId !== accountId) throw orderNotFound();
  return order;
}

/** Gives back the order's place and port, in the order's transaction. */
async function releaseBookings(tx: Db, order: StoredOrder, at: Date): Promise<void> {
  await releaseAppointmentOfOrder(tx, order.accountId, order.appointmentId, at);
  await releaseReservationOfOrder(tx, order.accountId, order.externalOrderId, at);
}

/**
 * product §7.1 cancel order. Before payment: every open checkout is closed at the gateway, then the
 * place and the port go back. After payment: the payment is refunded through the gateway first, then
 * they go back and the work order is cancelled. Cancelling an ended order answers it as it is.
 */
export async function cancelOrder(
  deps: OrdersDependencies,
  accountId: string,
  orderId: string,
): Promise<TOrder> {
  let order = await ownOrder(deps, accountId, orderId);
  if (ENDED_STATES.includes(order.state)) return orderReply(deps, order);

  if (PAYABLE_ORDER_STATES.includes(order.state)) {
    try {
      await cancelPayment(deps.payments, { orderRef: order.id });
      const now = deps.clock.now();
      order = await deps.db.transaction(async (tx) => {
        const locked = (await lockOrder(tx, order.id))!;
        if (!PAYABLE_ORDER_STATES.includes(locked.state)) return locked;
        await releaseBookings(tx, locked, now);
        return changeState(tx, locked, ORDER_STATES.cancelled, 'customer', now);
      });
    } catch (error) {
      if (!isDomainError(error, 'payment', 'ALREADY_PAID')) throw error;
      order = (await findOrder(deps.db, order.id))!;
    }
    if (!PURCHASED_STATES.includes(order.state)) return orderReply(deps, order);
  }

  // ADR 049: paid, it is cancelled (and refunded) while the visit has not started or after a miss.
  order = await cancelPaidOrder(deps, order, {
    changedBy: 'customer',
    allowed: CUSTOMER_CHANGEABLE_STATUSES,
    refusal: () => new DomainError('order', 'ORDER_NOT_CANCELLABLE', { field: 'order_id' }),
    refundReason: 'requested_by_customer',
    reason: null,
  });
  return orderReply(deps, order);
}

/**
 * ADR 049, 080: a paid order cancelled, for the customer or an operator alike: while its work order is
 * in one of `allowed`, the payment is refunded through the gateway first (the status is checked before
 * the refund; a technician setting off in the instant between loses to the cancel, which is the side
 * the customer's money is on), then the place and the port go back, the work order is Cancelled and the
 * order refunded. An operator's cancel also owes the customer a text (sent after the commit).
 */
async function cancelPaidOrder(
  deps: OrdersDependencies,
  paid: StoredOrder,
  who: {
    changedBy: string;
    allowed: readonly string[];
    refusal: () => Error;
    refundReason: 'requested_by_customer' | 'others';
    reason: string | null;
  },
): Promise<StoredOrder> {
  const [workOrder] = await listWorkOrders(deps.db, [paid.id]);
  if (workOrder && !who.allowed.includes(workOrder.status)) throw who.refusal();
  try {
    await refundPayment(deps.payments, { orderRef: paid.id, reason: who.refundReason });
  } catch (error) {
    // A cancel that raced another: the first refund took all there was.
    if (!isDomainError(error, 'payment', 'REFUND_EXCEEDS_PAYMENT')) throw error;
  }
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const locked = (await lockOrder(tx, paid.id))!;
    if (!PURCHASED_STATES.includes(locked.state)) return locked;
    await releaseBookings(tx, locked, now);
    await setWorkOrderStatus(tx, locked.id, WO_CANCELLED, who.changedBy, now, who.reason);
    if (who.changedBy !== 'customer') {
      await queueNotice(tx, {
        orderId: locked.id,
        kind: 'cancelled',
        changedBy: who.changedBy,
        at: now,
      });
    }
    return changeState(tx, locked, ORDER_STATES.refunded, who.changedBy, now, {
      installationStartsAt: null,
      installationEndsAt: null,
    });
  });
}

/**
 * ADR 080: a dispatcher cancels a paid order whose job is marked for cancellation, with a full refund,
 * as the customer's own cancel does; anywhere else ops.TRANSITION_NOT_ALLOWED. Answers whether this call
 * cancelled it (an order already cancelled is answered as it is).
 */
export async function cancelPaidOrderAsOperator(
  deps: OrdersDependencies,
  orderId: string,
  changedBy: string,
  reason: string | null,
): Promise<boolean> {
  const order = isUuid(orderId) ? await findOrder(deps.db, orderId) : undefined;
  if (!order) throw new DomainError('ops', 'WORK_ORDER_NOT_FOUND', { field: 'work_order_id' });
  const [workOrder] = await listWorkOrders(deps.db, [order.id]);
  const refusal = () =>
    new DomainError('ops', 'TRANSITION_NOT_ALLOWED', {
      field: 'work_order_id',
      from: workOrder?.status ?? null,
      to: WO_CANCELLED,
    });
  if (order.state === ORDER_STATES.refunded && workOrder?.status === WO_CANCELLED) return false;
  if (!PURCHASED_STATES.includes(order.state)) throw refusal();
  const after = await cancelPaidOrder(deps, order, {
    changedBy,
    allowed: OPERATOR_CANCELLABLE_STATUSES,
    refusal,
    refundReason: 'others',
    reason,
  });
  return after.state === ORDER_STATES.refunded && order.state !== ORDER_STATES.refunded;
}

/**
 * ADR 049, first in update_appointment's transaction (the appointments module asks through app.ts): a
 * paid order's booking moves only while its visit has not started or after a miss — otherwise
 * APPOINTMENT_NOT_CHANGEABLE and nothing changes. The answer, called once the new slot is known, gives
 * the order the new time and starts a new visit (work order Open, no technician; a change by
 * `customer`). The missed visit's credit stays; missing the new time credits again (ADR 047).
 * ADR 080: a dispatcher's new visit (`newVisit`) moves the booking the same way, from where the table
 * lets a dispatcher arrange one, to Pending-ForVisit with the technician they chose. Either way the
 * customer is owed a text naming the new time.
 */
export async function movePaidBooking(
  tx: Db,
  booking: {
    accountId: string;
    appointmentId: string;
    at: Date;
    newVisit?: { changedBy: string; technicianId: string };
  },
): Promise<((slot: { startsAt: Date; endsAt: Date }) => Promise<void>) | undefined> {
  const order = await lockOrderOfAppointment(tx, booking.accountId, booking.appointmentId, [
    ORDER_STATES.paid,
  ]);
  if (!order) return undefined;
  const workOrder = await lockWorkOrderOfOrder(tx, order.id);
  const { newVisit } = booking;
  if (newVisit) {
    if (workOrder && !ASSIGNABLE_STATUSES.includes(workOrder.status)) {
      throw new DomainError('ops', 'TRANSITION_NOT_ALLOWED', {
        field: 'work_order_id',
        from: workOrder.status,
        to: WO_PENDING_FOR_VISIT,
      });
    }
  } else if (workOrder && !CUSTOMER_CHANGEABLE_STATUSES.includes(workOrder.status)) {
    throw new DomainError('appointments', 'APPOINTMENT_NOT_CHANGEABLE', {
      field: 'appointment_id',
    });
  }
  return (slot) =>
    rebookOrder(tx, {
      orderId: order.id,
      workOrderId: workOrder?.id ?? null,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      status: newVisit ? WO_PENDING_FOR_VISIT : INITIAL_WORK_ORDER_STATUS,
      technicianId: newVisit?.technicianId ?? null,
      changedBy: newVisit?.changedBy ?? 'customer',
      at: booking.at,
    });
}

// ---------------------------------------------------------------------------------------------------
// The payment listener (ADR 038's boundary)

/**
 * Told of every status change of a payment session, in the transaction that records it. Paid: the order
 * is paid once (a second payment is the payments module's duplicate, refunded there); its place is
 * confirmed — retaken if the hold ran out and the slot still has room, otherwise the order keeps the
 * payment and needs a new time — its port committed and its work order opened. A failed, cancelled or
 * expired latest attempt moves an unpaid order so the customer can try again.
 */
export async function onPaymentSettled(
  deps: Pick<OrdersDependencies, 'log'>,
  settlement: PaymentSettlement,
  tx: Db,
): Promise<void> {
  if (!isUuid(settlement.orderRef)) return;
  const order = await lockOrder(tx, settlement.orderRef);
  if (!order || order.accountId !== settlement.accountId) return;
  const at = settlement.at;

  if (settlement.status === 'paid') {
    if (settlement.duplicateOf !== null) return;
    if (PURCHASED_STATES.includes(order.state) || order.paidSessionId !== null) return;
    const appointment = await confirmAppointmentOfOrder(
      tx,
      order.accountId,
      order.appointmentId,
      at,
    );
    const committed = await commitReservationOfOrder(
      tx,
      order.accountId,
      order.externalOrderId,
      at,
    );
    if (!committed) {
      deps.log.warn({ orderId: order.id }, 'paid order without its network reservation');
    }
    const paidValues = {
      paidAt: at,
      paidSessionId: settlement.paymentSessionId,
      paymentSessionId: settlement.paymentSessionId,
      paymentMethod: settlement.paymentMethod,
    };
    if (appointment && committed) {
      await insertWorkOrderOnce(
        tx,
        {
          orderId: order.id,
          accountId: order.accountId,
          orderActionId: order.externalOrderActionId,
          status: INITIAL_WORK_ORDER_STATUS,
          at,
        },
        'payment',
      );
      await changeState(tx, order, ORDER_STATES.paid, 'payment', at, {
        ...paidValues,
        installationStartsAt: appointment.startsAt,
        installationEndsAt: appointment.endsAt,
      });
      return;
    }
    deps.log.warn({ orderId: order.id }, 'paid order lost its installation place');
    await changeState(tx, order, ORDER_STATES.needs_new_time, 'payment', at, {
      ...paidValues,
      installationStartsAt: null,
      installationEndsAt: null,
    });
    return;
  }

  // Not paid: only the latest attempt of an order still waiting for its payment moves it. A superseded
  // attempt or the order's own cancellation is not the customer's outcome.
  if (!PAYABLE_ORDER_STATES.includes(order.state)) return;
  if (settlement.source === 'superseded' || settlement.source === 'cancelled') return;
  if (order.paymentSessionId !== null && order.paymentSessionId !== settlement.paymentSessionId) {
    return;
  }
  const state =
    settlement.status === 'failed' ? ORDER_STATES.payment_failed : ORDER_STATES.payment_abandoned;
  await changeState(tx, order, state, 'payment', at, {
    paymentSessionId: settlement.paymentSessionId,
  });
}

/** After a settlement committed: the customer's confirmation SMS for a paid order. */
export async function afterPaymentSettled(
  deps: OrdersDependencies,
  settlement: PaymentSettlement,
): Promise<void> {
  if (settlement.status !== 'paid' || !isUuid(settlement.orderRef)) return;
  await sendConfirmation(deps, settlement.orderRef);
}

/**
 * product §9 amounts: "Konek: Salamat! Order KNK-00000042 is confirmed. Paid ₱1,499.00. Installation:
 * November 28, 2026 - Morning - 9:00 AM - 12:00 PM."
 */
export function confirmationText(order: StoredOrder): string {
  const when =
    order.installationStartsAt && order.installationEndsAt
      ? appointmentTimeText({
          start_time: order.installationStartsAt.toISOString(),
          end_time: order.installationEndsAt.toISOString(),
        })
      : 'we will text you to book a new time';
  return (
    `Konek: Salamat! Order ${orderNumberOf(order)} is confirmed. ` +
    `Paid ${formatPeso(centavosToPesos(order.amountCentavos))}. Installation: ${when}.`
  );
}

/** Sends the paid order's confirmation once; a failed send is given back for the next try. */
export async function sendConfirmation(deps: OrdersDependencies, orderId: string): Promise<void> {
  const claimed = await claimConfirmation(deps.db, orderId, [ORDER_STATES.paid], deps.clock.now());
  if (!claimed) return;
  try {
    const { msisdn } = await accountInfo(deps.db, claimed.accountId);
    await deps.sms.send({ msisdn, body: confirmationText(claimed) });
  } catch (error) {
    deps.log.error({ err: error, orderId }, 'order confirmation SMS not sent');
    await releaseConfirmation(deps.db, orderId);
  }
}

// ---------------------------------------------------------------------------------------------------
// Replies

function productsOf(order: StoredOrder): Record<string, TOrderProduct> {
  return Object.fromEntries(
    order.products.map((product) => [
      product.id,
      {
        id: product.id,
        type: 'offer' as const,
        quantity: 1 as const,
        name: product.name,
        price: centavosToPesos(product.finalCentavos),
        price_centavos: product.finalCentavos,
        special_offer: product.specialOffer,
      },
    ]),
  );
}

function paymentReply(summary: PaymentSummary | null): TOrder['payment'] {
  if (!summary) return null;
  return {
    payment_session_id: summary.paymentSessionId,
    attempt: summary.attempt,
    status: summary.status,
    failure:
      summary.failureReason && summary.status !== 'paid'
        ? paymentFailureOf(summary.failureReason)
        : null,
    checkout_url: summary.checkoutUrl,
  };
}

async function ordersReply(deps: OrdersDependencies, stored: StoredOrder[]): Promise<TOrder[]> {
  const ids = stored.map((order) => order.id);
  const [changes, workOrders] = await Promise.all([
    listOrderChanges(deps.db, ids),
    listWorkOrders(deps.db, ids),
  ]);
  return Promise.all(
    stored.map(async (order) => {
      const summary = order.paymentSessionId
        ? await paymentSession(deps.payments, order.paymentSessionId)
        : null;
      const workOrder = workOrders.find((candidate) => candidate.orderId === order.id);
      return {
        order_id: order.id,
        order_number: orderNumberOf(order),
        state: order.state,
        state_name: orderStateName(order.state)!,
        purchased: isPurchasedOrderState(order.state),
        entities: { product: productsOf(order) },
        properties: { work_order_status: workOrder?.status ?? null },
        external_order_id: order.externalOrderId,
        external_order_action_id: order.externalOrderActionId,
        appointment_id: order.appointmentId,
        installation:
          order.installationStartsAt && order.installationEndsAt
            ? {
                start_time: order.installationStartsAt.toISOString(),
                end_time: order.installationEndsAt.toISOString(),
              }
            : null,
        total_price: order.totalPrice as TTotalPrice,
        amount: centavosToPesos(order.amountCentavos),
        amount_centavos: order.amountCentavos,
        currency: 'PHP' as const,
        payment_method: order.paymentMethod as TOrder['payment_method'],
        payment: paymentReply(summary),
        special_offer: order.specialOffer,
        created_at: order.createdAt.toISOString(),
        paid_at: order.paidAt?.toISOString() ?? null,
        changes: changes
          .filter((change) => change.orderId === order.id)
          .map((change) => ({
            state: change.state,
            state_name: orderStateName(change.state)!,
            at: change.at.toISOString(),
          })),
      };
    }),
  );
}

async function orderReply(deps: OrdersDependencies, order: StoredOrder): Promise<TOrder> {
  const [reply] = await ordersReply(deps, [order]);
  return reply!;
}

/**
 * product §7.1 get order entities: the account's orders, newest first (those asked for when order_ids
 * is given; ids of other accounts simply are not found). A paid order whose SMS failed is retried here.
 */
export async function orderEntities(
  deps: OrdersDependencies,
  accountId: string,
  orderIds: readonly string[] | undefined,
): Promise<TOrder[]> {
  const ids = orderIds?.filter(isUuid);
  await deps.beforeOrdersRead?.(accountId);
  const stored = await listOrdersOfAccount(deps.db, accountId, ids, GET_ORDERS_LIMIT);
  for (const id of await unconfirmedPaidOrders(deps.db, accountId, [ORDER_STATES.paid])) {
    await sendConfirmation(deps, id);
  }
  return ordersReply(deps, stored);
}

/** product §4.6 for the catalog: the account's orders as the purchase rule reads them. */
export async function ordersOfAccount(db: Db, accountId: string): Promise<TOrderProducts[]> {
  const stored = await listOrdersOfAccount(db, accountId, undefined, 100);
  return stored.map((order) => ({
    state: order.state,
    entities: {
      product: Object.fromEntries(
        order.products.map((product) => [product.id, { id: product.id }]),
      ),
    },
  }));
}
