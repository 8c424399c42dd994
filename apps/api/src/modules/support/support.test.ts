import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TARGET_TYPE_ACCOUNT } from '@konek/contract/constants';
import { OPS_CLOSE_SUPPORT_REQUEST_PATH } from '@konek/contract/ops-close-support-request';
import {
  OPS_SUPPORT_REQUESTS_PATH,
  type TOpsSupportRequest,
} from '@konek/contract/ops-support-requests';
import { SUBMIT_SUPPORT_REQUEST_PATH } from '@konek/contract/submit-support-request';
import { SUPPORT_ANSWER_MAX_LENGTH, SUPPORT_MESSAGE_MAX_LENGTH } from '@konek/contract/support';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock, type TestClock } from '../../test/test-clock';
import { post, type Customer } from '../../test/accounts';
import { quickCustomers } from '../../test/customers';
import { addOperatorUser, insertPaidWorkOrder, signInOperator } from '../../test/work-orders';

// ADR 079 through HTTP against PostgreSQL: the help page's contact form, signed in (the account and its
// order attached by the server, never another customer's) and anonymous, refused as every call refuses
// bad and hostile input, budgeted per client address and per number; and the dispatchers' desk, which
// lists the requests with their orders and closes each once, texting the answer once.

const HOUR = 60 * 60 * 1000;

let testApp: TestApp;
let clock: TestClock;
let dispatcherToken: string;
let technicianToken: string;
let ana: Customer;
let ben: Customer;
let anaOrderNumber: string;

const request = (fields: Record<string, unknown> = {}) => ({
  name: 'Ana Lim',
  mobile_number: '0917 123 4567',
  topic: 'installation',
  message: 'My technician has not arrived yet. Is my visit still today?',
  ...fields,
});

const submit = (body: object, token?: string, remoteAddress?: string) =>
  post(testApp.app, SUBMIT_SUPPORT_REQUEST_PATH, body, token, remoteAddress);

const signedIn = (customer: Customer, fields: Record<string, unknown> = {}) =>
  submit(
    request({ target_id: customer.accountId, target_type: TARGET_TYPE_ACCOUNT, ...fields }),
    customer.token,
  );

const desk = async (token = dispatcherToken) => {
  const reply = await post(testApp.app, OPS_SUPPORT_REQUESTS_PATH, {}, token);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as { open: TOpsSupportRequest[]; recently_closed: TOpsSupportRequest[] };
};

const close = (id: string, answer: string, token = dispatcherToken) =>
  post(testApp.app, OPS_CLOSE_SUPPORT_REQUEST_PATH, { support_request_id: id, answer }, token);

async function smsTo(msisdn: string): Promise<string[]> {
  const { rows } = await testApp.database.pool.query<{ body: string }>(
    'select body from sms_outbox where msisdn = $1 order by id',
    [msisdn],
  );
  return rows.map((row) => row.body);
}

async function storedRequests(msisdn: string) {
  const { rows } = await testApp.database.pool.query<{
    account_id: string | null;
    order_id: string | null;
    message: string;
  }>('select account_id, order_id, message from support_requests where msisdn = $1', [msisdn]);
  return rows;
}

/** A request's id on the desk, by its reference. */
async function idOf(reference: string): Promise<string> {
  const found = (await desk()).open.find((each) => each.reference === reference);
  if (!found) throw new Error(`${reference} is not open on the desk`);
  return found.support_request_id;
}

beforeAll(async () => {
  clock = createTestClock(new Date('2026-11-26T00:30:00Z'));
  testApp = await createTestApp({}, { clock });
  await addOperatorUser(testApp, clock, {
    username: 'dina',
    role: 'dispatcher',
    name: 'Dina',
    password: 'dispatch-pass-1234',
  });
  await addOperatorUser(testApp, clock, {
    username: 'tomas',
    role: 'technician',
    name: 'Tomas',
    password: 'technician-pass-1',
  });
  dispatcherToken = (await signInOperator(testApp, 'dina', 'dispatch-pass-1234')).api_token;
  technicianToken = (await signInOperator(testApp, 'tomas', 'technician-pass-1')).api_token;
  [ana, ben] = (await quickCustomers(testApp, 2, clock)) as [Customer, Customer];
  await insertPaidWorkOrder(testApp, {
    accountId: ana.accountId,
    startsAt: new Date(clock.now().getTime() + 26 * HOUR),
    endsAt: new Date(clock.now().getTime() + 29 * HOUR),
    now: clock.now(),
  });
  const { rows } = await testApp.database.pool.query<{ number: string }>(
    'select number from orders where account_id = $1',
    [ana.accountId],
  );
  anaOrderNumber = `KNK-${String(rows[0]!.number).padStart(8, '0')}`;
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

describe('the contact form (submit_request)', () => {
  it('attaches a signed-in customer’s account and latest order, found on the server', async () => {
    const reply = await signedIn(ana, { mobile_number: '0917 555 0101' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      code: 0,
      module: 'support',
      support_request: {
        reference: expect.stringMatching(/^HELP-\d{8}$/),
        order_number: anaOrderNumber,
        account_attached: true,
      },
    });
    const [stored] = await storedRequests('639175550101');
    expect(stored?.account_id).toBe(ana.accountId);
    expect(stored?.order_id).not.toBeNull();
  });

  it('takes an anonymous request, with the number as Filipinos type it', async () => {
    for (const typed of ['0917 555 0102', '+63 917 555 0102', '917-555-0102']) {
      const reply = await submit(request({ mobile_number: typed, message: `From ${typed}` }));
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json().support_request).toMatchObject({
        order_number: null,
        account_attached: false,
      });
    }
    const stored = await storedRequests('639175550102');
    expect(stored).toHaveLength(3);
    expect(stored.every((row) => row.account_id === null && row.order_id === null)).toBe(true);
  });

  it('a token alone attaches nothing: the account is named by target_id, checked against it', async () => {
    const reply = await submit(request({ mobile_number: '0917 555 0103' }), ana.token);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().support_request.account_attached).toBe(false);
  });

  it('answers 400 naming the field for bad input, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ mobile_number: '12345' }, "mobile_number: That's not a valid mobile number."],
      // 10 digits, but no Philippine mobile number: the answer could not be texted to it.
      [{ mobile_number: '1234567890' }, "mobile_number: That's not a valid mobile number."],
      [{ mobile_number: 'call me' }, 'mobile_number: Please enter only a number.'],
      [{ topic: 'weather' }, 'topic: This is a required field.'],
      [{ name: '' }, 'name: This is a required field.'],
      [{ name: 'Ana <b>Lim</b>' }, 'name: Special characters are not allowed.'],
      [{ message: '   ' }, 'message: This is a required field.'],
      [
        { message: 'x'.repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1) },
        `message: Please enter at most ${SUPPORT_MESSAGE_MAX_LENGTH} characters.`,
      ],
      [
        { order_number: anaOrderNumber },
        'order_number: an order can be named only by its signed-in owner (target_id)',
      ],
      [
        { target_id: ana.accountId },
        'target_type: send target_id with target_type 2 (signed in), or neither',
      ],
    ];
    for (const [fields, message] of cases) {
      const reply = await submit(request({ mobile_number: '0917 555 0104', ...fields }));
      expect(reply.statusCode, JSON.stringify(fields)).toBe(400);
      expect(reply.json()).toMatchObject({ code: 1, module: 'common', message });
    }
    expect(await storedRequests('639175550104')).toEqual([]);
  });

  it('refuses hostile text centrally, and keeps plain punctuation as it was typed', async () => {
    const hostile: [string, string][] = [
      ['Hello\u0000there', 'message: must not contain control characters'],
      ['Broken \ud800 text', 'message: must be valid Unicode text (no unpaired surrogates)'],
    ];
    for (const [message, refusal] of hostile) {
      const reply = await submit(request({ mobile_number: '0917 555 0105', message }));
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(refusal);
    }
    const typed = "  Speed < 10 Mbps & the modem's light is red — what now?\n\nThanks!  ";
    const reply = await submit(request({ mobile_number: '0917 555 0105', message: typed }));
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await storedRequests('639175550105')).map((row) => row.message)).toEqual([
      typed.trim(),
    ]);
  });

  it('never attaches another customer’s order or account', async () => {
    // Ana's order named by Ben: refused, whoever's it is, and nothing is stored.
    const named = await signedIn(ben, {
      mobile_number: '0917 555 0106',
      order_number: anaOrderNumber,
    });
    expect(named.statusCode).toBe(403);
    expect(await storedRequests('639175550106')).toEqual([]);
    // Ana's account named with Ben's token: refused by the target check.
    const foreign = await submit(
      request({
        mobile_number: '0917 555 0106',
        target_id: ana.accountId,
        target_type: TARGET_TYPE_ACCOUNT,
      }),
      ben.token,
    );
    expect(foreign.statusCode).toBe(403);
    expect(await storedRequests('639175550106')).toEqual([]);
    // Ben's own: his account, and no order (he has none).
    const own = await signedIn(ben, { mobile_number: '0917 555 0106' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().support_request).toMatchObject({
      order_number: null,
      account_attached: true,
    });
    expect(await storedRequests('639175550106')).toEqual([
      expect.objectContaining({ account_id: ben.accountId, order_id: null }),
    ]);
  });

  it('answers 401 for a signed-in form without a valid token', async () => {
    const reply = await submit(
      request({ target_id: ana.accountId, target_type: TARGET_TYPE_ACCOUNT }),
      'not-a-token',
    );
    expect(reply.statusCode).toBe(401);
  });
});

describe('the support desk (/api/ops)', () => {
  it('lists open requests for a dispatcher, with the customer’s order as it stands now', async () => {
    const submitted = await signedIn(ana, { mobile_number: '0917 555 0201', topic: 'refund' });
    const { reference } = submitted.json().support_request;
    const { open } = await desk();
    const listed = open.find((each) => each.reference === reference);
    expect(listed).toMatchObject({
      status: 'open',
      topic: 'refund',
      name: 'Ana Lim',
      msisdn: '639175550201',
      account_attached: true,
      order: {
        order_number: anaOrderNumber,
        state_name: 'paid',
        work_order_status: 'Open',
        installation_status: 'Order Confirmed',
        installation: {
          start_time: new Date(clock.now().getTime() + 26 * HOUR).toISOString(),
        },
        payment_status: 'paid',
      },
      answer: null,
      closed_at: null,
    });
    // Its job on the dispatch board: the work order of that order.
    const { rows: jobs } = await testApp.database.pool.query<{ id: string }>(
      `select w.id from work_orders w join orders o on o.id = w.order_id where o.account_id = $1`,
      [ana.accountId],
    );
    expect(jobs).toHaveLength(1);
    expect(listed?.order?.work_order_id).toBe(jobs[0]!.id);
    // The one waiting longest comes first.
    const created = open.map((each) => Date.parse(each.created_at));
    expect(created).toEqual([...created].sort((a, b) => a - b));
  });

  it('refuses a technician (403) and a customer token (401)', async () => {
    const list = await post(testApp.app, OPS_SUPPORT_REQUESTS_PATH, {}, technicianToken);
    expect(list.statusCode).toBe(403);
    expect(list.json().module).toBe('ops');
    const anonymous = await submit(request({ mobile_number: '0917 555 0202' }));
    const id = await idOf(anonymous.json().support_request.reference);
    const closing = await close(id, 'Hello', technicianToken);
    expect(closing.statusCode).toBe(403);
    expect(await smsTo('639175550202')).toEqual([]);
    const customer = await post(testApp.app, OPS_SUPPORT_REQUESTS_PATH, {}, ana.token);
    expect(customer.statusCode).toBe(401);
  });

  it('closes a request with an answer texted to the customer once, however often it is closed', async () => {
    const submitted = await submit(request({ mobile_number: '0917 555 0203' }));
    const { reference } = submitted.json().support_request;
    const id = await idOf(reference);
    const answer = 'Your technician is on the way and arrives before 12:00. Salamat!';
    const closed = await close(id, `  ${answer}  `);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().support_request).toMatchObject({
      status: 'closed',
      answer,
      closed_by: { first_name: 'Dina' },
      answer_sent_at: expect.any(String),
    });
    expect(await smsTo('639175550203')).toEqual([`Konek (${reference}): ${answer}`]);

    const again = await close(id, 'A second answer');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ module: 'support', code: 2 });
    const both = await Promise.all([close(id, 'Third'), close(id, 'Fourth')]);
    expect(both.map((reply) => reply.statusCode)).toEqual([409, 409]);
    expect(await smsTo('639175550203')).toHaveLength(1);

    const { open, recently_closed } = await desk();
    expect(open.some((each) => each.reference === reference)).toBe(false);
    expect(recently_closed.find((each) => each.reference === reference)?.answer).toBe(answer);
  });

  it('texts one answer when two dispatchers close the same request at once', async () => {
    const submitted = await submit(request({ mobile_number: '0917 555 0204' }));
    const id = await idOf(submitted.json().support_request.reference);
    const replies = await Promise.all([close(id, 'First answer'), close(id, 'Second answer')]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    expect(await smsTo('639175550204')).toHaveLength(1);
  });

  it('refuses a bad answer or an unknown request', async () => {
    const submitted = await submit(request({ mobile_number: '0917 555 0205' }));
    const id = await idOf(submitted.json().support_request.reference);
    const empty = await close(id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('answer: This is a required field.');
    const long = await close(id, 'x'.repeat(SUPPORT_ANSWER_MAX_LENGTH + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/^answer: /);
    const unknown = await close('00000000-0000-4000-8000-000000000000', 'Hello');
    expect(unknown.statusCode).toBe(404);
    expect((await close('not-a-uuid', 'Hello')).statusCode).toBe(404);
    expect(await smsTo('639175550205')).toEqual([]);
  });

  it('keeps the request open when the SMS cannot be sent, and texts it once when closed again', async () => {
    const submitted = await submit(request({ mobile_number: '0917 555 0206' }));
    const { reference } = submitted.json().support_request;
    const id = await idOf(reference);
    await testApp.database.pool.query('alter table sms_outbox rename to sms_outbox_gone');
    try {
      const failed = await close(id, 'We refunded your payment.');
      expect(failed.statusCode).toBe(503);
    } finally {
      await testApp.database.pool.query('alter table sms_outbox_gone rename to sms_outbox');
    }
    expect((await desk()).open.some((each) => each.reference === reference)).toBe(true);
    const closed = await close(id, 'We refunded your payment.');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await smsTo('639175550206')).toEqual([
      `Konek (${reference}): We refunded your payment.`,
    ]);
  });
});

describe('budgets (ADR 022)', () => {
  // Mid-hour: the address's hour ends in 45 minutes.
  const limitedClock = createTestClock(new Date('2026-03-02T01:15:00Z'));
  let limited: TestApp;
  let limitedDispatcher: string;
  beforeAll(async () => {
    limited = await createTestApp(
      {
        supportBudgets: { perAddressPerHour: 3, perNumberPerDay: 2 },
        smsBudgets: {
          perAddressPerHour: 1_000_000,
          perAddressPerDay: 1_000_000,
          perNumberPerDay: 1_000_000,
          globalPerHour: 1,
        },
      },
      { clock: limitedClock },
    );
    await addOperatorUser(limited, limitedClock, {
      username: 'dina',
      role: 'dispatcher',
      name: 'Dina',
      password: 'dispatch-pass-1234',
    });
    limitedDispatcher = (await signInOperator(limited, 'dina', 'dispatch-pass-1234')).api_token;
  }, 120_000);
  afterAll(() => limited?.close());

  const submitFrom = (remoteAddress: string, mobile: string) =>
    post(
      limited.app,
      SUBMIT_SUPPORT_REQUEST_PATH,
      request({ mobile_number: mobile }),
      undefined,
      remoteAddress,
    );

  it('refuses a client address past its hourly budget, naming the wait', async () => {
    const address = '198.51.100.30';
    for (const mobile of ['0917 555 0301', '0917 555 0302', '0917 555 0303']) {
      expect((await submitFrom(address, mobile)).statusCode).toBe(200);
    }
    const refused = await submitFrom(address, '0917 555 0304');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 5, retry_after_seconds: 45 * 60 });
    expect(refused.headers['retry-after']).toBe(String(45 * 60));
    expect((await submitFrom('198.51.100.31', '0917 555 0304')).statusCode).toBe(200);
  });

  it('refuses a number past its daily budget, from any address', async () => {
    expect((await submitFrom('198.51.100.40', '0917 555 0401')).statusCode).toBe(200);
    expect((await submitFrom('198.51.100.41', '0917 555 0401')).statusCode).toBe(200);
    const refused = await submitFrom('198.51.100.42', '0917 555 0401');
    expect(refused.statusCode).toBe(429);
  });

  it('answers within the service’s hourly SMS budget; past it the request stays open (503)', async () => {
    const list = async () =>
      (await post(limited.app, OPS_SUPPORT_REQUESTS_PATH, {}, limitedDispatcher)).json() as {
        open: TOpsSupportRequest[];
      };
    const [first, second] = (await list()).open;
    const closeIn = (id: string) =>
      post(
        limited.app,
        OPS_CLOSE_SUPPORT_REQUEST_PATH,
        { support_request_id: id, answer: 'Salamat!' },
        limitedDispatcher,
      );
    expect((await closeIn(first!.support_request_id)).statusCode).toBe(200);
    const refused = await closeIn(second!.support_request_id);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().retry_after_seconds).toBe(45 * 60);
    expect(
      (await list()).open.some((each) => each.support_request_id === second!.support_request_id),
    ).toBe(true);
  });
});

describe('the per-IP limit per minute', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      rateLimits: {
        loginPerMinute: 10_000,
        lookupPerMinute: 10_000,
        smsPerMinute: 10_000,
        emailValidationPerMinute: 10_000,
        supportPerMinute: 2,
      },
    });
  });
  afterAll(() => limited?.close());

  it('answers 429 past the minute’s requests from one address', async () => {
    const send = (remoteAddress: string) =>
      post(limited.app, SUBMIT_SUPPORT_REQUEST_PATH, request(), undefined, remoteAddress);
    expect((await send('198.51.100.50')).statusCode).toBe(200);
    expect((await send('198.51.100.50')).statusCode).toBe(200);
    const limitedReply = await send('198.51.100.50');
    expect(limitedReply.statusCode).toBe(429);
    expect(limitedReply.json()).toMatchObject({ code: 5, module: 'common' });
    expect((await send('198.51.100.51')).statusCode).toBe(200);
  });
});
