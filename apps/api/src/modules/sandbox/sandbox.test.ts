import { afterAll, beforeAll, expect, it } from 'vitest';
import { SANDBOX_OUTBOX_PATH, ZSandboxOutboxResponse } from '@konek/contract/sandbox-outbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { randomMsisdn, verifyNumber } from '../../test/accounts';
import { escapeHtml } from './outbox-page';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const readOutbox = (query: string, accept: string) =>
  testApp.app.inject({ method: 'GET', url: `${SANDBOX_OUTBOX_PATH}${query}`, headers: { accept } });

it('lists a number’s messages newest first as JSON', async () => {
  const msisdn = randomMsisdn();
  await verifyNumber(testApp.app, msisdn);
  await verifyNumber(testApp.app, randomMsisdn());
  const reply = await readOutbox(`?msisdn=${msisdn}`, 'application/json');
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['cache-control']).toBe('no-store');
  const body = ZSandboxOutboxResponse.parse(reply.json());
  expect(body.messages).toHaveLength(1);
  expect(body.messages[0]).toMatchObject({ msisdn });
  expect(body.messages[0]!.body).toMatch(/^\d{6} is your Konek verification code\./);

  const all = ZSandboxOutboxResponse.parse((await readOutbox('', 'application/json')).json());
  expect(all.messages.length).toBeGreaterThanOrEqual(2);
  const ids = all.messages.map((message) => message.id);
  expect(ids).toEqual([...ids].sort((a, b) => b - a));
});

it('shows a readable page that escapes what it shows', async () => {
  const msisdn = randomMsisdn();
  await testApp.database.pool.query(
    'insert into sms_outbox (msisdn, body, created_at) values ($1, $2, now())',
    [msisdn, '<script>alert("x")</script> 123456 & more'],
  );
  const page = await readOutbox('', 'text/html,application/xhtml+xml,*/*;q=0.8');
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  expect(page.body).toContain('<h1>SMS outbox</h1>');
  expect(page.body).not.toContain('<script>');
  expect(page.body).toContain(
    '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; 123456 &amp; more',
  );
  expect(page.body).toContain(`0${msisdn.slice(2)}`);
});

it('refuses a malformed number filter', async () => {
  const reply = await readOutbox('?msisdn=abc', 'application/json');
  expect(reply.statusCode).toBe(400);
});

it('escapes every HTML-significant character', () => {
  expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
    '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
  );
});

it('is not served when the sandbox is disabled', async () => {
  const production = await createTestApp({ sandboxEnabled: false });
  try {
    const reply = await production.app.inject({
      method: 'GET',
      url: SANDBOX_OUTBOX_PATH,
      headers: { accept: 'application/json' },
    });
    expect(reply.statusCode).toBe(404);
  } finally {
    await production.close();
  }
});
