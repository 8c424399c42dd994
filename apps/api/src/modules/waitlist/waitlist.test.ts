import { afterAll, beforeAll, expect, it } from 'vitest';
import { SUBMIT_EVENTS_UNREGISTERED_PATH } from '@konek/contract/event-constants';
import { WAITLIST_COUNT_PATH } from '@konek/contract/waitlist-count';
import { createTestApp, type TestApp } from '../../test/test-app';

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
