import {
  ASSIGNABLE_STATUSES,
  CUSTOMER_CHANGEABLE_STATUSES,
  WO_PENDING_FOR_VISIT,
} from '@konek/contract/ops';
import { INITIAL_WORK_ORDER_STATUS, ORDER_STATES } from '@konek/contract/orders';
import { DomainError } from '../../platform/domain-error';
import type { Db } from '../../platform/db/database';
import {
  findOrderOfAppointment,
  lockOrderOfAppointment,
  lockWorkOrderOfOrder,
  rebookOrder,
} from './store';
import { orderNumberOf } from './notices';
import { applyChange, type ChangeSource } from './transitions';

// The orders module's public face (ADR 026, ADR 039, ADR 077): create, cancel and read orders, the
// payment listener app.ts hands the payments module, the repair sweep, and the paid booking's move that
// the appointments module asks for. Each part lives in its own file; every change of an order's state
// goes through transitions.ts, which obeys the contract's life-cycle table.

export type { OrdersDependencies } from './orders-dependencies';
export { createOrder, type CreatedOrder } from './create-order';
export { cancelOrder, cancelOrderAsOperator } from './cancel-order';
export { afterPaymentSettled, onPaymentSettled } from './settlement';
export { confirmationText, orderNumberOf, sendNotices } from './notices';
export {
  orderEntities,
  orderOfAccountForSupport,
  ordersOfAccount,
  orderSummaries,
  paymentIssues,
  type OrderSummary,
} from './replies';
export { repairOrders, startOrderRepair, type RepairReport } from './repair';

/**
 * ADR 049, first in update_appointment's transaction (the appointments module asks through app.ts): a
 * paid order's booking moves only while its visit has not started or after a miss — otherwise
 * APPOINTMENT_NOT_CHANGEABLE and nothing changes. The answer, called once the new slot is known, gives
 * the order the new time and starts a new visit (work order Open, no technician; a change by
 * `customer`). The missed visit's credit stays; missing the new time credits again (ADR 047).
 * ADR 080: a dispatcher's new visit (`newVisit`) moves the booking the same way, from where the table
 * lets a dispatcher arrange one, to Pending-ForVisit with the technician they chose. Either way the
 * customer is owed a text naming the new time (an order notice, sent after the commit).
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

/** ADR 092: the order booking an appointment, as the dispatchers' calendar lists it; if any. */
export async function orderOfBooking(
  db: Db,
  accountId: string,
  appointmentId: string,
): Promise<{ orderId: string; orderNumber: string; isPaid: boolean } | undefined> {
  const order = await findOrderOfAppointment(db, accountId, appointmentId);
  if (!order) return undefined;
  return {
    orderId: order.id,
    orderNumber: orderNumberOf(order),
    isPaid: order.state === ORDER_STATES.paid,
  };
}

/**
 * ADR 092, in the block's transaction: a paid order booked in a period a dispatcher blocked loses its
 * time — its place goes back, it waits for a new one (needs_new_time, the reason kept to show), its work
 * order waits (Delayed, no technician), and the customer is owed one text with the reason. Answers the
 * order's id, or undefined when no paid order holds the appointment (nothing changed).
 */
export async function loseTimeToBlock(
  tx: Db,
  booking: { accountId: string; appointmentId: string },
  block: { reason: string; source: ChangeSource; at: Date },
): Promise<string | undefined> {
  const order = await lockOrderOfAppointment(tx, booking.accountId, booking.appointmentId, [
    ORDER_STATES.paid,
  ]);
  if (!order) return undefined;
  await applyChange(tx, order, {
    event: 'period_blocked',
    source: block.source,
    at: block.at,
    reason: block.reason,
    values: { newTimeReason: block.reason },
  });
  return order.id;
}
