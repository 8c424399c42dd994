import net from 'node:net';

// ADR 078: PostgreSQL made to stall or go away for one app only. The per-run cluster serves every test
// file at once, so a test cannot stop it; it puts this proxy between its app and the cluster instead.

export type StallingProxy = {
  /** The database's URL through the proxy. */
  url: string;
  /**
   * Nothing passes either way, and new connections are taken but not answered: as a server that was
   * stopped (SIGSTOP) looks to its clients.
   */
  stall: () => void;
  /** Everything held passes, and what follows. */
  resume: () => void;
  /** Every connection is cut, and new ones refused: as a server that went away. */
  cut: () => Promise<void>;
  /** New connections are accepted again after a cut. */
  restore: () => Promise<void>;
  close: () => Promise<void>;
};

type Upstream = { path: string } | { host: string; port: number };

/** Where `databaseUrl` connects: its `host` parameter may name a Unix socket directory. */
function upstreamOf(databaseUrl: URL): Upstream {
  const port = Number(databaseUrl.port || 5432);
  const socketDirectory = databaseUrl.searchParams.get('host');
  if (socketDirectory?.startsWith('/')) return { path: `${socketDirectory}/.s.PGSQL.${port}` };
  return { host: databaseUrl.hostname, port };
}

export async function startStallingProxy(databaseUrl: string): Promise<StallingProxy> {
  const target = new URL(databaseUrl);
  const upstream = upstreamOf(target);
  const sockets = new Set<net.Socket>();
  let isStalled = false;

  const server = net.createServer((client) => {
    const database = net.connect(upstream);
    for (const [from, to] of [
      [client, database],
      [database, client],
    ] as const) {
      sockets.add(from);
      if (isStalled) from.pause();
      from.on('data', (chunk) => to.write(chunk));
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
      from.on('error', () => to.destroy());
    }
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('the proxy is not listening');
  const proxyPort = address.port;

  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(proxyPort);
  url.searchParams.delete('host');

  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));

  return {
    url: url.toString(),
    stall: () => {
      isStalled = true;
      for (const socket of sockets) socket.pause();
    },
    resume: () => {
      isStalled = false;
      for (const socket of sockets) socket.resume();
    },
    cut: async () => {
      const closed = stopListening();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: () => (server.listening ? Promise.resolve() : listen(proxyPort)),
    close: async () => {
      const closed = stopListening();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
