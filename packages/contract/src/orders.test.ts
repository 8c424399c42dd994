import { describe, expect, it } from 'vitest';
import {
  createOrderCall,
  isPurchasedOrderState,
  ORDER_STATES,
  orderStateName,
  salesAgentOf,
  ZCreateOrderRequest,
  ZGetOrderEntitiesRequest,
} from './orders';

const body = {
  target_id: 'a3b0c7d2-5f41-4c1a-9e2b-0d6f7e8a9b10',
  target_type: 2,
  unified_fiber_creation: true,
  external_order_id: 'EO-1',
  external_order_action_id: 'EOA-1',
  appointment_id: 'ap-1',
  entity_ids: [{ id: 'konek-prepaid-50', type: 'offer', quantity: 1 }],
  payment_method: 3,
};

describe('ZCreateOrderRequest (product §7.1 create order)', () => {
  it('accepts the spec payload with its optional fields', () => {
    const full = {
      ...body,
      referral_code: 'KNK7Q4MZP',
      utm_source: 'sms',
      utm_medium: 'store',
      voucher_codes: ['KONEK800'],
    };
    expect(ZCreateOrderRequest.parse(full)).toEqual(full);
  });

  it('defaults payment_method to 1 and voucher_codes to none', () => {
    const rest = Object.fromEntries(
      Object.entries(body).filter(([field]) => field !== 'payment_method'),
    );
    const parsed = ZCreateOrderRequest.parse(rest);
    expect(parsed.payment_method).toBe(1);
    expect(parsed.voucher_codes).toEqual([]);
  });

  it('drops an amount a client adds', () => {
    const parsed = ZCreateOrderRequest.parse({ ...body, amount: 1, total_price: { sub_total: 1 } });
    expect(parsed).not.toHaveProperty('amount');
    expect(parsed).not.toHaveProperty('total_price');
  });

  it.each([
    ['unified_fiber_creation false', { unified_fiber_creation: false }],
    ['a user target', { target_type: 3 }],
    ['payment method 5', { payment_method: 5 }],
    ['a blank external order', { external_order_id: '  ' }],
    ['no offers', { entity_ids: [] }],
    ['quantity 2', { entity_ids: [{ id: 'a', type: 'offer', quantity: 2 }] }],
  ])('refuses %s', (_name, change) => {
    expect(ZCreateOrderRequest.safeParse({ ...body, ...change }).success).toBe(false);
  });

  it('answers the order codes of product §8 with their statuses', () => {
    expect(createOrderCall.errors).toContain('order.ACCOUNT_ALREADY_HAVE_ORDER');
    expect(createOrderCall.replies[409]).toBeDefined();
  });
});

describe('order states (product §4.6)', () => {
  it('counts every state but 3, 101, 102, 103, 200, 500 and 600 as purchased', () => {
    const notPurchased = Object.values(ORDER_STATES).filter(
      (state) => !isPurchasedOrderState(state),
    );
    expect(notPurchased.sort((a, b) => a - b)).toEqual([3, 101, 102, 103, 200, 500, 600]);
    expect(isPurchasedOrderState(ORDER_STATES.paid)).toBe(true);
    expect(isPurchasedOrderState(ORDER_STATES.needs_new_time)).toBe(true);
    expect(isPurchasedOrderState(42)).toBe(true);
  });

  it('names each state once', () => {
    expect(orderStateName(102)).toBe('payment_failed');
    expect(orderStateName(42)).toBeUndefined();
    expect(new Set(Object.values(ORDER_STATES)).size).toBe(Object.keys(ORDER_STATES).length);
  });
});

describe('salesAgentOf (product §3 sales-agent attribution)', () => {
  it.each([
    ['store_MNL042', undefined, { kind: 'store', code: 'MNL042' }],
    ['BDE_juan', undefined, { kind: 'bde', code: 'juan' }],
    ['summer_fibre', undefined, null],
    ['store_', undefined, null],
    ['store_MNL042', 'AG7', { kind: 'salesman', code: 'AG7' }],
    [undefined, undefined, null],
  ])('%s / %s', (campaign, salesman, expected) => {
    expect(salesAgentOf(campaign, salesman)).toEqual(expected);
  });
});

describe('ZGetOrderEntitiesRequest', () => {
  it('takes order_ids as optional and bounded', () => {
    const target = { target_id: 'a', target_type: 2 };
    expect(ZGetOrderEntitiesRequest.safeParse(target).success).toBe(true);
    const many = Array.from({ length: 21 }, (_, index) => `o${index}`);
    expect(ZGetOrderEntitiesRequest.safeParse({ ...target, order_ids: many }).success).toBe(false);
  });
});
