import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUBMIT_EVENTS_CLIENT_PATH,
  SUBMIT_EVENTS_UNREGISTERED_PATH,
} from '@konek/contract/event-constants';
import { REPORT_CLIENT_ERROR_PATH } from '@konek/contract/report-client-error';
import { GET_USER_PATH } from '@konek/contract/get-user';
import { createTestApp, type TestApp } from '../test/test-app';
import { loginPayload, post, signUp, type Customer } from '../test/accounts';
import { LOGIN_PATH } from '@konek/contract/login';

// The log as an operator reads it (ADR 021): every line the app writes, at debug level, must be free of
// request bodies, SQL parameters, tokens, PINs, codes, numbers, emails, names and coordinates.

type LogLine = Record<string, unknown> & { msg?: string; reqId?: string };

const written: string[] = [];
const logDestination = { write: (line: string) => void written.push(line) };
const lines = (): LogLine[] => written.map((line) => JSON.parse(line));
const logText = () => written.join('');

let testApp: TestApp;
let customer: Customer;
beforeAll(async () => {
  testApp = await createTestApp({ logLevel: 'debug' }, { logDestination });
  customer = await signUp(testApp.app);
});
afterAll(() => testApp.close());

const person = {
  email: 'maria.logtest@example.com',
  firstName: 'Marisol',
  lastName: 'Dimaculangan',
  msisdn: '639175550123',
  street: 'Calle Secreto',
  latitude: 16.41161,
  longitude: 120.59771,
};

const notifyEvent = {
  event_type: 'nonserviceable_address',
  operator_id: 'konek',
  epoch_millis: 1_795_000_000_000,
  day: '2026-11-22',
  id_type: 101,
  id_value: person.email,
  first_name: person.firstName,
  last_name: person.lastName,
  msisdn: person.msisdn,
  address_type: 'House',
  province: 'Benguet',
  city: 'Baguio City',
  barangay: 'Session Road Area',
  house_number: '12',
  street: person.street,
  latitude: person.latitude,
  longitude: person.longitude,
  page_location: 'http://localhost:3000/serviceability/notifyme',
};

function unhandledErrorLine(requestId: string): LogLine {
  const line = lines().find(
    (entry) => entry.reqId === requestId && entry.msg === 'unhandled error',
  );
  expect(line, logText()).toBeDefined();
  console.log(JSON.stringify(line));
  return line!;
}

describe('a query PostgreSQL refuses', () => {
  it('is logged with its request id, the SQL and the SQLSTATE, without the values it carried', async () => {
    // A check no row passes: PostgreSQL's reply then quotes the whole row in its `detail`.
    await testApp.database.pool.query(
      'alter table notify_requests add constraint refuse_every_row check (false) not valid',
    );
    const reply = await testApp.app.inject({
      method: 'POST',
      url: SUBMIT_EVENTS_UNREGISTERED_PATH,
      headers: { 'x-request-id': 'refused-notify-me' },
      payload: { application_id: 'konek-web', events: [notifyEvent] },
    });
    expect(reply.statusCode).toBe(500);

    const line = unhandledErrorLine('refused-notify-me');
    expect(JSON.stringify(line.err)).toContain('insert into \\"notify_requests\\"');
    expect(JSON.stringify(line.err)).toContain('"errorCode":"23514"');
    expect(JSON.stringify(line.err)).toContain('"constraint":"refuse_every_row"');
    for (const value of Object.values(person)) expect(logText()).not.toContain(String(value));
  });

  it("keeps a signed-in customer's user id out of the log", async () => {
    await testApp.database.pool.query(
      'alter table analytics_events add constraint refuse_every_row check (false) not valid',
    );
    const reply = await testApp.app.inject({
      method: 'POST',
      url: SUBMIT_EVENTS_CLIENT_PATH,
      headers: { authorization: `Bearer ${customer.token}`, 'x-request-id': 'refused-event' },
      payload: {
        target_id: customer.userId,
        target_type: 3,
        events: [
          {
            event_type: 'page_view',
            day: '2026-11-22',
            epoch_millis: 1_795_000_000_000,
            id_type: 3,
            id_value: customer.userId,
            page_location: 'http://localhost:3000/',
            device: 'mobile',
            browser: 'Chrome',
            resolution: '390x844',
          },
        ],
      },
    });
    expect(reply.statusCode).toBe(500);
    expect(JSON.stringify(unhandledErrorLine('refused-event').err)).toContain('23514');
    expect(logText()).not.toContain(customer.userId);
  });
});

describe('requests with secrets', () => {
  it('log one line per request with neither the Authorization header, the body nor the query', async () => {
    const before = written.length;
    const signIn = await post(
      testApp.app,
      LOGIN_PATH,
      await loginPayload(customer.msisdn, customer.pin),
      customer.token,
    );
    expect(signIn.statusCode).toBe(200);
    const user = await post(
      testApp.app,
      GET_USER_PATH,
      { target_id: customer.userId, target_type: 3 },
      customer.token,
    );
    expect(user.statusCode, user.body).toBe(200);

    const requestLines = lines()
      .slice(before)
      .filter((line) => line.msg === 'request');
    expect(requestLines).toEqual([
      expect.objectContaining({ method: 'POST', url: LOGIN_PATH, statusCode: 200 }),
      expect.objectContaining({ method: 'POST', url: GET_USER_PATH, statusCode: 200 }),
    ]);
    expect(requestLines[0]!.reqId).toBe(signIn.headers['x-request-id']);
    // Put together without pino (ADR 037), the line is the one pino writes: its keys, in its order.
    expect(Object.keys(requestLines[0]!)).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'method',
      'url',
      'statusCode',
      'responseTime',
      'msg',
    ]);
    expect(requestLines[0]).toMatchObject({ level: 30, pid: process.pid, hostname: os.hostname() });
    // The whole log so far: the sign-up's codes, the outbox read by number, the sign-in and the token.
    const text = logText();
    expect(text).not.toContain(customer.token);
    expect(text).not.toContain(customer.msisdn);
    expect(text).not.toContain(customer.pin);
    expect(text).not.toContain((await loginPayload(customer.msisdn, customer.pin)).login_secret);
  });

  it("masks numbers, emails and query strings in a browser's error report", async () => {
    const reply = await post(testApp.app, REPORT_CLIENT_ERROR_PATH, {
      message: `No account for ${person.msisdn} (${person.email})`,
      page_location: `http://localhost:3000/serviceability?lat=${person.latitude}&lng=${person.longitude}`,
      call_path: `/api/v3/x?msisdn=${person.msisdn}`,
      status: 404,
    });
    expect(reply.statusCode).toBe(200);
    const report = lines().find((line) => line.msg === 'client error report');
    expect(report?.clientError).toEqual({
      message: 'No account for [number] ([email])',
      page_location: 'http://localhost:3000/serviceability',
      call_path: '/api/v3/x',
      status: 404,
    });
    for (const value of Object.values(person)) expect(logText()).not.toContain(String(value));
  });

  it("keeps only a stack's frames, without their query strings", async () => {
    const reply = await post(testApp.app, REPORT_CLIENT_ERROR_PATH, {
      message: 'Cannot read properties of undefined',
      page_location: 'http://localhost:3000/serviceability/filloutdetail',
      stack: [
        `TypeError: no address for ${person.firstName} ${person.lastName}, 12 ${person.street}`,
        '    at renderDetails (http://localhost:3000/assets/details-AbC123.js:1:2345)',
        '    at http://localhost:3000/assets/start-XyZ.js?v=2:4:56',
        `Error at ${person.firstName} ${person.lastName} 12 ${person.street}`,
        'submit@http://localhost:3000/assets/forms-Q1.js:7:89',
      ].join('\n'),
      status: 500,
    });
    expect(reply.statusCode).toBe(200);
    const report = lines()
      .filter((line) => line.msg === 'client error report')
      .at(-1);
    expect((report?.clientError as { stack?: string } | undefined)?.stack).toBe(
      [
        'at renderDetails (http://localhost:3000/assets/details-AbC123.js:1:2345)',
        'at http://localhost:3000/assets/start-XyZ.js:4:56',
        'submit@http://localhost:3000/assets/forms-Q1.js:7:89',
      ].join('\n'),
    );
    for (const value of [person.firstName, person.lastName, person.street]) {
      expect(logText()).not.toContain(value);
    }
  });

  it('redacts secrets wherever they sit in a logged object', () => {
    const before = written.length;
    testApp.app.log.info(
      {
        headers: { authorization: 'Bearer abc.def.ghi', cookie: 'session=s3cr3t' },
        body: { pin: '482916', code: '735102', msisdn: '639170000001', email: 'x@example.com' },
        refresh_token: 'rt-1',
        nested: { deeper: { login_secret: 'ls-1', list: [{ Email: 'y@example.com' }] } },
      },
      'an object with secrets',
    );
    const text = written.slice(before).join('');
    expect(text).toContain('an object with secrets');
    expect(text).toContain('"refresh_token":"[redacted]"');
    for (const secret of [
      'abc.def.ghi',
      's3cr3t',
      '482916',
      '735102',
      '639170000001',
      'x@example.com',
      'rt-1',
      'ls-1',
      'y@example.com',
    ])
      expect(text).not.toContain(secret);
  });
});
