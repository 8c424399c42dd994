import { viewWorkOrderCall, type TWorkOrder } from '@konek/contract/view-work-order';
import { call, type CallResult } from '../../../lib/call';

// product §7.1 view work order: order_action_id (the order's external_order_action_id), no timeout
// (product §9); only the caller's own order answers.

export function fetchWorkOrder(
  orderActionId: string,
  ossSegment: string,
  signal?: AbortSignal,
): Promise<CallResult<{ work_order: TWorkOrder }>> {
  return call(
    viewWorkOrderCall,
    { order_action_id: orderActionId },
    { ossSegment, signal, timeout: null },
  );
}
