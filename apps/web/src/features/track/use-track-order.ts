import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PAYABLE_ORDER_STATES, type TOrder } from '@konek/contract/orders';
import { TRACKING_POLL_SECONDS } from '@konek/contract/tracking';
import type { TWorkOrder } from '@konek/contract/view-work-order';
import { ensureAccount } from '../../lib/auth-session';
import { fetchOrders } from '../../lib/orders';
import { getSession } from '../../lib/session';
import { webConfigQuery } from '../../lib/web-config';
import { fetchWorkOrder } from './api/work-order';
import { laterWorkOrder } from './track-model';
import { openTrackingStream } from './tracking-stream';

// ADR 050: the customer's order and its work order, read when a tracking page opens and then kept
// live: the Server-Sent Events stream replaces the work order as it changes; when the stream cannot be
// held, view_work_order is asked again every TRACKING_POLL_SECONDS. ADR 080: a paid order that lost its
// installation time has no work order yet; it is shown with the way to book a new time.

export type TrackData =
  /** No paid order on the account: nothing to track yet. */
  | { kind: 'no-order' }
  /** ADR 077: an order made and not paid yet (waiting, declined, left at the wallet): pay to finish. */
  | { kind: 'unpaid'; order: TOrder }
  | {
      kind: 'ready';
      accountId: string;
      ossSegment: string;
      order: TOrder;
      /** Null while the paid order waits for a new installation time (needs_new_time). */
      workOrder: TWorkOrder | null;
    };

export const TRACK_ORDER_KEY = ['track-order'] as const;

/** The newest order that was paid (a refunded one still tells its story). */
export function orderToTrack(orders: readonly TOrder[]): TOrder | null {
  return orders.find((order) => order.paid_at !== null) ?? null;
}

async function loadTrackData(
  loadConfig: () => Promise<{ operatorName: string; ossSegment: string }>,
  signal: AbortSignal,
  held: () => TrackData | undefined,
): Promise<TrackData> {
  const session = getSession();
  if (!session) throw new Error('signed out');
  const config = await loadConfig();
  const accountId = session.accountId ?? (await ensureAccount(config.operatorName));
  if (!accountId) throw new Error('no account');
  const orders = await fetchOrders(accountId, undefined, signal);
  if (orders === null) throw new Error('orders unreadable');
  const order = orderToTrack(orders);
  if (!order) {
    const unpaid = orders.find((candidate) => PAYABLE_ORDER_STATES.includes(candidate.state));
    return unpaid ? { kind: 'unpaid', order: unpaid } : { kind: 'no-order' };
  }
  if (order.properties.work_order_status === null) {
    return { kind: 'ready', accountId, ossSegment: config.ossSegment, order, workOrder: null };
  }
  const result = await fetchWorkOrder(order.external_order_action_id, config.ossSegment, signal);
  if (!result.ok) throw new Error('work order unreadable');
  // A status the stream brought while this read was under way is newer than the read: kept.
  const current = held();
  return {
    kind: 'ready',
    accountId,
    ossSegment: config.ossSegment,
    order,
    workOrder: laterWorkOrder(
      result.reply.work_order,
      current?.kind === 'ready' ? (current.workOrder ?? undefined) : undefined,
    ),
  };
}

/** The order and work order, live while the page is open. */
export function useTrackOrder() {
  const queryClient = useQueryClient();
  const [isPolling, setIsPolling] = useState(false);
  const query = useQuery({
    queryKey: TRACK_ORDER_KEY,
    queryFn: ({ signal }) =>
      loadTrackData(
        () => queryClient.fetchQuery(webConfigQuery),
        signal,
        () => queryClient.getQueryData<TrackData>(TRACK_ORDER_KEY),
      ),
    staleTime: 0,
    retry: 1,
    refetchInterval: isPolling ? TRACKING_POLL_SECONDS * 1000 : false,
  });
  const ready = query.data?.kind === 'ready' ? query.data : null;
  // The stream follows a work order; an order without one has nothing to follow yet.
  const orderActionId = ready?.workOrder ? ready.order.external_order_action_id : undefined;
  const ossSegment = ready?.ossSegment;

  // A subscription to an outside system, the one thing an effect is for.
  useEffect(() => {
    const token = getSession()?.token;
    if (!orderActionId || !ossSegment || !token) return;
    return openTrackingStream({
      ossSegment,
      orderActionId,
      token,
      onWorkOrder: (workOrder) => {
        setIsPolling(false);
        queryClient.setQueryData<TrackData>(TRACK_ORDER_KEY, (current) =>
          current?.kind === 'ready' ? { ...current, workOrder } : current,
        );
      },
      onFailure: () => setIsPolling(true),
    });
  }, [orderActionId, ossSegment, queryClient]);

  return query;
}
