import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS_MAX_AGE_SECONDS } from '@konek/contract/constants';
import { ERRORS } from '@konek/contract/errors';
import { SUBMIT_EVENTS_UNREGISTERED_PATH } from '@konek/contract/event-constants';
import { createTestApp, type TestApp } from '../test/test-app';

function expectSecurityHeaders(headers: Record<string, unknown>): void {
  expect(headers['strict-transport-security']).toBe(
    `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
  );
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-xss-protection']).toBe('1; mode=block');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  const csp = String(headers['content-security-policy']);
  // A page's policy names what may load; an API reply's refuses everything (ADR 067).
  expect(csp).toMatch(/object-src 'none'|default-src 'none'/);
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
}

let testApp: TestApp;
let webDist: string;
/** The build's first-paint script, written in the pages (ADR 055). */
const FIRST_PAINT_SCRIPT = 'document.documentElement.dataset.firstPaint = "ran";';
/** A configured text that would end the page's script element if it were written as it is. */
const HOSTILE_DPO = '</script><script>alert(1)</script><!-- & \u2028';

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'konek-web-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    `<!doctype html><html><head><title>Konek</title><script data-first-paint>${FIRST_PAINT_SCRIPT}</script></head><body><div id="root">home page ${'padding '.repeat(200)}</div></body></html>`,
  );
  fs.writeFileSync(
    path.join(webDist, 'shell.html'),
    `<!doctype html><html><head><title>Konek</title><script data-first-paint>${FIRST_PAINT_SCRIPT}</script></head><body><div id="root">shell</div></body></html>`,
  );
  fs.writeFileSync(
    path.join(webDist, 'screen-intros.json'),
    JSON.stringify({
      '/serviceability/signin': '<div data-prerendered=""><h1>Sign in</h1></div>',
      '/serviceability/prepaid':
        '<div data-prerendered=""><p>Fibre reaches <span data-intro-slot="city"></span></p></div>',
      '/serviceability/schedule': '<div data-prerendered=""><h1>Schedule installation</h1></div>',
    }),
  );
  fs.writeFileSync(
    path.join(webDist, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});`,
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'app-def456.js'), 'console.log("app");');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-def456.js.br'), 'brotli bytes');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-def456.js.gz'), 'gzip bytes');
  testApp = await createTestApp({ webDistDir: webDist, dpoName: HOSTILE_DPO });
});

afterAll(async () => {
  await testApp.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('static web app', () => {
  it('serves index.html for a spec route with 200, no caching and the security headers', async () => {
    const reply = await testApp.app.inject({ method: 'GET', url: '/serviceability/signin' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/html');
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.body).toContain('<div id="root">');
    expectSecurityHeaders(reply.headers);
  });

  it('serves the home page and the encoded terms route with 200', async () => {
    for (const url of ['/', '/?st=t', '/serviceability/terms%26conditions', '/trackmyorder/']) {
      const reply = await testApp.app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(200);
    }
  });

  it('sends the home page for / and the shell for every other page (ADR 042)', async () => {
    const home = await testApp.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain('home page');
    for (const url of ['/serviceability/specialOffer', '/trackmyorder/', '/no/such/page']) {
      const reply = await testApp.app.inject({ method: 'GET', url });
      expect(reply.body, url).toContain('<div id="root">shell</div>');
    }
  });

  it("draws a screen's intro the build made beside the shell (ADR 042)", async () => {
    const signIn = await testApp.app.inject({ method: 'GET', url: '/serviceability/signin' });
    expect(signIn.body).toContain(
      '<div id="root"><div data-prerendered=""><h1>Sign in</h1></div>shell</div>',
    );
    expect(signIn.body).toMatch(/<script data-intro-copy [^>]*data-first-paint>/);
    // A page without an intro: the shell alone.
    const offer = await testApp.app.inject({ method: 'GET', url: '/serviceability/specialOffer' });
    expect(offer.body).toContain('<div id="root">shell</div>');
    expect(offer.body).not.toContain('data-intro-copy');
    // ADR 058: an intro showing what the visitor stored is marked with the answer it needs, for the
    // script, which draws it only for a visitor whose stored answer opens the page with those words.
    const prepaid = await testApp.app.inject({ method: 'GET', url: '/serviceability/prepaid' });
    expect(prepaid.body).toMatch(/<script data-intro-copy="served-address" [^>]*data-first-paint>/);
    expect(prepaid.body).toContain('Fibre reaches <span data-intro-slot="city"></span>');
    // ADR 072: the schedule page's intro is marked as a signed-in customer's.
    const schedule = await testApp.app.inject({ method: 'GET', url: '/serviceability/schedule' });
    expect(schedule.body).toMatch(/<script data-intro-copy="signed-in" [^>]*data-first-paint>/);
    expect(schedule.body).toContain('<h1>Schedule installation</h1>');
    // No page asks for a script or a screen's stylesheet before the app: the first paint's stylesheet
    // (in the build's template) holds what an intro is drawn with.
    for (const url of ['/', '/trackmyorder', '/serviceability/signin', '/no/such/page']) {
      const page = (await testApp.app.inject({ method: 'GET', url })).body;
      expect(page, url).not.toMatch(/rel="(modulepreload|preload|stylesheet)"/);
    }
  });

  it('lets the first-paint script written in the pages run by its hash, and no other (ADR 055)', async () => {
    for (const url of ['/', '/serviceability/signin', '/no/such/page']) {
      const reply = await testApp.app.inject({ method: 'GET', url });
      const served = /<script [^>]*data-first-paint>([^<]*)<\/script>/.exec(reply.body)?.[1];
      expect(served, url).toBe(FIRST_PAINT_SCRIPT);
      const digest = createHash('sha256').update(served!).digest('base64');
      const csp = String(reply.headers['content-security-policy']);
      expect(/(?:^|;)script-src ([^;]*)/.exec(csp)?.[1], url).toBe(`'self' 'sha256-${digest}'`);
    }
    // An API reply runs no script at all (ADR 067).
    const api = await testApp.app.inject({ method: 'GET', url: '/api/web-config' });
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
  });

  it("sends an API reply the headers an API reply needs, and a page's only on pages (ADR 067)", async () => {
    const pageOnly = [
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
    ];
    const page = await testApp.app.inject({ method: 'GET', url: '/' });
    for (const name of pageOnly) expect(page.headers[name], name).toBeDefined();
    for (const url of ['/api/web-config', '/api/v3/nothing/here']) {
      const api = await testApp.app.inject({ method: 'GET', url });
      expectSecurityHeaders(api.headers);
      for (const name of pageOnly) expect(api.headers[name], `${url} ${name}`).toBeUndefined();
    }
  });

  it('sends a page compressed as the browser accepts, the same bytes every time (ADR 055)', async () => {
    const plain = await testApp.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accepted, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const replies = await Promise.all(
        [1, 2].map(() =>
          testApp.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': accepted } }),
        ),
      );
      for (const reply of replies) {
        expect(reply.statusCode).toBe(200);
        expect(reply.headers['content-encoding']).toBe(encoding);
        expect(reply.headers['vary']).toBe('accept-encoding');
        expect(reply.headers['etag']).toBe(plain.headers['etag']);
        const body =
          encoding === 'br'
            ? zlib.brotliDecompressSync(reply.rawPayload)
            : zlib.gunzipSync(reply.rawPayload);
        expect(body.toString()).toBe(plain.body);
      }
      expect(replies[0]!.rawPayload.equals(replies[1]!.rawPayload)).toBe(true);
    }
  });

  it('writes the web config into every page, so no configured text can end its script', async () => {
    const config = await testApp.app.inject({ method: 'GET', url: '/api/web-config' });
    for (const url of ['/', '/serviceability/signin', '/no/such/page']) {
      const { body } = await testApp.app.inject({ method: 'GET', url });
      const match = /<script id="konek-web-config" type="application\/json">([^<]*)<\/script>/.exec(
        body,
      );
      expect(match, url).not.toBeNull();
      expect(JSON.parse(match![1]!)).toEqual(config.json());
      expect(body.match(/<script id=/g)).toHaveLength(1);
      expect(body).not.toContain('<script>');
      expect(body).not.toContain('alert(1)</script>');
    }
    expect(config.json().dpo_name).toBe(HOSTILE_DPO);
  });

  it('answers a page asked again with the same ETag with 304 and no body', async () => {
    const first = await testApp.app.inject({ method: 'GET', url: '/serviceability/prepaid' });
    const etag = first.headers['etag'];
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await testApp.app.inject({
      method: 'GET',
      url: '/serviceability/prepaid',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const home = await testApp.app.inject({ method: 'GET', url: '/' });
    expect(home.headers['etag']).not.toBe(etag);
  });

  it('answers an unknown page with 404 and the app shell', async () => {
    const reply = await testApp.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(reply.statusCode).toBe(404);
    expect(reply.body).toContain('<div id="root">');
    expectSecurityHeaders(reply.headers);
  });

  it('serves hashed assets as immutable for a year, compressed', async () => {
    const reply = await testApp.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers['content-encoding']).toBe('gzip');
    expectSecurityHeaders(reply.headers);
  });

  it('sends the compressed copy the build made of an asset, as it is', async () => {
    for (const [accepted, body] of [
      ['br, gzip', 'brotli bytes'],
      ['gzip', 'gzip bytes'],
    ] as const) {
      const reply = await testApp.app.inject({
        method: 'GET',
        url: '/assets/app-def456.js',
        headers: { 'accept-encoding': accepted },
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-encoding']).toBe(accepted === 'gzip' ? 'gzip' : 'br');
      expect(reply.headers['content-type']).toMatch(/javascript/);
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(reply.body).toBe(body);
    }
  });
});

describe('API platform', () => {
  it('answers an unknown /api path with 404 and the envelope', async () => {
    const reply = await testApp.app.inject({
      method: 'POST',
      url: '/api/v3/nothing/here',
      payload: {},
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({
      code: 4,
      module: 'common',
      message: 'No such endpoint: POST /api/v3/nothing/here',
    });
    expectSecurityHeaders(reply.headers);
  });

  it('names the field that failed validation', async () => {
    const reply = await testApp.app.inject({
      method: 'POST',
      url: SUBMIT_EVENTS_UNREGISTERED_PATH,
      payload: { application_id: 'konek-web', events: [] },
    });
    expect(reply.statusCode).toBe(400);
    const body = reply.json();
    expect(body).toMatchObject({ code: 1, module: 'common' });
    expect(body.message).toMatch(/^events: /);
    expect(body.errors[0].field).toBe('events');
  });

  it('answers malformed JSON, a wrong content type and an empty body with 4xx envelopes', async () => {
    const cases = [
      { payload: '{"application_id":', contentType: 'application/json', status: 400 },
      { payload: 'hello', contentType: 'text/plain', status: 415 },
      { payload: '', contentType: 'application/json', status: 400 },
      { payload: '{"__proto__":{"x":1}}', contentType: 'application/json', status: 400 },
    ];
    for (const { payload, contentType, status } of cases) {
      const reply = await testApp.app.inject({
        method: 'POST',
        url: SUBMIT_EVENTS_UNREGISTERED_PATH,
        payload,
        headers: { 'content-type': contentType },
      });
      expect(reply.statusCode, payload).toBe(status);
      expect(reply.json().message.length).toBeGreaterThan(0);
      expectSecurityHeaders(reply.headers);
    }
  });

  it('names the body and says what is wrong with it, in Konek’s words, for bad or empty JSON', async () => {
    const send = (payload: string) =>
      testApp.app.inject({
        method: 'POST',
        url: SUBMIT_EVENTS_UNREGISTERED_PATH,
        payload,
        headers: { 'content-type': 'application/json' },
      });
    const invalid =
      'The request body is not valid JSON, or holds a key that is not allowed ("__proto__").';
    for (const payload of ['{"application_id":', '{"__proto__":{"x":1}}']) {
      expect((await send(payload)).json(), payload).toEqual({
        module: 'common',
        code: ERRORS.common.VALIDATION_FAILED.code,
        message: invalid,
        errors: [{ field: 'body', message: invalid }],
      });
    }
    expect((await send('')).json()).toMatchObject({
      message: 'The request body is empty; send a JSON object.',
      errors: [{ field: 'body' }],
    });
  });

  it('refuses a body over the size limit with 413', async () => {
    const reply = await testApp.app.inject({
      method: 'POST',
      url: SUBMIT_EVENTS_UNREGISTERED_PATH,
      payload: { application_id: 'x'.repeat(300 * 1024) },
    });
    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toMatchObject({ module: 'common', code: 6 });
  });

  it('never answers a random body with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        const reply = await testApp.app.inject({
          method: 'POST',
          url: SUBMIT_EVENTS_UNREGISTERED_PATH,
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        expect(reply.statusCode).toBeGreaterThanOrEqual(400);
        expect(reply.statusCode).toBeLessThan(500);
        expect(typeof reply.json().message).toBe('string');
      }),
      { numRuns: 150 },
    );
  });

  it('carries a request id on every reply', async () => {
    const reply = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(reply.headers['x-request-id']).toBe('abc-123');
  });

  it('keeps a short safe request id and replaces any other with a new UUID', async () => {
    const idOf = async (requestId: string) =>
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/api/health',
          headers: { 'x-request-id': requestId },
        })
      ).headers['x-request-id'];
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const safe = `Trace_1.${'a'.repeat(56)}`;
    expect(safe).toHaveLength(64);
    expect(await idOf(safe)).toBe(safe);
    for (const unsafe of [
      'x'.repeat(2000),
      'a'.repeat(65),
      'abc\r\nx-injected: yes',
      'abc\n{"level":60,"msg":"forged"}',
      'abc\u0000def',
      'abc\u001b[31mred',
      'has space',
    ]) {
      const id = await idOf(unsafe);
      expect(id, JSON.stringify(unsafe).slice(0, 40)).toMatch(uuid);
    }
    const repeated = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': ['one', 'two'] },
    });
    expect(repeated.headers['x-request-id']).toMatch(uuid);
  });

  it('publishes the OpenAPI document generated from the contract', async () => {
    const reply = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
    expect(reply.statusCode).toBe(200);
    const document = reply.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toContain(SUBMIT_EVENTS_UNREGISTERED_PATH);
    const body =
      document.paths[SUBMIT_EVENTS_UNREGISTERED_PATH].post.requestBody.content['application/json']
        .schema;
    expect(body.required).toEqual(expect.arrayContaining(['application_id', 'events']));
  });

  it('publishes the token signing key as JWKS', async () => {
    const reply = await testApp.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(reply.json().keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
  });
});
