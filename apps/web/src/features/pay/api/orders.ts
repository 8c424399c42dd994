import { createOrderCall, type TCreateOrderRequest } from '@konek/contract/orders';
import { call } from '../../../lib/call';

// product §7.1 create order (get order entities and cancel order: lib/orders.ts). The server prices
// the order itself (ADR 039): nothing here sends an amount.

export type CreateOrderInput = Omit<
  TCreateOrderRequest,
  'target_id' | 'target_type' | 'unified_fiber_creation'
>;

export function createOrder(accountId: string, input: CreateOrderInput) {
  return call(createOrderCall, {
    ...input,
    target_id: accountId,
    unified_fiber_creation: true,
  });
}
