import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_EVENTS_PER_BATCH,
  SUBMIT_EVENTS_UNREGISTERED_PATH,
} from '@konek/contract/event-constants';
import { REPORT_CLIENT_ERROR_PATH } from '@konek/contract/report-client-error';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';

// ADR 097: a probe sent 200 anonymous batches of 50 events from one address (10,000 rows in 1.6 s) and
// 200 error reports of 12 KB (each logged as a 4 KB line). A batch is at most MAX_EVENTS_PER_BATCH
// events, events and reports are counted per client address per minute and per hour in PostgreSQL, and
// a report's log line keeps a little of each field.

const pageView = (index: number) => ({
  event_type: 'page_view',
  day: '2026-11-22',
  epoch_millis: 1_795_000_000_000 + index,
  id_type: 100,
  id_value: 'device-1',
  page_location: 'http://localhost:3000/',
  device: 'mobile',
  browser: 'Chrome',
  resolution: '390x844',
});
const batchOf = (size: number) => Array.from({ length: size }, (_, index) => pageView(index));

// 01:15:30: the minute ends in 30 s, the hour in 44 min 30 s.
const clock = createTestClock(new Date('2026-03-02T01:15:30Z'));
const written: string[] = [];
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp(
    {
      logLevel: 'info',
      eventBudgets: { perAddressPerMinute: 100, perAddressPerHour: 150 },
      clientErrorBudgets: { perAddressPerMinute: 3, perAddressPerHour: 5 },
    },
    { clock, logDestination: { write: (line: string) => void written.push(line) } },
  );
});
afterAll(() => testApp.close());

const submitFrom = (remoteAddress: string, events: unknown[]) =>
  testApp.app.inject({
    method: 'POST',
    url: SUBMIT_EVENTS_UNREGISTERED_PATH,
    payload: { application_id: 'konek-web', events },
    remoteAddress,
  });
const storedRows = async () =>
  Number(
    (await testApp.database.pool.query('select count(*) as n from analytics_events')).rows[0].n,
  );

describe('anonymous analytics events', () => {
  it('refuses a batch of more than the most per request, naming the field', async () => {
    expect(MAX_EVENTS_PER_BATCH).toBe(20);
    const reply = await submitFrom('198.51.100.1', batchOf(50));
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ code: 1, module: 'common' });
    expect(reply.json().message).toMatch(/^events: /);
    expect(await storedRows()).toBe(0);
    expect((await submitFrom('198.51.100.1', batchOf(20))).statusCode).toBe(200);
  });

  it("stops one address's flood at its minute and its hour, with Retry-After", async () => {
    const address = '198.51.100.2';
    const before = await storedRows();
    // The probe again, in batches the contract takes: 200 requests of 20 events.
    const replies = [];
    for (let index = 0; index < 200; index += 1) {
      replies.push(await submitFrom(address, batchOf(20)));
    }
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(5);
    const refused = replies.at(-1)!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 5, module: 'common', retry_after_seconds: 30 });
    expect(refused.headers['retry-after']).toBe('30');
    expect((await storedRows()) - before).toBe(100);

    // The next minute: the hour's 150 leaves room for two more batches of 20, then 10 events.
    clock.advance(30_000);
    expect((await submitFrom(address, batchOf(20))).statusCode).toBe(200);
    expect((await submitFrom(address, batchOf(20))).statusCode).toBe(200);
    const pastHour = await submitFrom(address, batchOf(20));
    expect(pastHour.statusCode).toBe(429);
    expect(pastHour.json().retry_after_seconds).toBe(44 * 60);
    expect((await submitFrom(address, batchOf(10))).statusCode).toBe(200);
    expect((await storedRows()) - before).toBe(150);

    // Another address has its own budgets.
    expect((await submitFrom('198.51.100.3', batchOf(20))).statusCode).toBe(200);
  });
});

describe("the web app's error reports", () => {
  const person = { email: 'maria.santos@gmail.com', msisdn: '0917 555 0301', e164: '639175550301' };
  const report = (index: number) => ({
    message: `Report ${index}: no account for ${person.msisdn} (${person.email}) `.padEnd(
      2000,
      'x',
    ),
    page_location: `http://localhost:3000/serviceability/${person.e164}?q=1`.padEnd(2048, 'p'),
    call_path: `/api/v3/user/check_login_exists?msisdn=${person.e164}`.padEnd(512, 'c'),
    status: 500,
    stack: Array.from(
      { length: 50 },
      (_, frame) =>
        `    at f${frame} (http://localhost:3000/assets/${'a'.repeat(90)}.js?v=${person.e164}:1:${frame})`,
    ).join('\n'),
    user_agent: `Mozilla/5.0 ${person.email}`.padEnd(512, 'u'),
  });
  const reportFrom = (remoteAddress: string, index: number) =>
    testApp.app.inject({
      method: 'POST',
      url: REPORT_CLIENT_ERROR_PATH,
      payload: report(index),
      remoteAddress,
    });
  const reportLines = () =>
    written
      .flatMap((chunk) => chunk.split('\n'))
      .filter((line) => line.includes('"client error report"'));

  it('logs each report in a short line without the number or email', async () => {
    expect(JSON.stringify(report(0)).length).toBeGreaterThan(12_000);
    const reply = await reportFrom('198.51.100.10', 0);
    expect(reply.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = reportLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.length).toBeLessThan(2000);
    for (const value of Object.values(person)) expect(lines[0]).not.toContain(value);
    expect(lines[0]).not.toContain('5550301');
  });

  it("refuses one address's reports past its minute and hour, and logs none of those", async () => {
    const address = '198.51.100.11';
    const before = reportLines().length;
    const replies = [];
    for (let index = 0; index < 200; index += 1) replies.push(await reportFrom(address, index));
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(3);
    const refused = replies.at(-1)!;
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    clock.advance(60_000);
    expect((await reportFrom(address, 200)).statusCode).toBe(200);
    expect((await reportFrom(address, 201)).statusCode).toBe(200);
    expect((await reportFrom(address, 202)).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reportLines().length - before).toBe(5);
    expect((await reportFrom('198.51.100.12', 0)).statusCode).toBe(200);
  });
});
