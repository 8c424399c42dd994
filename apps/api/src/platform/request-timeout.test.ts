import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// A client that starts a request and never finishes it gets a 408 and its connection closed, instead of
// holding a socket open for ever (slowloris).

let testApp: TestApp;
let port: number;

beforeAll(async () => {
  testApp = await createTestApp({}, { requestTimeoutMs: 600 });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  port = (testApp.app.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await testApp.close();
});

/** Sends `text` and answers what the server wrote back before it closed the connection (or 10 s). */
function sendAndWait(text: string): Promise<{ reply: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let reply = '';
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ reply, closed: false });
    }, 10_000);
    socket.on('data', (chunk) => (reply += chunk.toString('latin1')));
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ reply, closed: true });
    });
    socket.on('error', () => undefined);
  });
}

it('answers 408 and closes a request whose body stops arriving', async () => {
  const { reply, closed } = await sendAndWait(
    'POST /api/v3/user/check_login_exists HTTP/1.1\r\nHost: konek\r\n' +
      'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
  );
  expect(reply).toMatch(/^HTTP\/1\.1 408 /);
  expect(closed).toBe(true);
});

it('answers 408 and closes a request whose headers stop arriving', async () => {
  const { reply, closed } = await sendAndWait('GET /api/v3/health HTTP/1.1\r\nHost: konek\r\n');
  expect(reply).toMatch(/^HTTP\/1\.1 408 /);
  expect(closed).toBe(true);
});
