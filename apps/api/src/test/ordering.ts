import type { QueryResultRow } from 'pg';
import { expect } from 'vitest';
import type { TCondominiumAddressParts } from '@konek/contract/address-book';
import {
  GET_AVAILABLE_TIME_SLOTS_PATH,
  RESERVE_APPOINTMENT_PATH,
  type TBookableSlot,
} from '@konek/contract/appointments';
import { FETCH_PAYMENT_SESSION_DATA_PATH } from '@konek/contract/fetch-payment-session-data';
import { CREATE_ORDER_PATH, GET_ORDER_ENTITIES_PATH, type TOrder } from '@konek/contract/orders';
import { GET_RESOURCE_PATH, type TResource } from '@konek/contract/resource';
import { post, type Customer } from './accounts';
import { quickCustomers, tokenFor } from './customers';
import { withReservedNetwork } from './journey';
import { checkoutIdOf, type PaymentsKit } from './payments';
import type { TestApp } from './test-app';
import type { TestClock } from './test-clock';

// The ordering journey through HTTP for the orders tests: customers through details and schedule (the
// network reserved, a place held), create_order, the order and its payment read back as the customer
// reads them, and the rows behind them.

export const OFFER = 'konek-prepaid-50';

export type Ready = {
  who: Customer;
  resource: TResource;
  appointmentId: string;
  slot: TBookableSlot;
};

export type CreatedReply = { order: TOrder; payment_session_id: string; checkout_url: string };

export function orderingKit(context: {
  testApp: TestApp;
  clock: TestClock;
  kit: PaymentsKit;
  /** The home every customer orders for (a listed building: a port for everyone). */
  unit: () => TCondominiumAddressParts;
}) {
  // Read when used: a test file builds the kit before its beforeAll makes the app.
  const app = () => context.testApp.app;

  const target = (who: Customer, extra: object = {}) => ({
    target_id: who.accountId,
    target_type: 2,
    ...extra,
  });

  const sql = <T extends QueryResultRow>(text: string, values: unknown[] = []) =>
    context.testApp.database.pool.query<T>(text, values);

  async function freshToken(who: Customer): Promise<Customer> {
    return { ...who, token: await tokenFor(context.testApp, who, context.clock) };
  }

  async function withToken(ready: Ready): Promise<Ready> {
    return { ...ready, who: await freshToken(ready.who) };
  }

  async function slotsOf(who: Customer): Promise<TBookableSlot[]> {
    const reply = await post(app(), GET_AVAILABLE_TIME_SLOTS_PATH, target(who), who.token);
    expect(reply.statusCode, reply.body).toBe(200);
    const slots: Record<string, { start_time: string; end_time: string }> = reply.json().time_slots;
    return Object.entries(slots).map(([id, times]) => ({ id, ...times }));
  }

  async function reserve(who: Customer, slot: TBookableSlot): Promise<string> {
    const reply = await post(
      app(),
      RESERVE_APPOINTMENT_PATH,
      target(who, { time_slot: slot }),
      who.token,
    );
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().appointment.appointment_id;
  }

  /** Customers through details and schedule: the network reserved and a place held. */
  async function readyCustomers(count: number, slotIndex = 0): Promise<Ready[]> {
    const customers = await quickCustomers(context.testApp, count, context.clock);
    await withReservedNetwork(app(), customers, context.unit());
    const ready: Ready[] = [];
    for (const who of customers) {
      const resource = (await post(app(), GET_RESOURCE_PATH, target(who), who.token)).json()
        .resource as TResource;
      const slot = (await slotsOf(who))[slotIndex]!;
      ready.push({ who, resource, slot, appointmentId: await reserve(who, slot) });
    }
    return ready;
  }

  function orderBody(ready: Ready, extra: object = {}) {
    return target(ready.who, {
      unified_fiber_creation: true,
      external_order_id: ready.resource.external_order_id,
      external_order_action_id: ready.resource.external_order_action_id,
      appointment_id: ready.appointmentId,
      entity_ids: [{ id: OFFER, type: 'offer', quantity: 1 }],
      payment_method: 1,
      ...extra,
    });
  }

  const createOrder = (ready: Ready, extra: object = {}) =>
    post(app(), CREATE_ORDER_PATH, orderBody(ready, extra), ready.who.token);

  async function created(ready: Ready, extra: object = {}): Promise<CreatedReply> {
    const reply = await createOrder(ready, extra);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json() as CreatedReply;
  }

  async function orderOf(ready: Ready, orderId: string): Promise<TOrder> {
    const who = await freshToken(ready.who);
    const reply = await post(
      app(),
      GET_ORDER_ENTITIES_PATH,
      target(who, { order_ids: [orderId] }),
      who.token,
    );
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().orders[0];
  }

  async function sessionOf(ready: Ready, paymentSessionId: string) {
    const who = await freshToken(ready.who);
    const reply = await post(
      app(),
      FETCH_PAYMENT_SESSION_DATA_PATH,
      { payment_session_id: paymentSessionId, application_id: 'konek-web' },
      who.token,
    );
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().payment_session;
  }

  const act = (checkoutUrl: string, action: 'authorize' | 'decline' | 'cancel' | 'expire') =>
    context.kit.gateway.act(checkoutIdOf(checkoutUrl), action);

  async function workOrdersOf(orderId: string) {
    return (
      await sql<{ status: string; changes: number }>(
        `select w.status, (select count(*)::int from work_order_changes c where c.work_order_id = w.id) as changes
           from work_orders w where w.order_id = $1`,
        [orderId],
      )
    ).rows;
  }

  async function smsTo(msisdn: string): Promise<string[]> {
    return (
      await sql<{ body: string }>('select body from sms_outbox where msisdn = $1 order by id', [
        msisdn,
      ])
    ).rows.map((row) => row.body);
  }

  async function appointmentStatus(appointmentId: string): Promise<string> {
    return (
      await sql<{ status: string }>('select status from appointments where id = $1', [
        appointmentId,
      ])
    ).rows[0]!.status;
  }

  async function reservationStatus(externalOrderId: string): Promise<string> {
    return (
      await sql<{ status: string }>(
        'select status from resource_reservations where external_order_id = $1',
        [externalOrderId],
      )
    ).rows[0]!.status;
  }

  return {
    target,
    sql,
    freshToken,
    withToken,
    slotsOf,
    reserve,
    readyCustomers,
    orderBody,
    createOrder,
    created,
    orderOf,
    sessionOf,
    act,
    workOrdersOf,
    smsTo,
    appointmentStatus,
    reservationStatus,
  };
}
