import http from 'node:http';
import net from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { batchReplyWrites } from './batched-writes';

// ADR 056: replies finished in one turn of the event loop are sent together at its end. What a client
// sees must not change: every reply, in order, streamed replies as they are written, nothing lost when a
// connection goes away while its reply waits.

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(handler: Handler): Promise<number> {
  const server = http.createServer(handler);
  batchReplyWrites(server);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return address.port;
}

/** Sends raw bytes on one connection and resolves with everything the server sent until it closed. */
function exchange(port: number, raw: string, onData?: (text: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(raw));
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
      onData?.(received);
    });
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
  });
}

const bodiesOf = (text: string): string[] =>
  text
    .split('HTTP/1.1 ')
    .slice(1)
    .map((reply) => reply.slice(reply.indexOf('\r\n\r\n') + 4));

it('holds a finished reply until the end of the turn, then sends it', async () => {
  const written: number[] = [];
  const port = await listen((request, response) => {
    response.end(`reply to ${request.url}`);
    // What waits in the connection's buffer, right after end() and at the end of the turn.
    const socket = response.socket;
    written.push(socket?.writableLength ?? -1);
    setImmediate(() => written.push(socket?.writableLength ?? -1));
  });
  const reply = await fetch(`http://127.0.0.1:${port}/one`);
  expect(await reply.text()).toBe('reply to /one');
  await new Promise((resolve) => setImmediate(resolve));
  expect(written[0]).toBeGreaterThan(0);
  expect(written[1]).toBe(0);
});

it('answers many connections whose replies end in the same turn, each with its own reply', async () => {
  const port = await listen((request, response) => response.end(`reply to ${request.url}`));
  const paths = Array.from({ length: 40 }, (_, index) => `/path-${index}`);
  const replies = await Promise.all(
    paths.map((path) => fetch(`http://127.0.0.1:${port}${path}`).then((reply) => reply.text())),
  );
  expect(replies).toEqual(paths.map((path) => `reply to ${path}`));
});

it('keeps pipelined replies on one connection in order', async () => {
  const port = await listen((request, response) => {
    // The second reply is finished first: Node keeps the order, and so must the held writes.
    const delay = request.url === '/first' ? 20 : 0;
    setTimeout(() => response.end(`reply to ${request.url}`), delay);
  });
  const received = await exchange(
    port,
    'GET /first HTTP/1.1\r\nHost: x\r\n\r\n' +
      'GET /second HTTP/1.1\r\nHost: x\r\n\r\n' +
      'GET /third HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  );
  expect(bodiesOf(received)).toEqual(['reply to /first', 'reply to /second', 'reply to /third']);
});

it('sends a streamed reply chunk by chunk, not only when it ends', async () => {
  let finish: () => void = () => undefined;
  const port = await listen((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.write('first part;');
    finish = () => response.end('last part');
  });
  const received = await exchange(
    port,
    'GET /stream HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    (text) => {
      if (text.includes('first part;')) finish();
    },
  );
  expect(received).toContain('first part;');
  expect(received).toContain('last part');
});

it('drops a held reply quietly when its connection is already gone', async () => {
  const errors: unknown[] = [];
  let hasEnded: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (hasEnded = resolve));
  const port = await listen((request, response) => {
    response.end(`reply to ${request.url}`);
    if (request.url !== '/gone') return;
    // The client is gone before the end of the turn.
    request.socket.destroy();
    response.socket?.on('error', (error) => errors.push(error));
    setImmediate(() => setImmediate(hasEnded));
  });
  const socket = net.connect(port, '127.0.0.1', () =>
    socket.write('GET /gone HTTP/1.1\r\nHost: x\r\n\r\n'),
  );
  socket.on('error', () => undefined);
  await ended;
  expect(errors).toEqual([]);
  const reply = await fetch(`http://127.0.0.1:${port}/after`);
  expect(await reply.text()).toBe('reply to /after');
});

it('still sends a good reply when a malformed request pipelined after it closes the connection', async () => {
  const port = await listen((request, response) => response.end(`reply to ${request.url}`));
  const received = await exchange(
    port,
    'GET /good HTTP/1.1\r\nHost: x\r\n\r\nNOT HTTP AT ALL\r\n\r\n',
  ).catch((error: unknown) => String(error));
  expect(bodiesOf(received)).toEqual(['reply to /good']);
});
