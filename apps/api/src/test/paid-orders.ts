import { expect } from 'vitest';
import {
  GET_AVAILABLE_TIME_SLOTS_PATH,
  RESERVE_APPOINTMENT_PATH,
  UPDATE_APPOINTMENT_PATH,
  type TBookableSlot,
} from '@konek/contract/appointments';
import type { TCondominiumAddressParts } from '@konek/contract/address-book';
import { CANCEL_ORDER_PATH, CREATE_ORDER_PATH, type TOrder } from '@konek/contract/orders';
import { GET_RESOURCE_PATH, type TResource } from '@konek/contract/resource';
import { viewWorkOrderPath, type TWorkOrder } from '@konek/contract/view-work-order';
import type { Clock } from '../platform/clock';
import { post, type Customer } from './accounts';
import { quickCustomers, tokenFor } from './customers';
import { barangayDetail, buildingParts, LAS_PINAS, withReservedNetwork } from './journey';
import { checkoutIdOf, paymentsKit, type PaymentsKit } from './payments';
import type { TestApp } from './test-app';

// Paid orders made the way a customer makes them — details, a held place, create_order, paid at the
// local gateway — for the tests of what happens after payment that need the real booking, payment and
// refund (a new time moves a place; a cancel refunds through the gateway).

const OFFER = 'konek-prepaid-50';

export type PaidOrder = {
  who: Customer;
  resource: TResource;
  appointmentId: string;
  slot: TBookableSlot;
  order: TOrder;
  paymentSessionId: string;
  workOrderId: string;
};

/** An order made and waiting for its payment at `checkoutUrl`. */
export type OrderedNotPaid = Omit<PaidOrder, 'workOrderId'> & { checkoutUrl: string };

export type PaidOrdersKit = {
  payments: PaymentsKit;
  /** `count` customers through details, schedule and create_order, their checkouts not paid yet. */
  orderedNotPaid: (count: number, slotIndex?: number) => Promise<OrderedNotPaid[]>;
  /** create_order for the customer's reservation and appointment (a new one: a needs_new_time rebook). */
  createOrder: (
    who: Customer,
    resource: TResource,
    appointmentId: string,
  ) => ReturnType<typeof post>;
  /** Holds a place of `slot` for the customer (reserve_appointment); answers the appointment id. */
  hold: (who: Customer, slot: TBookableSlot) => Promise<string>;
  /** `count` customers through details and schedule, each holding a place (the `slotIndex`th free slot). */
  paidOrders: (count: number, slotIndex?: number) => Promise<PaidOrder[]>;
  /** The same customer with a token valid now. */
  fresh: (paid: PaidOrder) => Promise<PaidOrder>;
  slotsOf: (who: Customer, appointmentId?: string) => Promise<TBookableSlot[]>;
  viewWorkOrder: (paid: PaidOrder) => Promise<TWorkOrder>;
  moveBooking: (paid: PaidOrder, slot: TBookableSlot) => ReturnType<typeof post>;
  cancel: (paid: PaidOrder) => ReturnType<typeof post>;
  smsTo: (who: Customer) => Promise<string[]>;
  paymentStatus: (paid: PaidOrder) => Promise<string>;
};

const target = (who: Customer, extra: object = {}) => ({
  target_id: who.accountId,
  target_type: 2,
  ...extra,
});

export async function paidOrdersKit(testApp: TestApp, clock: Clock): Promise<PaidOrdersKit> {
  const payments = paymentsKit(testApp, { clock, retryDelaysMs: [] });
  const almanzaUno = await barangayDetail(testApp.app, LAS_PINAS.code, 'Almanza Uno');
  // Served by its in-building fibre: every customer gets a port.
  const unit: TCondominiumAddressParts = await buildingParts(
    testApp.app,
    almanzaUno,
    LAS_PINAS,
    'Yakal Heights',
  );
  const sql = (text: string, values: unknown[] = []) => testApp.database.pool.query(text, values);

  const createOrder = (who: Customer, resource: TResource, appointmentId: string) =>
    post(
      testApp.app,
      CREATE_ORDER_PATH,
      target(who, {
        unified_fiber_creation: true,
        external_order_id: resource.external_order_id,
        external_order_action_id: resource.external_order_action_id,
        appointment_id: appointmentId,
        entity_ids: [{ id: OFFER, type: 'offer', quantity: 1 }],
        payment_method: 1,
      }),
      who.token,
    );

  const hold = async (who: Customer, slot: TBookableSlot): Promise<string> => {
    const held = await post(
      testApp.app,
      RESERVE_APPOINTMENT_PATH,
      target(who, { time_slot: slot }),
      who.token,
    );
    expect(held.statusCode, held.body).toBe(200);
    return held.json().appointment.appointment_id;
  };

  const slotsOf = async (who: Customer, appointmentId?: string) => {
    const reply = await post(
      testApp.app,
      GET_AVAILABLE_TIME_SLOTS_PATH,
      target(who, appointmentId ? { appointment_id: appointmentId } : {}),
      who.token,
    );
    expect(reply.statusCode, reply.body).toBe(200);
    const slots: Record<string, { start_time: string; end_time: string }> = reply.json().time_slots;
    return Object.entries(slots).map(([id, times]) => ({ id, ...times }));
  };

  const orderedNotPaid = async (count: number, slotIndex = 0): Promise<OrderedNotPaid[]> => {
    const customers = await quickCustomers(testApp, count, clock);
    await withReservedNetwork(testApp.app, customers, unit);
    const ordered: OrderedNotPaid[] = [];
    for (const who of customers) {
      const resource = (await post(testApp.app, GET_RESOURCE_PATH, target(who), who.token)).json()
        .resource as TResource;
      const slot = (await slotsOf(who))[slotIndex]!;
      const appointmentId = await hold(who, slot);
      const created = await createOrder(who, resource, appointmentId);
      expect(created.statusCode, created.body).toBe(200);
      const reply = created.json() as {
        order: TOrder;
        checkout_url: string;
        payment_session_id: string;
      };
      ordered.push({
        who,
        resource,
        appointmentId,
        slot,
        order: reply.order,
        paymentSessionId: reply.payment_session_id,
        checkoutUrl: reply.checkout_url,
      });
    }
    return ordered;
  };

  const paidOrders = async (count: number, slotIndex = 0): Promise<PaidOrder[]> => {
    const paid: PaidOrder[] = [];
    for (const { checkoutUrl, ...ordered } of await orderedNotPaid(count, slotIndex)) {
      await payments.gateway.act(checkoutIdOf(checkoutUrl), 'authorize');
      const { rows } = await sql('select id from work_orders where order_id = $1', [
        ordered.order.order_id,
      ]);
      expect(rows, 'the paid order opened its work order').toHaveLength(1);
      paid.push({ ...ordered, workOrderId: (rows[0] as { id: string }).id });
    }
    return paid;
  };

  const fresh = async (paid: PaidOrder): Promise<PaidOrder> => ({
    ...paid,
    who: { ...paid.who, token: await tokenFor(testApp, paid.who, clock) },
  });

  return {
    payments,
    orderedNotPaid,
    createOrder,
    hold,
    paidOrders,
    fresh,
    slotsOf,
    viewWorkOrder: async (paid) => {
      const reply = await post(
        testApp.app,
        viewWorkOrderPath(testApp.config.ossSegment),
        { order_action_id: paid.resource.external_order_action_id },
        (await fresh(paid)).who.token,
      );
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json().work_order as TWorkOrder;
    },
    moveBooking: (paid, slot) =>
      post(
        testApp.app,
        UPDATE_APPOINTMENT_PATH,
        target(paid.who, {
          appointment_id: paid.appointmentId,
          time_slot: slot,
          activity_type: 'Installation',
        }),
        paid.who.token,
      ),
    cancel: (paid) =>
      post(
        testApp.app,
        CANCEL_ORDER_PATH,
        target(paid.who, { order_id: paid.order.order_id }),
        paid.who.token,
      ),
    smsTo: async (who) =>
      (
        await sql('select body from sms_outbox where msisdn = $1 order by id', [who.msisdn])
      ).rows.map((row) => (row as { body: string }).body),
    paymentStatus: async (paid) =>
      (
        (await sql('select status from payment_sessions where id = $1', [paid.paymentSessionId]))
          .rows[0] as { status: string }
      ).status,
  };
}
