import pg from 'pg';

// ADR 048: one connection of its own (not from the pool: a pooled client goes back and loses its LISTEN)
// that LISTENs on a channel, opened on first use and reopened after an error.

/** Wait before reopening a lost listening connection (doubling up to the cap). */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/** The connection settings of the pool, for the one connection outside it. */
export type ListenConnection = pg.ClientConfig;

export type NotificationListener = {
  /** Resolves once the connection listens (opening it when needed). */
  ensureListening: () => Promise<void>;
  close: () => Promise<void>;
};

export function createNotificationListener(options: {
  connection: ListenConnection;
  channel: string;
  onNotification: (payload: string) => void;
  /** Called each time the connection listens again after it was lost (notifications may be missed). */
  onListening: () => void;
  /** Whether to reopen a lost connection now (nobody waits for notifications otherwise). */
  isWanted: () => boolean;
  log: { error: (object: object, message: string) => void };
}): NotificationListener {
  if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new Error('invalid channel name');
  let client: pg.Client | null = null;
  let listening: Promise<void> | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let reconnectMs = RECONNECT_FIRST_MS;
  let isClosed = false;

  function scheduleReconnect(): void {
    if (isClosed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      listening = null;
      if (options.isWanted()) void ensureListening().catch(() => undefined);
    }, reconnectMs);
    reconnectTimer.unref();
    reconnectMs = Math.min(reconnectMs * 2, RECONNECT_MAX_MS);
  }

  function ensureListening(): Promise<void> {
    if (isClosed) return Promise.reject(new Error('the listener is closed'));
    if (listening) return listening;
    const connection = new pg.Client(options.connection);
    client = connection;
    const lost = (error?: Error) => {
      if (client !== connection) return;
      client = null;
      if (error) options.log.error({ err: error }, 'notification listener lost; reconnecting');
      connection.end().catch(() => undefined);
      scheduleReconnect();
    };
    connection.on('notification', (message) => {
      if (message.channel === options.channel && message.payload) {
        options.onNotification(message.payload);
      }
    });
    connection.on('error', lost);
    connection.on('end', () => lost());
    listening = (async () => {
      try {
        await connection.connect();
        await connection.query(`LISTEN ${options.channel}`);
      } catch (error) {
        lost(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
      reconnectMs = RECONNECT_FIRST_MS;
      options.onListening();
    })();
    return listening;
  }

  return {
    ensureListening,
    close: async () => {
      isClosed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const connection = client;
      client = null;
      if (connection) await connection.end().catch(() => undefined);
    },
  };
}
