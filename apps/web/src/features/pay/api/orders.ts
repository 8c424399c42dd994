import { TARGET_TYPE_ACCOUNT } from '@konek/contract/constants';
import {
  cancelOrderCall,
  createOrderCall,
  getOrderEntitiesCall,
  type TCreateOrderRequest,
  type TOrder,
} from '@konek/contract/orders';
import { call } from '../../../lib/call';

// product §7.1 create order, get order entities (no timeout, product §9), cancel order. The server prices
// the order itself (ADR 039): nothing here sends an amount.

export type CreateOrderInput = Omit<
  TCreateOrderRequest,
  'target_id' | 'target_type' | 'unified_fiber_creation'
>;

export function createOrder(accountId: string, input: CreateOrderInput) {
  return call(createOrderCall, {
    ...input,
    target_id: accountId,
    target_type: TARGET_TYPE_ACCOUNT,
    unified_fiber_creation: true,
  });
}

/** The account's orders, newest first (or only `orderIds`); null when they could not be read. */
export async function fetchOrders(
  accountId: string,
  orderIds?: string[],
  signal?: AbortSignal,
): Promise<TOrder[] | null> {
  const result = await call(
    getOrderEntitiesCall,
    {
      target_id: accountId,
      target_type: TARGET_TYPE_ACCOUNT,
      ...(orderIds ? { order_ids: orderIds } : {}),
    },
    { signal, timeout: null },
  );
  return result.ok ? result.reply.orders : null;
}

export function cancelOrder(accountId: string, orderId: string) {
  return call(cancelOrderCall, {
    target_id: accountId,
    target_type: TARGET_TYPE_ACCOUNT,
    order_id: orderId,
  });
}
