import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEFAULT_APPLICATION_ID, DEFAULT_OSS_SEGMENT } from '@konek/contract/constants';
import { createOtpPath } from '@konek/contract/create-otp';
import {
  CHALLENGE_CONTEXT_TYPE_PIN_RESET,
  CHALLENGE_TYPE_SMS_CODE,
  CREATE_CHALLENGE_PATH,
} from '@konek/contract/create-challenge';
import { loadConfig, type SmsBudgets } from '../../platform/config';
import { createTestApp, type SecondApp, type TestApp } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import { post, randomMsisdn, signUp, type Customer } from '../../test/accounts';

// ADR 022: the SMS budgets, counted in PostgreSQL, seen by every replica and shared by both calls.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const BUDGETS: SmsBudgets = {
  perAddressPerHour: 10,
  perAddressPerDay: 30,
  perNumberPerDay: 10,
  globalPerHour: 1_000_000,
};

const createOtp = (app: FastifyInstance, msisdn: string, address: string) =>
  post(app, createOtpPath(DEFAULT_OSS_SEGMENT), { msisdn }, undefined, address);
const createChallenge = (app: FastifyInstance, msisdn: string, address: string) =>
  post(
    app,
    CREATE_CHALLENGE_PATH,
    {
      msisdn,
      application_id: DEFAULT_APPLICATION_ID,
      context_type: CHALLENGE_CONTEXT_TYPE_PIN_RESET,
      challenge_type: CHALLENGE_TYPE_SMS_CODE,
    },
    undefined,
    address,
  );

const secondsUntilNext = (now: Date, size: number) =>
  Math.ceil((size - (now.getTime() % size)) / 1000);

function expectAddressRefusal(reply: LightMyRequestResponse, retryAfterSeconds: number) {
  expect(reply.statusCode, reply.body).toBe(429);
  expect(reply.json()).toEqual({
    code: 5,
    module: 'common',
    message: 'Too many codes have been asked for from your network. Please try again later.',
    retry_after_seconds: retryAfterSeconds,
  });
  expect(reply.headers['retry-after']).toBe(String(retryAfterSeconds));
}

async function smsSentSince(testApp: TestApp, since: Date): Promise<number> {
  const { rows } = await testApp.database.pool.query<{ count: string }>(
    'select count(*) from sms_outbox where created_at >= $1',
    [since],
  );
  return Number(rows[0]!.count);
}

// Mid-hour, so the first window is part-used, as in life.
const clock = createTestClock(new Date('2026-03-02T01:15:00Z'));
let testApp: TestApp;
let replica: SecondApp;
let customers: Customer[];
beforeAll(async () => {
  testApp = await createTestApp({ smsBudgets: BUDGETS }, { clock });
  replica = await testApp.startAnotherApp();
  customers = [];
  for (let index = 0; index < 6; index += 1) {
    customers.push(await signUp(testApp.app, { remoteAddress: `192.0.2.${index + 1}` }));
  }
  // Past the resend wait of their sign-up codes.
  clock.advance(MINUTE);
});
afterAll(async () => {
  await replica.close();
  await testApp.close();
});

describe('per client address', () => {
  it('counts create_otp and create_challenge together, on every replica, up to the hourly cap', async () => {
    const address = '198.51.100.7';
    const startedAt = clock.now();
    const statuses: number[] = [];
    for (let index = 0; index < 10; index += 1) {
      // Alternate the calls and the instances: sign-up codes on one, PIN-reset codes on the other.
      const isSignup = index % 2 === 0;
      const msisdn = isSignup ? randomMsisdn() : customers[index >> 1]!.msisdn;
      const reply = isSignup
        ? await createOtp(testApp.app, msisdn, address)
        : await createChallenge(replica.app, msisdn, address);
      statuses.push(reply.statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(200));

    const wait = secondsUntilNext(clock.now(), HOUR);
    const fresh = randomMsisdn();
    expectAddressRefusal(await createOtp(replica.app, fresh, address), wait);
    expectAddressRefusal(await createChallenge(testApp.app, customers[5]!.msisdn, address), wait);
    expect(await smsSentSince(testApp, startedAt)).toBe(10);

    // Another address is not held back.
    expect((await createOtp(testApp.app, randomMsisdn(), '198.51.100.8')).statusCode).toBe(200);
  });

  it('lets no two requests at once past the last unit', async () => {
    const address = '198.51.100.9';
    const replies = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        createOtp(index % 2 === 0 ? testApp.app : replica.app, randomMsisdn(), address),
      ),
    );
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(14);
  });

  it('charges nothing for a request refused for another reason', async () => {
    const address = '198.51.100.10';
    for (let index = 0; index < 12; index += 1) {
      // Not registered: LOGIN_NOT_FOUND, no SMS.
      expect((await createChallenge(testApp.app, randomMsisdn(), address)).statusCode).toBe(404);
    }
    const again = randomMsisdn();
    expect((await createOtp(testApp.app, again, address)).statusCode).toBe(200);
    expect((await createOtp(replica.app, again, address)).json()).toMatchObject({
      module: 'otp',
      code: 8,
    });
    for (let index = 0; index < 9; index += 1) {
      expect((await createOtp(testApp.app, randomMsisdn(), address)).statusCode).toBe(200);
    }
    expect((await createOtp(testApp.app, randomMsisdn(), address)).statusCode).toBe(429);
  });

  it('stops at the daily cap, hour after hour', async () => {
    const address = '198.51.100.11';
    const sentPerHour: number[] = [];
    for (let hour = 0; hour < 4; hour += 1) {
      let sent = 0;
      for (let index = 0; index < 12; index += 1) {
        const reply = await createOtp(testApp.app, randomMsisdn(), address);
        if (reply.statusCode === 200) sent += 1;
      }
      sentPerHour.push(sent);
      if (hour < 3) clock.advance(HOUR);
    }
    expect(sentPerHour).toEqual([10, 10, 10, 0]);
    // Refused by both the hour and the day: the wait named is the day's, the longer.
    expectAddressRefusal(
      await createOtp(replica.app, randomMsisdn(), address),
      secondsUntilNext(clock.now(), DAY),
    );
    clock.advance(secondsUntilNext(clock.now(), DAY) * 1000);
    expect((await createOtp(testApp.app, randomMsisdn(), address)).statusCode).toBe(200);
  });
});

describe('per number', () => {
  it('stops at the daily cap over both calls, from any address', async () => {
    // A day on: the customer's sign-up code no longer counts.
    clock.advance(DAY);
    const customer = customers[5]!;
    let address = 0;
    const send = (index: number) => {
      address += 1;
      const from = `203.0.113.${address}`;
      return index % 2 === 0
        ? createOtp(testApp.app, customer.msisdn, from)
        : createChallenge(replica.app, customer.msisdn, from);
    };
    const firstSentAt = clock.now().getTime();
    for (let index = 0; index < 10; index += 1) {
      // 5 an hour (ADR 009), a minute apart.
      if (index === 5) clock.advance(HOUR);
      const reply = await send(index);
      expect(reply.statusCode, reply.body).toBe(200);
      clock.advance(MINUTE);
    }
    clock.advance(HOUR);
    const refused = await send(10);
    expect(refused.statusCode).toBe(429);
    const wait = Math.ceil((firstSentAt + DAY - clock.now().getTime()) / 1000);
    expect(refused.json()).toEqual({
      code: 9,
      module: 'otp',
      message: 'You have asked for too many codes for this number today. Please try again later.',
      retry_after_seconds: wait,
    });
    expect(refused.headers['retry-after']).toBe(String(wait));
    clock.advance(wait * 1000);
    expect((await send(11)).statusCode).toBe(200);
  });
});

describe('global', () => {
  it('stops every address at the hourly budget of the whole service', async () => {
    const globalClock = createTestClock(new Date('2026-03-02T01:15:00Z'));
    const small = await createTestApp(
      { smsBudgets: { ...BUDGETS, globalPerHour: 3 } },
      { clock: globalClock },
    );
    const other = await small.startAnotherApp();
    try {
      for (let index = 0; index < 3; index += 1) {
        const app = index % 2 === 0 ? small.app : other.app;
        expect((await createOtp(app, randomMsisdn(), `198.18.0.${index}`)).statusCode).toBe(200);
      }
      const refused = await createOtp(other.app, randomMsisdn(), '198.18.0.9');
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        code: 503,
        module: 'common',
        message: "We can't send codes right now. Please try again later.",
        retry_after_seconds: 45 * 60,
      });
      globalClock.advance(45 * MINUTE);
      expect((await createOtp(small.app, randomMsisdn(), '198.18.0.9')).statusCode).toBe(200);
    } finally {
      await other.close();
      await small.close();
    }
  });
});

describe('the attack the review found', () => {
  it('sends 10 SMS in an hour with the default budgets, not 1,200', async () => {
    const attackClock = createTestClock(new Date('2026-03-02T01:00:00Z'));
    const defaults = loadConfig({}).smsBudgets;
    const target = await createTestApp({ smsBudgets: defaults }, { clock: attackClock });
    try {
      const victims: Customer[] = [];
      for (let index = 0; index < 10; index += 1) {
        victims.push(await signUp(target.app, { remoteAddress: `192.0.2.${index + 1}` }));
      }
      const address = '198.51.100.66';
      let sent = 0;
      // Each minute of the hour: 10 sign-up codes and 10 PIN-reset codes, every one to another number.
      for (let minute = 0; minute < 60; minute += 1) {
        for (const victim of victims) {
          const replies = [
            await createOtp(target.app, randomMsisdn(), address),
            await createChallenge(target.app, victim.msisdn, address),
          ];
          sent += replies.filter((reply) => reply.statusCode === 200).length;
        }
        attackClock.advance(MINUTE);
      }
      expect(sent).toBe(defaults.perAddressPerHour);
      expect(sent).toBe(10);
    } finally {
      await target.close();
    }
  });
});
