import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OSS_SEGMENT } from '@konek/contract/constants';
import { emailValidationPath } from '@konek/contract/email-validation';
import { GET_USER_PATH } from '@konek/contract/get-user';
import { UPDATE_NOTIFICATION_INFO_PATH } from '@konek/contract/update-notification-info';
import { createTestApp, type TestApp } from '../../test/test-app';
import { post, signUp, type Customer } from '../../test/accounts';
import { createTestClock } from '../../test/test-clock';

// ADR 032: {oss}/email_validation through the local validator (every status from its sandbox addresses
// and rules) and through the ZeroBounce adapter against a fake ZeroBounce this test runs: each status, slow,
// down, a refused key. A validator that cannot answer never stops the customer.

const PATH = emailValidationPath(DEFAULT_OSS_SEGMENT);

const validate = (testApp: TestApp, who: Customer | null, email: string) =>
  post(testApp.app, PATH, { email }, who?.token);

const saveEmail = (testApp: TestApp, who: Customer, email: string) =>
  post(
    testApp.app,
    UPDATE_NOTIFICATION_INFO_PATH,
    {
      notification_identifier: email,
      notification_identifier_type: 'email',
      target_id: who.userId,
      target_type: 3,
    },
    who.token,
  );

describe('the local validator', () => {
  let testApp: TestApp;
  let customer: Customer;
  beforeAll(async () => {
    testApp = await createTestApp();
    customer = await signUp(testApp.app);
  });
  afterAll(() => testApp.close());

  it.each([
    ['valid@example.com', 'valid', ''],
    ['invalid@example.com', 'invalid', 'mailbox_not_found'],
    ['catch_all@example.com', 'catch-all', ''],
    ['unknown@example.com', 'unknown', 'mail_server_temporary_error'],
    ['spamtrap@example.com', 'spamtrap', ''],
    ['abuse@example.com', 'abuse', ''],
    ['donotmail@example.com', 'do_not_mail', 'global_suppression'],
    ['Maria.Santos@gmail.com', 'valid', ''],
    ['maria@mailinator.com', 'do_not_mail', 'disposable'],
    ['maria@inbox.10minutemail.com', 'do_not_mail', 'disposable'],
    ['info@konek.ph', 'do_not_mail', 'role_based'],
    ['support+ph@konek.ph', 'do_not_mail', 'role_based'],
    ['maria@example.org', 'invalid', 'no_dns_entries'],
    ['maria@shop.test', 'invalid', 'no_dns_entries'],
    ['maria@server.localhost', 'invalid', 'no_dns_entries'],
  ])('answers %s as %s', async (email, status, subStatus) => {
    const reply = await validate(testApp, customer, email);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      code: 0,
      module: 'email',
      message: 'OK',
      result: { status, sub_status: subStatus, verified: true },
    });
  });

  it('accepts the address as unverified catch-all when the validator is down', async () => {
    const reply = await validate(testApp, customer, 'unavailable@example.com');
    expect(reply.json().result).toEqual({
      status: 'catch-all',
      sub_status: 'validation_unavailable',
      verified: false,
    });
    const saved = await saveEmail(testApp, customer, 'unavailable@example.com');
    expect(saved.json()).toMatchObject({ code: 0, verification: 'unverified' });
  });

  it('refuses a malformed address with the page message, before any validator', async () => {
    const reply = await validate(testApp, customer, 'maria@@gmail');
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('email: Please enter a valid email address.');
  });

  it('needs a session', async () => {
    expect((await validate(testApp, null, 'valid@example.com')).statusCode).toBe(401);
  });

  it('update_notification_info saves an accepted address with its status; get_user lists it', async () => {
    const someone = await signUp(testApp.app);
    for (const email of ['catch_all@example.com', 'maria.santos@gmail.com']) {
      const reply = await saveEmail(testApp, someone, email);
      expect(reply.statusCode, reply.body).toBe(200);
    }
    const again = await saveEmail(testApp, someone, 'maria.santos@gmail.com');
    expect(again.json()).toEqual({
      code: 0,
      module: 'user',
      message: 'OK',
      notification_identifier: 'maria.santos@gmail.com',
      notification_identifier_type: 'email',
      verification: 'valid',
    });
    const user = await post(
      testApp.app,
      GET_USER_PATH,
      { target_id: someone.userId, target_type: 3 },
      someone.token,
    );
    expect(user.json().user_info.notification_identifiers).toEqual([
      { identifier_type: 'email', identifier: 'maria.santos@gmail.com' },
    ]);
  });

  it.each(['donotmail@example.com', 'maria@mailinator.com', 'spamtrap@example.com'])(
    'update_notification_info refuses %s with the page message and keeps the earlier address',
    async (email) => {
      const someone = await signUp(testApp.app);
      await saveEmail(testApp, someone, 'maria.santos@gmail.com');
      const reply = await saveEmail(testApp, someone, email);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({
        module: 'common',
        field: 'notification_identifier',
        message: 'notification_identifier: Please enter a valid email address.',
      });
      const user = await post(
        testApp.app,
        GET_USER_PATH,
        { target_id: someone.userId, target_type: 3 },
        someone.token,
      );
      expect(user.json().user_info.notification_identifiers[0].identifier).toBe(
        'maria.santos@gmail.com',
      );
    },
  );

  it("update_notification_info refuses another user's target", async () => {
    const other = await signUp(testApp.app);
    const reply = await post(
      testApp.app,
      UPDATE_NOTIFICATION_INFO_PATH,
      {
        notification_identifier: 'valid@example.com',
        notification_identifier_type: 'email',
        target_id: other.userId,
        target_type: 3,
      },
      customer.token,
    );
    expect(reply.statusCode).toBe(403);
  });
});

/** A ZeroBounce v2 stand-in on a free local port: the email's local part says how it answers. */
async function startFakeZeroBounce(apiKey: string) {
  const requests: URL[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    requests.push(url);
    const email = url.searchParams.get('email') ?? '';
    const local = email.split('@')[0] ?? '';
    const answer = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body);
    };
    if (url.pathname !== '/v2/validate') return answer(404, '{}');
    if (url.searchParams.get('api_key') !== apiKey) {
      return answer(200, '{"error":"Invalid API key or your account ran out of credits"}');
    }
    if (local === 'slow') {
      setTimeout(() => answer(200, JSON.stringify({ address: email, status: 'valid' })), 1500);
      return;
    }
    if (local === 'crash') return answer(500, '<html>Internal error</html>');
    if (local === 'hangup') return request.socket.destroy();
    const status = local === 'catch_all' ? 'catch-all' : local;
    const subStatus = local === 'do_not_mail' ? 'role_based' : '';
    answer(
      200,
      JSON.stringify({ address: email, status, sub_status: subStatus, free_email: false }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('the ZeroBounce adapter against a fake ZeroBounce', () => {
  const KEY = 'zb-test-key';
  let fake: Awaited<ReturnType<typeof startFakeZeroBounce>>;
  let testApp: TestApp;
  let customer: Customer;
  const written: string[] = [];
  beforeAll(async () => {
    fake = await startFakeZeroBounce(KEY);
    testApp = await createTestApp(
      {
        logLevel: 'info',
        emailValidation: { provider: 'zerobounce', apiKey: KEY, baseUrl: fake.url, timeoutMs: 400 },
      },
      { logDestination: { write: (line: string) => void written.push(line) } },
    );
    customer = await signUp(testApp.app);
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  it.each([
    ['valid', 'valid', ''],
    ['invalid', 'invalid', ''],
    ['catch_all', 'catch-all', ''],
    ['unknown', 'unknown', ''],
    ['spamtrap', 'spamtrap', ''],
    ['abuse', 'abuse', ''],
    ['do_not_mail', 'do_not_mail', 'role_based'],
  ])('maps %s@… to %s', async (local, status, subStatus) => {
    const reply = await validate(testApp, customer, `${local}@konek-mail.ph`);
    expect(reply.json().result).toEqual({ status, sub_status: subStatus, verified: true });
    const sent = fake.requests.at(-1)!;
    expect(sent.searchParams.get('email')).toBe(`${local}@konek-mail.ph`);
    expect(sent.searchParams.get('api_key')).toBe(KEY);
    expect(sent.searchParams.has('ip_address')).toBe(true);
  });

  it.each([
    ['slow (no answer within the timeout)', 'slow'],
    ['failing (HTTP 500)', 'crash'],
    ['hanging up', 'hangup'],
  ])('answers catch-all, not verified, when the service is %s', async (_case, local) => {
    const startedAt = performance.now();
    const reply = await validate(testApp, customer, `${local}@konek-mail.ph`);
    expect(performance.now() - startedAt).toBeLessThan(1400);
    expect(reply.json().result).toEqual({
      status: 'catch-all',
      sub_status: 'validation_unavailable',
      verified: false,
    });
    const someone = await signUp(testApp.app);
    const saved = await saveEmail(testApp, someone, `${local}@konek-mail.ph`);
    expect(saved.json()).toMatchObject({ code: 0, verification: 'unverified' });
  });

  it('logs the outage with its reason and never the address', () => {
    const outages = written.filter((line) => line.includes('email validation unavailable'));
    expect(outages.length).toBeGreaterThan(0);
    expect(outages.join('\n')).toMatch(/no answer within 400 ms/);
    expect(written.join('\n')).not.toMatch(/konek-mail|slow@|crash@|hangup@/);
    expect(written.join('\n')).not.toContain(KEY);
  });

  it('keeps the customer going when the service is down or refuses the key', async () => {
    const down = await fake.close().then(() => fake.url);
    const apps = await Promise.all([
      createTestApp({
        emailValidation: { provider: 'zerobounce', apiKey: KEY, baseUrl: down, timeoutMs: 400 },
      }),
      (async () => {
        const other = await startFakeZeroBounce('another-key');
        const app = await createTestApp({
          emailValidation: {
            provider: 'zerobounce',
            apiKey: KEY,
            baseUrl: other.url,
            timeoutMs: 400,
          },
        });
        return { ...app, close: () => app.close().then(other.close) };
      })(),
    ]);
    try {
      for (const other of apps) {
        const someone = await signUp(other.app);
        const reply = await validate(other, someone, 'valid@konek-mail.ph');
        expect(reply.statusCode).toBe(200);
        expect(reply.json().result).toMatchObject({ status: 'catch-all', verified: false });
      }
    } finally {
      await Promise.all(apps.map((other) => other.close()));
    }
  });
});

// ADR 097: a probe made 40 update_notification_info calls from one token (40 paid lookups), the same
// address 50 times (50), and one token from 30 client addresses (30). An answer is kept per address in
// PostgreSQL, and lookups are budgeted per account per day and per client address per hour.
describe('lookups kept per address and budgeted', () => {
  const KEY = 'zb-budget-key';
  // Mid-morning UTC: the account's day ends in 14 h 30 min.
  const clock = createTestClock(new Date('2026-03-02T09:30:00Z'));
  let fake: Awaited<ReturnType<typeof startFakeZeroBounce>>;
  let testApp: TestApp;
  beforeAll(async () => {
    fake = await startFakeZeroBounce(KEY);
    testApp = await createTestApp(
      {
        emailValidation: { provider: 'zerobounce', apiKey: KEY, baseUrl: fake.url, timeoutMs: 400 },
        emailLookupBudgets: { perAccountPerDay: 5, perAddressPerHour: 8 },
      },
      { clock },
    );
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });
  const lookupsOf = (email: string) =>
    fake.requests.filter((url) => url.searchParams.get('email')?.toLowerCase() === email).length;
  const saveFrom = (who: Customer, email: string, remoteAddress: string) =>
    post(
      testApp.app,
      UPDATE_NOTIFICATION_INFO_PATH,
      {
        notification_identifier: email,
        notification_identifier_type: 'email',
        target_id: who.userId,
        target_type: 3,
      },
      who.token,
      remoteAddress,
    );
  const validateFrom = (who: Customer, email: string, remoteAddress: string) =>
    post(testApp.app, PATH, { email }, who.token, remoteAddress);

  it('asks the validator once for one address, whichever call and however it is written', async () => {
    const someone = await signUp(testApp.app);
    for (let index = 0; index < 50; index += 1) {
      const reply = await saveFrom(someone, 'valid@konek-mail.ph', '198.51.100.60');
      expect(reply.statusCode, reply.body).toBe(200);
    }
    const checked = await validateFrom(someone, 'Valid@Konek-Mail.ph', '198.51.100.61');
    expect(checked.json().result).toEqual({ status: 'valid', sub_status: '', verified: true });
    // Another customer, another replica: the answer is PostgreSQL's, not the process's.
    const second = await testApp.startAnotherApp();
    try {
      const other = await signUp(second.app);
      const reply = await post(second.app, PATH, { email: 'valid@konek-mail.ph' }, other.token);
      expect(reply.json().result.status).toBe('valid');
    } finally {
      await second.close();
    }
    expect(lookupsOf('valid@konek-mail.ph')).toBe(1);
  });

  it("refuses an account's new addresses past its day, from any client address, with Retry-After", async () => {
    const someone = await signUp(testApp.app);
    for (let index = 0; index < 5; index += 1) {
      const reply = await saveFrom(
        someone,
        `catch_all@konek-mail${index}.ph`,
        `203.0.113.${index}`,
      );
      expect(reply.statusCode, reply.body).toBe(200);
    }
    const before = fake.requests.length;
    const refused = await saveFrom(someone, 'catch_all@konek-mail5.ph', '203.0.113.30');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 5,
      module: 'common',
      message: 'You have checked many email addresses already. Please try again later.',
      retry_after_seconds: 14.5 * 60 * 60,
    });
    expect(refused.headers['retry-after']).toBe(String(14.5 * 60 * 60));
    expect(
      (await validateFrom(someone, 'catch_all@konek-mail6.ph', '203.0.113.31')).statusCode,
    ).toBe(429);
    expect(fake.requests.length).toBe(before);
    // An address already looked up costs nothing, so it is still answered.
    expect((await saveFrom(someone, 'catch_all@konek-mail1.ph', '203.0.113.32')).statusCode).toBe(
      200,
    );
  });

  it("refuses a client address's lookups past its hour, whatever the token", async () => {
    const address = '198.51.100.70';
    const [first, second] = [await signUp(testApp.app), await signUp(testApp.app)];
    for (let index = 0; index < 8; index += 1) {
      const who = index < 4 ? first : second;
      const reply = await validateFrom(who, `valid@konek-mail${index}.ph`, address);
      expect(reply.statusCode, reply.body).toBe(200);
    }
    const third = await signUp(testApp.app);
    expect((await validateFrom(third, 'valid@konek-mail8.ph', address)).statusCode).toBe(429);
    expect((await validateFrom(third, 'valid@konek-mail8.ph', '198.51.100.71')).statusCode).toBe(
      200,
    );
  });

  it('asks again soon after no answer, and keeps a definite answer for 30 days', async () => {
    const someone = await signUp(testApp.app);
    for (let index = 0; index < 3; index += 1) {
      const reply = await validateFrom(someone, 'crash@konek-mail.ph', '198.51.100.80');
      expect(reply.json().result).toMatchObject({ verified: false });
    }
    expect(lookupsOf('crash@konek-mail.ph')).toBe(1);
    clock.advance(6 * 60 * 1000);
    const again = await signUp(testApp.app);
    await validateFrom(again, 'crash@konek-mail.ph', '198.51.100.80');
    expect(lookupsOf('crash@konek-mail.ph')).toBe(2);
    await validateFrom(again, 'valid@konek-mail.ph', '198.51.100.80');
    expect(lookupsOf('valid@konek-mail.ph')).toBe(1);
  });
});
