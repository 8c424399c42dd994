import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_OUTBOX_PATH, ZSandboxOutboxResponse } from '@konek/contract/sandbox-outbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { randomMsisdn, verifyNumber } from '../../test/accounts';
import { systemClock } from '../../platform/clock';
import { createOutboxEmailSender } from '../../providers/email/outbox-email-sender';
import { escapeHtml, linkify } from './outbox-page';
import { emailOutboxWriter } from './service';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const readOutbox = (query: string, accept: string, remoteAddress = '127.0.0.1', on = testApp) =>
  on.app.inject({
    method: 'GET',
    url: `${SANDBOX_OUTBOX_PATH}${query}`,
    headers: { accept },
    remoteAddress,
  });

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

  await testApp.database.pool.query(
    'insert into sms_outbox (msisdn, body, created_at) values ($1, $2, now())',
    [msisdn, '654321 is a newer message'],
  );
  const both = ZSandboxOutboxResponse.parse(
    (await readOutbox(`?msisdn=${msisdn}`, 'application/json')).json(),
  );
  expect(both.messages.map((message) => message.body.slice(0, 6))).toEqual([
    '654321',
    body.messages[0]!.body.slice(0, 6),
  ]);
  const ids = both.messages.map((message) => message.id);
  expect(ids).toEqual([...ids].sort((a, b) => b - a));
});

it('shows no one’s messages to a caller who does not name a number', async () => {
  const msisdn = randomMsisdn();
  await verifyNumber(testApp.app, msisdn);
  const json = await readOutbox('', 'application/json');
  expect(json.statusCode).toBe(400);
  expect(json.json()).toMatchObject({
    code: 1,
    module: 'common',
    message: expect.stringMatching(/^msisdn: /),
  });
  expect(json.body).not.toMatch(/\d{6}/);

  const page = await readOutbox('', 'text/html');
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('<form');
  expect(page.body).not.toContain('verification code');
  expect(page.body).not.toContain(msisdn.slice(2));
  expect(page.body).not.toMatch(/\b\d{6}\b/);
});

it('shows a readable page that escapes what it shows', async () => {
  const msisdn = randomMsisdn();
  await testApp.database.pool.query(
    'insert into sms_outbox (msisdn, body, created_at) values ($1, $2, now())',
    [msisdn, '<script>alert("x")</script> 123456 & more'],
  );
  const page = await readOutbox(`?msisdn=${msisdn}`, 'text/html,application/xhtml+xml,*/*;q=0.8');
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  expect(page.body).toContain('<h2 id="sms">SMS outbox</h2>');
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

describe('emails (ADR 093)', () => {
  let sequence = 0;
  const randomAddress = () => `household.${Date.now()}.${(sequence += 1)}@example.ph`;
  const emailSender = () =>
    createOutboxEmailSender(
      emailOutboxWriter(testApp.database.db, systemClock),
      'Konek <alerts@konek.example>',
    );
  const alert = (to: string, subject = 'Fibre has reached your street') => ({
    to,
    subject,
    text: 'Konek fibre is now available at your address.\nOrder: https://konek.example/plans.\nStop these: https://konek.example/unsubscribe?t=abc&u=1',
    html: '<p>Konek fibre is now available.</p>',
    headers: { 'List-Unsubscribe': '<https://konek.example/unsubscribe?t=abc&u=1>' },
  });

  it('the outbox sender stores them, and the outbox lists one address’s, newest first, in any case', async () => {
    const address = randomAddress();
    const sender = emailSender();
    await sender.send(alert(address, 'First'));
    await sender.send({ to: address.toUpperCase(), subject: 'Second', text: 'Plain.' });
    await sender.send(alert(randomAddress(), 'Someone else’s'));

    const reply = await readOutbox(`?email=${encodeURIComponent(address)}`, 'application/json');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const body = ZSandboxOutboxResponse.parse(reply.json());
    expect(body.messages).toEqual([]);
    expect(body.emails.map((email) => email.subject)).toEqual(['Second', 'First']);
    expect(body.emails[1]).toMatchObject({
      from: 'Konek <alerts@konek.example>',
      to: address,
      text: alert(address).text,
      html: '<p>Konek fibre is now available.</p>',
      headers: { 'List-Unsubscribe': '<https://konek.example/unsubscribe?t=abc&u=1>' },
    });
    expect(body.emails[0]).toMatchObject({ to: address.toUpperCase(), html: null, headers: {} });
    expect(Date.parse(body.emails[0]!.created_at)).not.toBeNaN();
  });

  it('answers a number’s texts and an address’s emails together', async () => {
    const msisdn = randomMsisdn();
    await verifyNumber(testApp.app, msisdn);
    const address = randomAddress();
    await emailSender().send(alert(address));
    const body = ZSandboxOutboxResponse.parse(
      (
        await readOutbox(
          `?msisdn=${msisdn}&email=${encodeURIComponent(address)}`,
          'application/json',
        )
      ).json(),
    );
    expect(body.messages).toHaveLength(1);
    expect(body.emails).toHaveLength(1);
  });

  it('shows an address’s emails on the page: subject, to, text, headers, the links clickable, all escaped', async () => {
    const address = randomAddress();
    await emailSender().send({
      ...alert(address, 'Fibre <b>now</b> & more'),
      text: 'See https://konek.example/plans?a=1&b=2. Or "<script>alert(1)</script>" javascript:alert(1)',
    });
    const page = await readOutbox(`?email=${encodeURIComponent(address)}`, 'text/html');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<h2 id="email">Email outbox</h2>');
    expect(page.body).toContain(`To ${address}`);
    expect(page.body).toContain('From Konek &lt;alerts@konek.example&gt;');
    expect(page.body).toContain('<h3>Fibre &lt;b&gt;now&lt;/b&gt; &amp; more</h3>');
    expect(page.body).toContain(
      '<a href="https://konek.example/plans?a=1&amp;b=2" rel="noreferrer noopener" target="_blank">https://konek.example/plans?a=1&amp;b=2</a>. Or &quot;&lt;script&gt;',
    );
    expect(page.body).toContain(
      '<a href="https://konek.example/unsubscribe?t=abc&amp;u=1" rel="noreferrer noopener" target="_blank">',
    );
    expect(page.body).toContain('<dt>List-Unsubscribe</dt>');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>');
    expect(page.body).not.toContain('href="javascript:');
    // The HTML version is shown as source, never as markup.
    expect(page.body).toContain('&lt;p&gt;Konek fibre is now available.&lt;/p&gt;');
  });

  it('shows no one’s emails to a caller who names no address, and refuses a malformed one', async () => {
    const address = randomAddress();
    await emailSender().send(alert(address));
    const page = await readOutbox('', 'text/html');
    expect(page.body).toContain('name="email"');
    expect(page.body).not.toContain(address);
    expect(page.body).not.toContain('Fibre has reached');
    const json = await readOutbox('', 'application/json');
    expect(json.statusCode).toBe(400);
    expect(json.body).not.toContain(address);
    expect((await readOutbox('?email=not-an-address', 'application/json')).statusCode).toBe(400);
  });

  it('answers a non-local caller as if the outbox did not exist', async () => {
    const address = randomAddress();
    await emailSender().send(alert(address));
    for (const accept of ['application/json', 'text/html']) {
      const reply = await readOutbox(
        `?email=${encodeURIComponent(address)}`,
        accept,
        '203.0.113.7',
      );
      expect(reply.statusCode).toBe(404);
      expect(reply.body).not.toContain('Fibre has reached');
    }
  });
});

it('lights up URLs in text without taking the punctuation after them', () => {
  expect(linkify('Go to https://a.example/x. Then (https://b.example/y), done')).toBe(
    'Go to <a href="https://a.example/x" rel="noreferrer noopener" target="_blank">https://a.example/x</a>. ' +
      'Then (<a href="https://b.example/y" rel="noreferrer noopener" target="_blank">https://b.example/y</a>), done',
  );
  expect(linkify('ftp://a.example <x>')).toBe('ftp://a.example &lt;x&gt;');
});

describe('only for the machine itself', () => {
  it('answers a non-local caller as if the outbox did not exist', async () => {
    const msisdn = randomMsisdn();
    await verifyNumber(testApp.app, msisdn);
    for (const accept of ['application/json', 'text/html']) {
      const reply = await readOutbox(`?msisdn=${msisdn}`, accept, '203.0.113.7');
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({
        code: 4,
        module: 'common',
        message: `No such endpoint: GET ${SANDBOX_OUTBOX_PATH}`,
      });
    }
    // The rest of the API still answers that caller.
    const health = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '203.0.113.7',
    });
    expect(health.statusCode).toBe(200);
  });

  it('answers every loopback address', async () => {
    const msisdn = randomMsisdn();
    await verifyNumber(testApp.app, msisdn);
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const reply = await readOutbox(`?msisdn=${msisdn}`, 'application/json', address);
      expect(reply.statusCode, address).toBe(200);
    }
    for (const address of ['10.0.0.1', '::ffff:192.168.1.5', 'fe80::1']) {
      const reply = await readOutbox(`?msisdn=${msisdn}`, 'application/json', address);
      expect(reply.statusCode, address).toBe(404);
    }
  });

  it('behind a trusted proxy, judges the forwarded client address', async () => {
    const proxied = await createTestApp({ trustProxy: ['loopback'] });
    try {
      const msisdn = randomMsisdn();
      await verifyNumber(proxied.app, msisdn);
      const read = (forwardedFor: string) =>
        proxied.app.inject({
          method: 'GET',
          url: `${SANDBOX_OUTBOX_PATH}?msisdn=${msisdn}`,
          headers: { accept: 'application/json', 'x-forwarded-for': forwardedFor },
          remoteAddress: '127.0.0.1',
        });
      // The proxy runs on this machine, but the client it forwards is not.
      expect((await read('203.0.113.7')).statusCode).toBe(404);
      expect((await read('127.0.0.1')).statusCode).toBe(200);
      // ADR 061: the client wrote the first entries itself; only the proxy's own (the last) counts.
      expect((await read('127.0.0.1, 203.0.113.7')).statusCode).toBe(404);
      expect((await read('::1, 203.0.113.7')).statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });

  it('is not opened by a forwarding header when no proxy is trusted, nor by a proxy for another machine', async () => {
    const direct = await createTestApp();
    const proxied = await createTestApp({ trustProxy: ['10.0.0.2'] });
    try {
      const msisdn = randomMsisdn();
      await verifyNumber(direct.app, msisdn);
      const read = (app: typeof direct.app, remoteAddress: string, forwardedFor: string) =>
        app.inject({
          method: 'GET',
          url: `${SANDBOX_OUTBOX_PATH}?msisdn=${msisdn}`,
          headers: { accept: 'application/json', 'x-forwarded-for': forwardedFor },
          remoteAddress,
        });
      expect((await read(direct.app, '203.0.113.7', '127.0.0.1')).statusCode).toBe(404);
      // A trusted proxy on another machine forwarding its own loopback client: not this machine.
      expect((await read(proxied.app, '10.0.0.2', '127.0.0.1')).statusCode).toBe(404);
    } finally {
      await direct.close();
      await proxied.close();
    }
  });

  it('answers remote callers when the operator allows it', async () => {
    const open = await createTestApp({ sandboxAllowRemote: true });
    try {
      const msisdn = randomMsisdn();
      await verifyNumber(open.app, msisdn);
      const reply = await readOutbox(`?msisdn=${msisdn}`, 'application/json', '203.0.113.7', open);
      expect(reply.statusCode).toBe(200);
      expect(ZSandboxOutboxResponse.parse(reply.json()).messages).toHaveLength(1);
    } finally {
      await open.close();
    }
  });
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
    const emails = await production.app.inject({
      method: 'GET',
      url: `${SANDBOX_OUTBOX_PATH}?email=someone%40example.ph`,
      headers: { accept: 'text/html' },
    });
    expect(emails.statusCode).toBe(404);
  } finally {
    await production.close();
  }
});
