import { cancelOrderCall, getOrderEntitiesCall, type TOrder } from '@konek/contract/orders';
import { call } from './call';

// product §7.1 get order entities (no timeout, product §9) and cancel order: read by the pay step and by
// track my order.

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
      ...(orderIds ? { order_ids: orderIds } : {}),
    },
    { signal, timeout: null },
  );
  return result.ok ? result.reply.orders : null;
}

export function cancelOrder(accountId: string, orderId: string) {
  return call(cancelOrderCall, {
    target_id: accountId,
    order_id: orderId,
  });
}
