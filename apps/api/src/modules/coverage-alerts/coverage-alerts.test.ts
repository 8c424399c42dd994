import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARRIVED_ADDRESS_PATH,
  OPS_COVERAGE_ALERTS_PATH,
  OPS_RETRY_COVERAGE_ALERTS_PATH,
  WAITLIST_UNSUBSCRIBE_PATH,
} from '@konek/contract/coverage-alert';
import { SUBMIT_EVENTS_UNREGISTERED_PATH } from '@konek/contract/event-constants';
import { NAP_FILE_COLUMNS, OPS_COVERAGE_APPLY_PATH } from '@konek/contract/ops-coverage';
import { SERVICEABILITY_CHECK_PATH } from '@konek/contract/serviceability-check';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import { post } from '../../test/accounts';
import { addOperatorUser, signInOperator } from '../../test/work-orders';
import { outboxMessages } from '../sandbox/service';
import { ALERT_SUBJECT } from './service';

// ADR 094 through HTTP against PostgreSQL: a NAP file that brings fibre to waiting households queues one
// sweep in its transaction; the sweep queues one alert per channel (pg-boss); each household is told once
// by SMS and email, with a link that opens its address and one that unsubscribes it; an alert whose
// hand-over was cut short is failed, never sent again by itself, and the planner's retry sends it once.

let testApp: TestApp;
let plannerToken: string;
beforeAll(async () => {
  const clock = createTestClock();
  testApp = await createTestApp({}, { clock });
  const password = 'alert-planner-pass-1357';
  await addOperatorUser(testApp, clock, {
    username: 'alert-planner',
    role: 'network_planner',
    name: 'Alert Planner',
    password,
  });
  plannerToken = (await signInOperator(testApp, 'alert-planner', password)).api_token;
});
afterAll(() => testApp.close());

const sql = async <T extends object>(text: string, values: unknown[] = []) =>
  (await testApp.database.pool.query<T & Record<string, unknown>>(text, values)).rows;
const send = (path: string, body: object, token?: string) => post(testApp.app, path, body, token);

/** Places far from the demo network (docs/coverage-seed.md) and from each other. */
const BAGUIO = { latitude: 16.4116, longitude: 120.5977 };
const TUGUEGARAO = { latitude: 17.6132, longitude: 121.727 };
const ZAMBOANGA = { latitude: 6.9214, longitude: 122.079 };

function notifyMe(
  email: string,
  msisdn: string | null,
  at: { latitude: number; longitude: number },
) {
  return testApp.app.inject({
    method: 'POST',
    url: SUBMIT_EVENTS_UNREGISTERED_PATH,
    payload: {
      application_id: 'konek-web',
      events: [
        {
          event_type: 'nonserviceable_address',
          operator_id: 'konek',
          epoch_millis: Date.now(),
          day: '2026-12-05',
          id_type: 101,
          id_value: email,
          first_name: 'Maria',
          last_name: 'Santos',
          ...(msisdn ? { msisdn } : {}),
          address_type: 'House',
          province: 'Benguet',
          city: 'Baguio City',
          barangay: at === BAGUIO ? 'Session Road Area' : 'Centro 1',
          house_number: '12',
          street: 'Session Road',
          village: 'none',
          ...at,
          page_location: 'http://localhost:3000/serviceability/notifyme',
        },
      ],
    },
  });
}

const csvRow = (code: string, at: { latitude: number; longitude: number }) => {
  const values: Record<string, string> = {
    id: code,
    latitude: String(at.latitude),
    longitude: String(at.longitude),
    ports_total: '16',
    ports_used: '0',
    status: 'active',
    expected_date: '',
    served_buildings: '',
    city_code: '',
  };
  return NAP_FILE_COLUMNS.map((column) => values[column]).join(',');
};
const applyNaps = (...rows: string[]) =>
  send(
    OPS_COVERAGE_APPLY_PATH,
    {
      format: 'csv',
      file_name: 'naps.csv',
      content: [NAP_FILE_COLUMNS.join(','), ...rows].join('\n') + '\n',
    },
    plannerToken,
  );

const emailsTo = async (address: string) =>
  sql<{ subject: string; text: string; headers: Record<string, string> }>(
    'select subject, body_text as text, headers from email_outbox where recipient = $1 order by id',
    [address],
  );

async function until<T>(read: () => Promise<T>, isDone: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (isDone(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const linkToken = (text: string, query: string) =>
  new RegExp(`[?]${query}=([^\\s]+)`).exec(text)?.[1] ?? '';

describe('coverage-arrival alerts', () => {
  it('tells a waiting household once, by SMS and email, when a NAP file covers it', async () => {
    expect((await notifyMe('ana@example.com', '639171110001', BAGUIO)).statusCode).toBe(200);
    expect((await applyNaps(csvRow('ALERT-1', BAGUIO))).statusCode).toBe(200);

    const texts = await until(
      () => outboxMessages(testApp.database.db, '639171110001'),
      (messages) => messages.length > 0,
    );
    const emails = await until(
      () => emailsTo('ana@example.com'),
      (messages) => messages.length > 0,
    );
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toMatch(/^Konek: fibre has reached your address/);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe(ALERT_SUBJECT);
    expect(emails[0]!.headers['List-Unsubscribe']).toMatch(/[?]unsubscribe=/);

    // Another change to the plant: the household is not told again.
    expect((await applyNaps(csvRow('ALERT-1', BAGUIO), csvRow('ALERT-2', BAGUIO))).statusCode).toBe(
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await outboxMessages(testApp.database.db, '639171110001')).toHaveLength(1);
    expect(await emailsTo('ana@example.com')).toHaveLength(1);

    // The link opens the address the household gave, and the check there now says served.
    const opened = await send(ARRIVED_ADDRESS_PATH, {
      token: linkToken(emails[0]!.text, 'arrived'),
    });
    expect(opened.statusCode).toBe(200);
    const address = opened.json().address;
    expect(address).toMatchObject({ street: 'Session Road', ...BAGUIO });
    expect(address).not.toHaveProperty('email');
    const check = await send(SERVICEABILITY_CHECK_PATH, {
      latitude: address.latitude,
      longitude: address.longitude,
    });
    expect(check.json().result).toMatchObject({ serviceable: true });
  });

  it('refuses a link Konek did not sign, naming the token', async () => {
    for (const token of ['open.1.forged', 'unsubscribe.1', 'x']) {
      const reply = await send(WAITLIST_UNSUBSCRIBE_PATH, { token });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ module: 'coverage_alert', code: 1 });
      expect(reply.json().errors).toEqual([expect.objectContaining({ field: 'token' })]);
    }
  });

  it('honours the unsubscribe link at once: a later arrival tells that email nothing', async () => {
    expect((await notifyMe('ben@example.com', null, BAGUIO)).statusCode).toBe(200);
    expect((await applyNaps(csvRow('ALERT-3', BAGUIO))).statusCode).toBe(200);
    const [email] = await until(
      () => emailsTo('ben@example.com'),
      (messages) => messages.length > 0,
    );
    const reply = await send(WAITLIST_UNSUBSCRIBE_PATH, {
      token: linkToken(email!.text, 'unsubscribe'),
    });
    expect(reply.statusCode).toBe(200);

    // Ben waits again at another address; fibre reaches it; nothing is sent.
    expect((await notifyMe('ben@example.com', null, TUGUEGARAO)).statusCode).toBe(200);
    expect((await applyNaps(csvRow('ALERT-4', TUGUEGARAO))).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await emailsTo('ben@example.com')).toHaveLength(1);
  });

  it('fails an alert whose hand-over was cut short, and the retry sends it once', async () => {
    // As a crash leaves it: marked as being handed over, its job not finished.
    expect((await notifyMe('cy@example.com', null, ZAMBOANGA)).statusCode).toBe(200);
    const [{ id }] = (await sql<{ id: string }>(
      `insert into coverage_alerts (notify_request_id, household_key, channel, status, attempts, created_at)
       select id, 'crash|test', 'email', 'sending', 1, now() from notify_requests
       where email = 'cy@example.com'
       returning id`,
    )) as [{ id: string }];
    await sql(
      `insert into pgboss.job (name, data, retry_limit, expire_in)
       values ('coverage-alert', $1, 4, interval '60 seconds')`,
      [JSON.stringify({ alertId: Number(id) })],
    );
    const failed = await until(
      () => sql<{ status: string }>('select status from coverage_alerts where id = $1', [id]),
      (rows) => rows[0]?.status === 'failed',
    );
    expect(failed[0]!.status).toBe('failed');
    expect(await emailsTo('cy@example.com')).toHaveLength(0);

    const counts = await send(OPS_COVERAGE_ALERTS_PATH, {}, plannerToken);
    expect(counts.json().counts).toMatchObject({ failed: 1 });
    const retried = await send(OPS_RETRY_COVERAGE_ALERTS_PATH, {}, plannerToken);
    expect(retried.json()).toMatchObject({ requeued: 1 });
    await until(
      () => emailsTo('cy@example.com'),
      (messages) => messages.length > 0,
    );
    expect(await emailsTo('cy@example.com')).toHaveLength(1);
    const after = await send(OPS_COVERAGE_ALERTS_PATH, {}, plannerToken);
    expect(after.json().counts).toMatchObject({ failed: 0, queued: 0, sending: 0 });
  });
});
