import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMIT_EVENTS_UNREGISTERED_PATH } from '@konek/contract/event-constants';
import { WAITLIST_COUNT_PATH } from '@konek/contract/waitlist-count';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const notifyEvent = (overrides: Record<string, unknown> = {}) => ({
  event_type: 'nonserviceable_address',
  operator_id: 'konek',
  epoch_millis: 1_795_000_000_000,
  day: '2026-11-22',
  id_type: 101,
  id_value: 'maria.santos@example.com',
  first_name: 'Maria',
  last_name: 'Santos',
  msisdn: '639171234567',
  address_type: 'House',
  province: 'Benguet',
  city: 'Baguio City',
  barangay: 'Session Road Area',
  house_number: '12',
  street: 'Session Road',
  village: 'none',
  latitude: 16.4116,
  longitude: 120.5977,
  page_location: 'http://localhost:3000/serviceability/notifyme',
  ...overrides,
});

const submit = (events: unknown[]) =>
  testApp.app.inject({
    method: 'POST',
    url: SUBMIT_EVENTS_UNREGISTERED_PATH,
    payload: { application_id: 'konek-web', events },
  });

it('stores a notify-me request and answers how many the barangay has', async () => {
  const first = await submit([notifyEvent()]);
  expect(first.statusCode).toBe(200);
  expect(first.json()).toMatchObject({ code: 0, accepted: 1, waitlist: { requests: 1 } });
  const second = await submit([notifyEvent({ id_value: 'jose@example.com', first_name: 'Jose' })]);
  expect(second.json().waitlist).toEqual({ requests: 2 });

  const { rows } = await testApp.database.pool.query(
    'select email, first_name, street, latitude from notify_requests order by id',
  );
  expect(rows).toEqual([
    {
      email: 'maria.santos@example.com',
      first_name: 'Maria',
      street: 'Session Road',
      latitude: 16.4116,
    },
    { email: 'jose@example.com', first_name: 'Jose', street: 'Session Road', latitude: 16.4116 },
  ]);

  const count = await testApp.app.inject({
    method: 'POST',
    url: WAITLIST_COUNT_PATH,
    payload: { province: 'Benguet', city: 'Baguio City', barangay: 'Session Road Area' },
  });
  expect(count.json()).toMatchObject({ code: 0, module: 'waitlist', requests: 2 });
});

it('refuses a request with the spec messages for a bad email or name', async () => {
  const badEmail = await submit([notifyEvent({ id_value: 'not-an-email' })]);
  expect(badEmail.statusCode).toBe(400);
  expect(badEmail.json().message).toBe('events.0.id_value: Please enter a valid email address.');
  const badName = await submit([notifyEvent({ first_name: ' Maria' })]);
  expect(badName.json().message).toBe(
    "events.0.first_name: Please don't enter space at the beginning and end.",
  );
});

it('stores what a person typed as text, and refuses markup naming the field', async () => {
  const email = 'text.as.text@example.com';
  const withAmpersand = await submit([
    notifyEvent({ id_value: email, street: 'Rizal &amp; Mabini', building_name: 'Tower &amp; Co' }),
  ]);
  expect(withAmpersand.statusCode, withAmpersand.body).toBe(200);
  const { rows } = await testApp.database.pool.query(
    'select street, building_name from notify_requests where email = $1',
    [email],
  );
  expect(rows).toEqual([{ street: 'Rizal & Mabini', building_name: 'Tower & Co' }]);

  // Markup is this call's own refusal; control characters and lone surrogates are every call's (ADR 020).
  const hostile: [string, string, string][] = [
    ['street', '<img src=x onerror=alert(1)>', 'Special characters are not allowed.'],
    ['building_name', 'Tower\u0000One', 'must not contain control characters'],
    ['village', 'Village \ud800', 'must be valid Unicode text (no unpaired surrogates)'],
    ['barangay', '<b>Session Road Area</b>', 'Special characters are not allowed.'],
    ['page_location', 'http://localhost/<script>', 'Special characters are not allowed.'],
  ];
  for (const [field, value, message] of hostile) {
    const reply = await submit([notifyEvent({ id_value: email, [field]: value })]);
    expect(reply.statusCode, field).toBe(400);
    expect(reply.json().message).toBe(`events.0.${field}: ${message}`);
  }
  const { rows: after } = await testApp.database.pool.query(
    'select count(*)::int as count from notify_requests where email = $1',
    [email],
  );
  expect(after).toEqual([{ count: 1 }]);
});

it('counts one person once, whatever the case of their email', async () => {
  const area = { province: 'Benguet', city: 'Baguio City', barangay: 'Camp Seven' };
  await submit([notifyEvent({ ...area, id_value: 'Ana.Reyes@Example.com' })]);
  const again = await submit([notifyEvent({ ...area, id_value: 'ana.reyes@example.com' })]);
  expect(again.json().waitlist).toEqual({ requests: 1 });
});

describe('budgets', () => {
  // Mid-hour: the address's hour ends in 45 minutes, the email's day in 22 h 45 min.
  const clock = createTestClock(new Date('2026-03-02T01:15:00Z'));
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp(
      { notifyBudgets: { perAddressPerHour: 5, perEmailPerDay: 2 } },
      { clock },
    );
  });
  afterAll(() => limited.close());

  const submitFrom = (remoteAddress: string, events: unknown[]) =>
    limited.app.inject({
      method: 'POST',
      url: SUBMIT_EVENTS_UNREGISTERED_PATH,
      payload: { application_id: 'konek-web', events },
      remoteAddress,
    });
  const area = { province: 'Benguet', city: 'Baguio City', barangay: 'Irisan' };
  const countIn = async () =>
    (await limited.app.inject({ method: 'POST', url: WAITLIST_COUNT_PATH, payload: area })).json()
      .requests;

  it('refuses a client address past its hourly budget, however the events are batched', async () => {
    const address = '198.51.100.20';
    const batch = Array.from({ length: 20 }, (_, index) =>
      notifyEvent({ ...area, id_value: `neighbour${index}@example.com` }),
    );
    const flood = await submitFrom(address, batch);
    expect(flood.statusCode).toBe(429);
    expect(await countIn()).toBe(0);

    for (let index = 0; index < 5; index += 1) {
      const reply = await submitFrom(address, [
        notifyEvent({ ...area, id_value: `person${index}@example.com` }),
      ]);
      expect(reply.statusCode, reply.body).toBe(200);
    }
    const refused = await submitFrom(address, [
      notifyEvent({ ...area, id_value: 'person5@example.com' }),
    ]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 5,
      module: 'common',
      message: 'You have sent too many notify-me requests. Please try again later.',
      retry_after_seconds: 45 * 60,
    });
    expect(refused.headers['retry-after']).toBe(String(45 * 60));
    expect(await countIn()).toBe(5);

    const other = await submitFrom('198.51.100.21', [
      notifyEvent({ ...area, id_value: 'person5@example.com' }),
    ]);
    expect(other.statusCode).toBe(200);
  });

  it('refuses an email past its daily budget, from any address and in any case', async () => {
    const send = (remoteAddress: string, email: string) =>
      submitFrom(remoteAddress, [notifyEvent({ ...area, id_value: email })]);
    expect((await send('198.51.100.30', 'jose.rizal@example.com')).statusCode).toBe(200);
    expect((await send('198.51.100.31', 'Jose.Rizal@Example.com')).statusCode).toBe(200);
    const refused = await send('198.51.100.32', 'JOSE.RIZAL@EXAMPLE.COM');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().retry_after_seconds).toBe(22 * 3600 + 45 * 60);
    clock.advance(23 * 60 * 60 * 1000);
    expect((await send('198.51.100.33', 'jose.rizal@example.com')).statusCode).toBe(200);
  });
});
