import type { TWorkOrder } from '@konek/contract/view-work-order';
import { createNotificationListener, type ListenConnection } from '../../platform/db/listener';

// ADR 048: live tracking across replicas. A trigger (migration 0015) sends NOTIFY konek_work_order with a
// work order's id in the transaction of every change the customer sees, on whichever replica made it.
// Each API process holds one listening connection (platform/db/listener.ts), opened with the first
// stream. A notification re-reads the work order once per process and pushes the snapshot to that
// process's streams of it.

export const TRACKING_CHANNEL = 'konek_work_order';

export type TrackingSubscriber = {
  /** Writes a snapshot to the stream. */
  push: (snapshot: TWorkOrder) => void;
  /** Ends the stream (the app closes, or the work order is gone). */
  end: () => void;
};

type Watched = {
  subscribers: Set<TrackingSubscriber>;
  /** The last snapshot pushed to each (as JSON), so an unchanged one is not sent again. */
  lastSent: Map<TrackingSubscriber, string>;
  isReading: boolean;
  isStale: boolean;
};

export type TrackingHub = {
  /**
   * Watches a work order: once listening, the current snapshot is read and pushed, then a new one after
   * every change. Returns the function that stops watching.
   */
  subscribe: (workOrderId: string, subscriber: TrackingSubscriber) => Promise<() => void>;
  /** Ends every stream and the listening connection. */
  close: () => Promise<void>;
};

export function createTrackingHub(options: {
  connection: ListenConnection;
  read: (workOrderId: string) => Promise<TWorkOrder | undefined>;
  log: { error: (object: object, message: string) => void };
}): TrackingHub {
  const watched = new Map<string, Watched>();
  let isClosed = false;

  /** Reads the work order and pushes it; changes arriving meanwhile are read again after (in order). */
  function refresh(workOrderId: string): void {
    const entry = watched.get(workOrderId);
    if (!entry) return;
    entry.isStale = true;
    if (entry.isReading) return;
    entry.isReading = true;
    void (async () => {
      try {
        while (entry.isStale && !isClosed) {
          entry.isStale = false;
          const snapshot = await options.read(workOrderId);
          if (snapshot === undefined) {
            for (const subscriber of entry.subscribers) subscriber.end();
            continue;
          }
          const json = JSON.stringify(snapshot);
          for (const subscriber of entry.subscribers) {
            if (entry.lastSent.get(subscriber) === json) continue;
            entry.lastSent.set(subscriber, json);
            subscriber.push(snapshot);
          }
        }
      } catch (error) {
        options.log.error({ err: error }, 'tracking snapshot not read');
      } finally {
        entry.isReading = false;
      }
    })();
  }

  const listener = createNotificationListener({
    connection: options.connection,
    channel: TRACKING_CHANNEL,
    onNotification: refresh,
    // Changes made while no connection listened are not lost: every watched order is read again.
    onListening: () => {
      for (const workOrderId of watched.keys()) refresh(workOrderId);
    },
    isWanted: () => watched.size > 0,
    log: options.log,
  });

  return {
    subscribe: async (workOrderId, subscriber) => {
      let entry = watched.get(workOrderId);
      if (!entry) {
        entry = { subscribers: new Set(), lastSent: new Map(), isReading: false, isStale: false };
        watched.set(workOrderId, entry);
      }
      entry.subscribers.add(subscriber);
      const unsubscribe = () => {
        const current = watched.get(workOrderId);
        if (!current) return;
        current.subscribers.delete(subscriber);
        current.lastSent.delete(subscriber);
        if (current.subscribers.size === 0) watched.delete(workOrderId);
      };
      try {
        await listener.ensureListening();
      } catch (error) {
        unsubscribe();
        throw error;
      }
      refresh(workOrderId);
      return unsubscribe;
    },
    close: async () => {
      isClosed = true;
      for (const entry of watched.values()) {
        for (const subscriber of entry.subscribers) subscriber.end();
      }
      watched.clear();
      await listener.close();
    },
  };
}
