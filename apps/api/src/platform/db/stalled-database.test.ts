import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { GET_ADDRESSES_PATH } from '@konek/contract/address-book';
import { CHECK_LOGIN_EXISTS_PATH } from '@konek/contract/check-login-exists';
import { DEFAULT_APPLICATION_ID, LOGIN_TYPE } from '@konek/contract/constants';
import { ERRORS } from '@konek/contract/errors';
import { HEALTH_PATH } from '@konek/contract/health';
import { createTestApp, type TestApp } from '../../test/test-app';
import { post, type Customer } from '../../test/accounts';
import { quickCustomers } from '../../test/customers';
import { startStallingProxy, type StallingProxy } from '../../test/stalling-proxy';

// ADR 078: PostgreSQL stalls or goes away for this app alone (a proxy between them), and every wait on
// it is bounded: health says down and calls answer 503 within seconds, and both come back by themselves.
// Times are asserted with room to spare for a busy 2-core machine, never exactly.

/** Short limits keep the file quick; the defaults (3 s and 5 s) bound the same waits. */
const TIMEOUTS = { acquireMs: 1000, statementMs: 2000 };
/** Far above what the limits allow (about 3 s), far below "no limit" (the proxy holds for ever). */
const PROMPTLY_MS = 10_000;
const BACK_WITHIN_MS = 20_000;

let proxy: StallingProxy;
let testApp: TestApp;
let customer: Customer;
const logLines: string[] = [];

beforeAll(async () => {
  testApp = await createTestApp(
    { logLevel: 'info', databaseTimeouts: TIMEOUTS },
    {
      logDestination: { write: (line: string) => void logLines.push(line) },
      connectThrough: async (databaseUrl) => {
        proxy = await startStallingProxy(databaseUrl);
        return proxy.url;
      },
    },
  );
  [customer] = (await quickCustomers(testApp, 1)) as [Customer];
});
// A test that failed half-way leaves PostgreSQL reachable for the next.
afterEach(async () => {
  proxy.resume();
  await proxy.restore();
});
afterAll(async () => {
  await testApp.close();
  await proxy.close();
});

const health = () => testApp.app.inject({ method: 'GET', url: HEALTH_PATH });
const lookUp = () =>
  post(testApp.app, CHECK_LOGIN_EXISTS_PATH, {
    application_id: DEFAULT_APPLICATION_ID,
    login_id: customer.msisdn,
    login_type: LOGIN_TYPE,
  });
const addresses = () =>
  post(
    testApp.app,
    GET_ADDRESSES_PATH,
    { address_type: 4, target_id: customer.accountId, target_type: 2 },
    customer.token,
  );

async function timed(
  request: () => Promise<LightMyRequestResponse>,
): Promise<{ reply: LightMyRequestResponse; ms: number }> {
  const startedAt = performance.now();
  const reply = await request();
  return { reply, ms: performance.now() - startedAt };
}

function expectUnavailable({ reply, ms }: { reply: LightMyRequestResponse; ms: number }) {
  expect(ms).toBeLessThan(PROMPTLY_MS);
  expect(reply.statusCode).toBe(503);
  expect(reply.json()).toEqual({
    code: ERRORS.common.DATABASE_UNAVAILABLE.code,
    module: 'common',
    message: ERRORS.common.DATABASE_UNAVAILABLE.message,
  });
  expect(reply.headers['retry-after']).toBe('5');
}

function expectDown({ reply, ms }: { reply: LightMyRequestResponse; ms: number }) {
  expect(ms).toBeLessThan(PROMPTLY_MS);
  expect(reply.statusCode).toBe(503);
  expect(reply.json()).toMatchObject({
    code: 503,
    module: 'health',
    status: 'degraded',
    database: 'down',
  });
}

/** Health answers up again without anything done to the app. */
async function waitUntilUp(): Promise<void> {
  const deadline = performance.now() + BACK_WITHIN_MS;
  for (;;) {
    const reply = await health();
    if (reply.statusCode === 200) {
      expect(reply.json()).toMatchObject({ status: 'ok', database: 'up' });
      return;
    }
    if (performance.now() > deadline) throw new Error('health did not say up again');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits until the app has logged a line with every one of `texts` since line `from`. */
async function waitForLogLine(from: number, ...texts: string[]): Promise<void> {
  const deadline = performance.now() + BACK_WITHIN_MS;
  while (!logLines.slice(from).some((line) => texts.every((text) => line.includes(text)))) {
    if (performance.now() > deadline) throw new Error(`nothing logged with ${texts.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function expectServing(): Promise<void> {
  await waitUntilUp();
  const [lookedUp, listed] = await Promise.all([lookUp(), addresses()]);
  expect(lookedUp.statusCode).toBe(200);
  expect(lookedUp.json()).toMatchObject({ code: 0, exists: true });
  expect(listed.statusCode).toBe(200);
  expect(listed.json()).toMatchObject({ code: 0 });
}

it('answers down and 503 within seconds while PostgreSQL stalls, and serves again once it answers', async () => {
  await expectServing();
  proxy.stall();
  // The pool's idle connections are stuck: their statements go unanswered.
  const [down, lookedUp, listed] = await Promise.all([
    timed(health),
    timed(lookUp),
    timed(addresses),
  ]);
  expectDown(down);
  expectUnavailable(lookedUp);
  expectUnavailable(listed);
  // Those connections were closed: new ones are opened, and their start goes unanswered too.
  const [downAgain, lookedUpAgain] = await Promise.all([timed(health), timed(lookUp)]);
  expectDown(downAgain);
  expectUnavailable(lookedUpAgain);

  proxy.resume();
  await expectServing();

  // ADR 021: the log says why in a few words, without the statement, its values or the number.
  const unavailable = logLines.filter((line) => line.includes('database unavailable'));
  expect(unavailable.length).toBeGreaterThanOrEqual(3);
  for (const line of logLines) {
    expect(line).not.toMatch(/select|Failed query|params/i);
    expect(line).not.toContain(customer.msisdn);
  }
});

it('answers 503 when PostgreSQL goes away (connections cut, new ones refused), and serves once it is back', async () => {
  await expectServing();
  await proxy.cut();
  const [down, lookedUp, listed] = await Promise.all([
    timed(health),
    timed(lookUp),
    timed(addresses),
  ]);
  expectDown(down);
  expectUnavailable(lookedUp);
  expectUnavailable(listed);

  await proxy.restore();
  await expectServing();
});

it("reopens the coverage index's lost notifications by itself, though PostgreSQL stalls as it tries", async () => {
  await expectServing();
  // The index follows changes (again, after an earlier test cut its connection).
  const coverageLines = () => logLines.filter((line) => line.includes('coverage index:'));
  await expect
    .poll(() => coverageLines().at(-1), { timeout: BACK_WITHIN_MS })
    .toContain('following changes');
  const from = logLines.length;
  await proxy.cut();
  await waitForLogLine(from, 'coverage index: lost its notifications');
  proxy.stall();
  await proxy.restore();
  // An attempt that connects and hears nothing gives up after DATABASE_ACQUIRE_TIMEOUT_MS, and tries
  // again later.
  await waitForLogLine(from, 'coverage index: reconnect failed', 'connect timeout');
  proxy.resume();
  await waitForLogLine(from, 'coverage index:', 'following changes');
  await expectServing();
});

it('never lets a later transaction commit what a stall cut short', async () => {
  await expectServing();
  const { db, pool } = testApp.database;
  await pool.query('create table stall_probe (label text primary key)');
  const cutShort = db.transaction(async (tx) => {
    await tx.execute(sql`insert into stall_probe values ('cut short')`);
    proxy.stall();
    await tx.execute(sql`select 1`);
  });
  await expect(cutShort).rejects.toThrow();
  proxy.resume();
  // The pool hands out the connection released last first: the one the stall caught, were it kept.
  for (const label of ['next', 'then']) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into stall_probe values (${label})`);
    });
  }
  const { rows } = await pool.query<{ label: string }>('select label from stall_probe');
  expect(rows.map((row) => row.label).sort()).toEqual(['next', 'then']);
});
