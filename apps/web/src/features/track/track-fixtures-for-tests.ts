import { GET_ORDER_ENTITIES_PATH, CANCEL_ORDER_PATH, type TOrder } from '@konek/contract/orders';
import { viewWorkOrderPath, type TWorkOrder } from '@konek/contract/view-work-order';
import { ok, type FakeHandler } from '../../lib/fake-api-for-tests';
import { OSS, journeyApi } from '../../lib/journey-fixtures-for-tests';

// Test support for the track-my-order screens: a paid order and its work order as the API answers them
// (contract orders.ts, view-work-order.ts), served by the journey's fake API.

export const VIEW_WORK_ORDER_PATH = viewWorkOrderPath(OSS);

/** Manila 09:00–12:00 on December 1, 2026. */
export const BOOKED_SLOT = {
  start_time: '2026-12-01T01:00:00.000Z',
  end_time: '2026-12-01T04:00:00.000Z',
};

export const HOME = { lat: 14.45056, lng: 120.98278 };

export function paidOrder(changes: Partial<TOrder> = {}): TOrder {
  return {
    order_id: 'order-1',
    order_number: 'KNK-2611-000123',
    state: 1,
    state_name: 'paid',
    purchased: true,
    entities: {
      product: {
        'offer-1': {
          id: 'offer-1',
          type: 'offer',
          quantity: 1,
          name: 'Fiber 1499',
          price: 1499,
          price_centavos: 149900,
          special_offer: false,
        },
      },
    },
    properties: { work_order_status: 'Open' },
    external_order_id: 'EO-1',
    external_order_action_id: 'EOA-1',
    appointment_id: 'appointment-1',
    installation: BOOKED_SLOT,
    total_price: {
      currency: 'PHP',
      sub_total: 1499,
      sub_total_centavos: 149900,
      original_amount: 1499,
      original_amount_centavos: 149900,
      discount: [],
    },
    amount: 1499,
    amount_centavos: 149900,
    currency: 'PHP',
    payment_method: 1,
    payment: null,
    special_offer: false,
    created_at: '2026-11-25T02:00:00.000Z',
    paid_at: '2026-11-25T02:05:00.000Z',
    changes: [],
    ...changes,
  };
}

export function workOrder(changes: Partial<TWorkOrder> = {}): TWorkOrder {
  return {
    order_action_id: 'EOA-1',
    order_id: 'order-1',
    order_number: 'KNK-2611-000123',
    work_order_status: 'Open',
    installation_status: 'Order Confirmed',
    installation: BOOKED_SLOT,
    technician: null,
    credits: [],
    tracking: { destination: HOME, technician_position: null, eta_minutes: null },
    changes: [
      {
        work_order_status: 'Open',
        installation_status: 'Order Confirmed',
        at: '2026-11-25T02:05:00Z',
        new_installation: null,
      },
    ],
    ...changes,
  };
}

/** On the way: Juan, about 12 minutes out, with his position. */
export function onTheWay(changes: Partial<TWorkOrder> = {}): TWorkOrder {
  return workOrder({
    work_order_status: 'Pending-OnTheWay',
    installation_status: 'Awaiting Installation',
    technician: { first_name: 'Juan' },
    tracking: {
      destination: HOME,
      technician_position: { lat: 14.47, lng: 120.99, at: '2026-12-01T01:10:00Z', accuracy_m: 10 },
      eta_minutes: 12,
    },
    changes: [
      {
        work_order_status: 'Open',
        installation_status: 'Order Confirmed',
        at: '2026-11-25T02:05:00Z',
        new_installation: null,
      },
      {
        work_order_status: 'Pending-ForVisit',
        installation_status: 'Order Confirmed',
        at: '2026-11-30T08:00:00Z',
        new_installation: null,
      },
      {
        work_order_status: 'Pending-OnTheWay',
        installation_status: 'Awaiting Installation',
        at: '2026-12-01T01:05:00Z',
        new_installation: null,
      },
    ],
    ...changes,
  });
}

/** The API of a signed-in customer with `orders` and the work order `current()` answers. */
export function trackApi({
  orders = [paidOrder()],
  current = () => workOrder(),
  overrides = {},
}: {
  orders?: TOrder[];
  current?: () => TWorkOrder | Response;
  overrides?: Record<string, FakeHandler>;
} = {}) {
  return journeyApi({
    [GET_ORDER_ENTITIES_PATH]: () => ok({ orders }),
    [VIEW_WORK_ORDER_PATH]: () => {
      const answer = current();
      return answer instanceof Response ? answer : ok({ work_order: answer });
    },
    [CANCEL_ORDER_PATH]: () => ok({ order: paidOrder({ state: 200, state_name: 'refunded' }) }),
    ...overrides,
  });
}
