import pg from 'pg';
import type { TWorkOrder } from '@konek/contract/view-work-order';

// ADR 048: live tracking across replicas. A trigger (migration 0015) sends NOTIFY konek_work_order with a
// work order's id in the transaction of every change the customer sees, on whichever replica made it.
// Each API process holds one listening connection of its own (not from the pool: a pooled client goes
// back and loses its LISTEN), opened with the first stream and reopened after an error. A notification
// re-reads the work order once per process and pushes the snapshot to that process's streams of it.

export const TRACKING_CHANNEL = 'konek_work_order';

/** Wait before reopening a lost listening connection (doubling up to the cap). */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;

export type TrackingSubscriber = {
  /** Writes a snapshot to the stream. */
  push: (snapshot: TWorkOrder) => void;
  /** Ends the stream (the app closes, or the work order is gone). */
  end: () => void;
};

type Watched = {
  subscribers: Set<TrackingSubscriber>;
  /** The last snapshot pushed (as JSON), so an unchanged one is not sent again. */
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
  /** The pool's connection settings, for the one connection outside it. */
  connection: pg.ClientConfig;
  read: (workOrderId: string) => Promise<TWorkOrder | undefined>;
  log: { error: (object: object, message: string) => void };
}): TrackingHub {
  const watched = new Map<string, Watched>();
  let client: pg.Client | null = null;
  let listening: Promise<void> | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let reconnectMs = RECONNECT_FIRST_MS;
  let isClosed = false;

  /** Reads the work order and pushes it; changes arriving meanwhile are read again after. */
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

  function scheduleReconnect(): void {
    if (isClosed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      listening = null;
      if (watched.size > 0) void ensureListening().catch(() => undefined);
    }, reconnectMs);
    reconnectTimer.unref();
    reconnectMs = Math.min(reconnectMs * 2, RECONNECT_MAX_MS);
  }

  function ensureListening(): Promise<void> {
    if (listening) return listening;
    const connection = new pg.Client(options.connection);
    client = connection;
    listening = (async () => {
      connection.on('notification', (message) => {
        if (message.channel === TRACKING_CHANNEL && message.payload) refresh(message.payload);
      });
      const lost = (error?: Error) => {
        if (client !== connection) return;
        client = null;
        if (error) options.log.error({ err: error }, 'tracking listener lost; reconnecting');
        connection.end().catch(() => undefined);
        scheduleReconnect();
      };
      connection.on('error', lost);
      connection.on('end', () => lost());
      try {
        await connection.connect();
        await connection.query(`LISTEN ${TRACKING_CHANNEL}`);
      } catch (error) {
        lost(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
      reconnectMs = RECONNECT_FIRST_MS;
      // Changes made while no connection listened are not lost: every watched order is read again.
      for (const workOrderId of watched.keys()) refresh(workOrderId);
    })();
    return listening;
  }

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
        await ensureListening();
      } catch (error) {
        unsubscribe();
        throw error;
      }
      refresh(workOrderId);
      return unsubscribe;
    },
    close: async () => {
      isClosed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      for (const entry of watched.values()) {
        for (const subscriber of entry.subscribers) subscriber.end();
      }
      watched.clear();
      const connection = client;
      client = null;
      if (connection) await connection.end().catch(() => undefined);
    },
  };
}
