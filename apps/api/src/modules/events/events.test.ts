import { SignJWT, generateKeyPair, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TAnalyticsEvent } from '@konek/contract/submit-events';
import {
  SUBMIT_EVENTS_CLIENT_PATH,
  SUBMIT_EVENTS_UNREGISTERED_PATH,
} from '@konek/contract/event-constants';
import { REPORT_CLIENT_ERROR_PATH } from '@konek/contract/report-client-error';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signUp, type Customer } from '../../test/accounts';

const pageView = (overrides: Partial<TAnalyticsEvent> = {}) => ({
  event_type: 'page_view',
  day: '2026-11-22',
  epoch_millis: 1_795_000_000_000,
  id_type: 100,
  id_value: 'device-1',
  page_location: 'http://localhost:3000/',
  device: 'mobile',
  browser: 'Chrome',
  resolution: '390x844',
  ...overrides,
});

/** The event with product §3's fields alone: no id_value (nor a click's tag). */
const withoutId = (event: ReturnType<typeof pageView>) =>
  Object.fromEntries(Object.entries(event).filter(([key]) => key !== 'id_value'));

let testApp: TestApp;
let customer: Customer;
let otherCustomer: Customer;
beforeAll(async () => {
  testApp = await createTestApp();
  customer = await signUp(testApp.app);
  otherCustomer = await signUp(testApp.app);
});
afterAll(() => testApp.close());

async function storedEvents() {
  const result = await testApp.database.pool.query(
    'select source, application_id, target_id, event_type, tag, id_type, id_value, attribution from analytics_events order by id',
  );
  return result.rows;
}

/** A token like Konek's own, signed with another key or algorithm. */
function forgedToken(userId: string, key: CryptoKey | Uint8Array, algorithm: string) {
  return new SignJWT({ token_start: Date.now() })
    .setProtectedHeader({ alg: algorithm })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime('30m')
    .sign(key);
}

describe('anonymous events', () => {
  it('stores a good batch and says how many were accepted', async () => {
    const reply = await testApp.app.inject({
      method: 'POST',
      url: SUBMIT_EVENTS_UNREGISTERED_PATH,
      payload: {
        application_id: 'konek-web',
        events: [
          pageView({ utm_source: 'facebook', agent_code: 'S123' }),
          { ...pageView(), event_type: 'page_click', tag: 'check-address' },
        ],
      },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ code: 0, module: 'events', message: 'OK', accepted: 2 });
    const rows = await storedEvents();
    expect(rows.slice(-2)).toEqual([
      expect.objectContaining({
        source: 'unregistered',
        application_id: 'konek-web',
        event_type: 'page_view',
        attribution: { utm_source: 'facebook', agent_code: 'S123' },
      }),
      expect.objectContaining({ event_type: 'page_click', tag: 'check-address' }),
    ]);
  });

  it('refuses a batch with a bad event and stores none of it', async () => {
    const before = (await storedEvents()).length;
    const reply = await testApp.app.inject({
      method: 'POST',
      url: SUBMIT_EVENTS_UNREGISTERED_PATH,
      payload: {
        application_id: 'konek-web',
        events: [pageView(), pageView({ resolution: 'big' })],
      },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('events.1.resolution: resolution must be WIDTHxHEIGHT');
    expect((await storedEvents()).length).toBe(before);
  });

  it('takes the spec fields alone: a click without its tag, an event naming no device', async () => {
    const specView = withoutId(pageView());
    const reply = await testApp.app.inject({
      method: 'POST',
      url: SUBMIT_EVENTS_UNREGISTERED_PATH,
      payload: {
        application_id: 'konek-web',
        events: [specView, { ...specView, event_type: 'page_click' }],
      },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await storedEvents()).slice(-2)).toEqual([
      expect.objectContaining({ event_type: 'page_view', id_type: 100, id_value: null }),
      expect.objectContaining({ event_type: 'page_click', id_value: null, tag: null }),
    ]);
  });

  it('refuses an anonymous event claiming a user id', async () => {
    const asUser = await testApp.app.inject({
      method: 'POST',
      url: SUBMIT_EVENTS_UNREGISTERED_PATH,
      payload: { application_id: 'konek-web', events: [pageView({ id_type: 3, id_value: 'u1' })] },
    });
    expect(asUser.statusCode).toBe(400);
  });
});

describe('signed-in events', () => {
  const batch = (targetId: string) => ({
    target_id: targetId,
    target_type: 3,
    events: [pageView({ id_type: 3, id_value: targetId })],
  });

  it('needs a token', async () => {
    const reply = await testApp.app.inject({
      method: 'POST',
      url: SUBMIT_EVENTS_CLIENT_PATH,
      payload: batch(customer.userId),
    });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toMatchObject({ code: 2, module: 'common' });
  });

  it("stores the caller's own events", async () => {
    const reply = await testApp.app.inject({
      method: 'POST',
      url: SUBMIT_EVENTS_CLIENT_PATH,
      payload: batch(customer.userId),
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(reply.statusCode).toBe(200);
    expect((await storedEvents()).at(-1)).toMatchObject({
      source: 'client',
      target_id: customer.userId,
      id_value: customer.userId,
    });
  });

  it("records a user-typed event that names no user as the caller's", async () => {
    const specView = withoutId(pageView({ id_type: 3 }));
    const reply = await testApp.app.inject({
      method: 'POST',
      url: SUBMIT_EVENTS_CLIENT_PATH,
      payload: { target_id: customer.userId, target_type: 3, events: [specView] },
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await storedEvents()).at(-1)).toMatchObject({
      source: 'client',
      id_type: 3,
      id_value: customer.userId,
    });
  });

  it("refuses another user's target_id with 403", async () => {
    const reply = await testApp.app.inject({
      method: 'POST',
      url: SUBMIT_EVENTS_CLIENT_PATH,
      payload: batch(otherCustomer.userId),
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(reply.statusCode).toBe(403);
  });

  it('refuses a token signed by another key or with HS256', async () => {
    const otherKey = (await generateKeyPair('RS256')).privateKey;
    const hmacKey = new TextEncoder().encode('a'.repeat(32));
    for (const token of [
      await forgedToken(customer.userId, otherKey, 'RS256'),
      await forgedToken(customer.userId, hmacKey, 'HS256'),
    ]) {
      const reply = await testApp.app.inject({
        method: 'POST',
        url: SUBMIT_EVENTS_CLIENT_PATH,
        payload: batch(customer.userId),
        headers: { authorization: `Bearer ${token}` },
      });
      expect(reply.statusCode).toBe(401);
    }
  });
});

describe('client error reports', () => {
  it('accepts a report', async () => {
    const reply = await testApp.app.inject({
      method: 'POST',
      url: REPORT_CLIENT_ERROR_PATH,
      payload: {
        message: 'HTTP 500',
        page_location: 'http://localhost:3000/',
        call_path: '/api/v3/x',
        status: 500,
      },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ code: 0, module: 'events' });
  });
});

describe('server failures', () => {
  it('answers with a 500 envelope that hides the details, with the security headers', async () => {
    await testApp.database.pool.query('drop table analytics_events');
    const reply = await testApp.app.inject({
      method: 'POST',
      url: SUBMIT_EVENTS_UNREGISTERED_PATH,
      payload: { application_id: 'konek-web', events: [pageView()] },
    });
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({
      code: 500,
      module: 'common',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['strict-transport-security']).toContain('includeSubDomains');
  });
});
