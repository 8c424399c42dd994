import { TRACKING_EVENT, trackWorkOrderPath } from '@konek/contract/tracking';
import { ZWorkOrder, type TWorkOrder } from '@konek/contract/view-work-order';

// The work order pushed by Server-Sent Events (contract tracking.ts). The browser's EventSource
// cannot send the bearer token, so the maintained `eventsource` package does (its `fetch` option); it is
// imported here only, and this module only from the tracking screens, so it loads with them.

export type TrackingStreamOptions = {
  ossSegment: string;
  orderActionId: string;
  token: string;
  onWorkOrder: (workOrder: TWorkOrder) => void;
  /** The stream could not be opened or was closed for good: the caller polls instead. */
  onFailure: () => void;
};

/** Opens the stream; the answer closes it. */
export function openTrackingStream(options: TrackingStreamOptions): () => void {
  let isClosed = false;
  let close = () => {
    isClosed = true;
  };
  void import('eventsource').then(({ EventSource }) => {
    if (isClosed) return;
    const url = `${trackWorkOrderPath(options.ossSegment)}?order_action_id=${encodeURIComponent(options.orderActionId)}`;
    const source = new EventSource(url, {
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          headers: { ...init.headers, Authorization: `Bearer ${options.token}` },
        }),
    });
    source.addEventListener(TRACKING_EVENT, (event) => {
      const parsed = ZWorkOrder.safeParse(safeJson(event.data));
      if (parsed.success) options.onWorkOrder(parsed.data);
    });
    source.addEventListener('error', () => {
      // The package reconnects by itself while it can; CLOSED means it gave up (a 4xx, a wrong type).
      if (source.readyState === source.CLOSED) options.onFailure();
    });
    close = () => source.close();
  }, options.onFailure);
  return () => close();
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
