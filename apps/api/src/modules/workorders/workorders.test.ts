import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  OPS_ASSIGN_PATH,
  OPS_LOGIN_PATH,
  OPS_LOGOUT_PATH,
  OPS_ME_PATH,
  OPS_MOVE_PATH,
  OPS_SET_STATUS_PATH,
  OPS_WORK_ORDERS_PATH,
  type TOpsWorkOrder,
} from '@konek/contract/ops';
import { GET_USER_PATH } from '@konek/contract/get-user';
import { TARGET_TYPE_ACCOUNT, TARGET_TYPE_USER } from '@konek/contract/constants';
import { GET_ORDER_ENTITIES_PATH, type TOrder } from '@konek/contract/orders';
import { MISSED_VISIT_CREDIT_DAYS, viewWorkOrderPath } from '@konek/contract/view-work-order';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock, type TestClock } from '../../test/test-clock';
import { post, type Customer } from '../../test/accounts';
import { quickCustomers, tokenFor } from '../../test/customers';
import { addOperatorUser, insertPaidWorkOrder, signInOperator } from '../../test/work-orders';
import type { SmsMessage } from '../../providers/sms/sms-sender';
import { manilaDay, startMissedVisitSweep, type WorkOrdersDependencies } from './service';

// ADR 046, 047 through HTTP against PostgreSQL: operators created by `npm run ops -- add-user` sign in;
// each move allowed or refused by role and by the job's owner; customer and operator tokens kept apart;
// view_work_order only for the caller's own order; a missed visit becomes Delayed-ForReschedule with one
// credit and one SMS however many reads and replicas decide it; each milestone texts once.

const HOUR = 60 * 60 * 1000;

let testApp: TestApp;
let clock: TestClock;
let dispatcherToken: string;
let ana: { id: string; token: string };
let ben: { id: string; token: string };
let customers: Customer[];
const VIEW_PATH = () => viewWorkOrderPath(testApp.config.ossSegment);

/** Adds an operator through the ops command, as `npm run ops -- add-user` does. */
const addUser = (username: string, role: string, name: string, password: string) =>
  addOperatorUser(testApp, clock, { username, role, name, password });

const signIn = (username: string, password: string) => signInOperator(testApp, username, password);

/** A paid order with its work order (Open), booked for the given visit. */
const paidWorkOrder = (customer: Customer, startsAt: Date, endsAt: Date) =>
  insertPaidWorkOrder(testApp, {
    accountId: customer.accountId,
    startsAt,
    endsAt,
    now: clock.now(),
  });

const visitFromNow = () =>
  [new Date(clock.now().getTime() + HOUR), new Date(clock.now().getTime() + 4 * HOUR)] as const;

async function smsTo(customer: Customer): Promise<string[]> {
  const { rows } = await testApp.database.pool.query<{ body: string }>(
    'select body from sms_outbox where msisdn = $1 order by id',
    [customer.msisdn],
  );
  return rows.map((row) => row.body);
}

const move = (token: string, workOrderId: string, action: string, reason?: string) =>
  post(
    testApp.app,
    OPS_MOVE_PATH,
    { work_order_id: workOrderId, action, ...(reason ? { reason } : {}) },
    token,
  );
const assign = (token: string, workOrderId: string, technicianId: string) =>
  post(
    testApp.app,
    OPS_ASSIGN_PATH,
    { work_order_id: workOrderId, technician_id: technicianId },
    token,
  );
const setStatus = (token: string, workOrderId: string, status: string) =>
  post(testApp.app, OPS_SET_STATUS_PATH, { work_order_id: workOrderId, status }, token);
const statusOf = (reply: { json: () => unknown }) =>
  (reply.json() as { work_order: TOpsWorkOrder }).work_order.status;

beforeAll(async () => {
  clock = createTestClock(new Date('2026-11-26T00:30:00Z'));
  testApp = await createTestApp({ publicBaseUrl: 'https://konek.example' }, { clock });
  expect((await addUser('dina', 'dispatcher', 'Dina', 'dispatch-pass-1234')).code).toBe(0);
  expect((await addUser('ana', 'technician', 'Ana', 'technician-pass-1')).code).toBe(0);
  expect((await addUser('ben', 'technician', 'Ben', 'technician-pass-2')).code).toBe(0);
  dispatcherToken = (await signIn('dina', 'dispatch-pass-1234')).api_token;
  const anaSession = await signIn('ana', 'technician-pass-1');
  ana = { id: anaSession.user.user_id, token: anaSession.api_token };
  const benSession = await signIn('ben', 'technician-pass-2');
  ben = { id: benSession.user.user_id, token: benSession.api_token };
  customers = await quickCustomers(testApp, 3, clock);
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

describe('operator accounts', () => {
  it('adds a user with npm run ops -- add-user who then signs in with that password', async () => {
    const added = await addUser('carla', 'technician', 'Carla', 'a-long-password-9');
    expect(added.code).toBe(0);
    expect(added.printed[0]).toMatch(/^Added technician carla \(/);
    const session = await signIn('carla', 'a-long-password-9');
    const me = await post(testApp.app, OPS_ME_PATH, {}, session.api_token);
    expect(me.json().user).toMatchObject({
      username: 'carla',
      role: 'technician',
      first_name: 'Carla',
    });
    const { rows } = await testApp.database.pool.query<{ password_hash: string }>(
      `select password_hash from ops_users where username = 'carla'`,
    );
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$/);
    expect(rows[0]!.password_hash).not.toContain('a-long-password-9');
  });

  it('refuses a taken username, a short password and a wrong role', async () => {
    expect((await addUser('carla', 'dispatcher', 'Carla', 'another-long-pass')).code).toBe(1);
    expect((await addUser('newbie', 'technician', 'New', 'short')).code).toBe(1);
    expect((await addUser('newbie', 'boss', 'New', 'a-long-password-9')).code).toBe(2);
    const wrong = await post(testApp.app, OPS_LOGIN_PATH, { username: 'newbie', password: 'x' });
    expect(wrong.statusCode).toBe(401);
  });

  it('answers an unknown username exactly as a wrong password: which usernames exist is not told', async () => {
    await addUser('faye', 'technician', 'Faye', 'faye-long-password');
    const known = await post(testApp.app, OPS_LOGIN_PATH, {
      username: 'faye',
      password: 'wrong-1',
    });
    const unknown = await post(testApp.app, OPS_LOGIN_PATH, {
      username: 'nobody-here',
      password: 'wrong-1',
    });
    expect(known.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(known.json());
  });

  it('answers a wrong password with 401 and locks after ten in a row', async () => {
    await addUser('dora', 'technician', 'Dora', 'the-right-password');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push(
        (await post(testApp.app, OPS_LOGIN_PATH, { username: 'dora', password: 'wrong-password' }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(401));
    expect(statuses.slice(9)).toEqual([423, 423]);
    const locked = await post(testApp.app, OPS_LOGIN_PATH, {
      username: 'dora',
      password: 'the-right-password',
    });
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toMatchObject({ module: 'ops', code: 2 });
  });

  it('signs an operator out everywhere', async () => {
    await addUser('eli', 'technician', 'Eli', 'eli-long-password');
    const session = await signIn('eli', 'eli-long-password');
    expect((await post(testApp.app, OPS_ME_PATH, {}, session.api_token)).statusCode).toBe(200);
    expect((await post(testApp.app, OPS_LOGOUT_PATH, {}, session.api_token)).statusCode).toBe(200);
    expect((await post(testApp.app, OPS_ME_PATH, {}, session.api_token)).statusCode).toBe(401);
  });

  it('refuses a customer token on /api/ops and an operator token on customer calls', async () => {
    const customer = customers[0]!;
    const withCustomerToken = await post(testApp.app, OPS_ME_PATH, {}, customer.token);
    expect(withCustomerToken.statusCode).toBe(401);
    const asCustomer = await post(
      testApp.app,
      GET_USER_PATH,
      { target_id: ana.id, target_type: TARGET_TYPE_USER },
      ana.token,
    );
    expect(asCustomer.statusCode).toBe(401);
    const view = await post(testApp.app, VIEW_PATH(), { order_action_id: 'anything' }, ana.token);
    expect(view.statusCode).toBe(401);
  });
});

describe('work order moves by role', () => {
  it('runs a visit: assigned, on the way, arrived, installed — each SMS once, each change recorded', async () => {
    const customer = customers[0]!;
    const [startsAt, endsAt] = visitFromNow();
    const job = await paidWorkOrder(customer, startsAt, endsAt);

    // A technician cannot assign, a dispatcher cannot tap a technician's moves.
    expect((await assign(ana.token, job.workOrderId, ana.id)).statusCode).toBe(403);
    expect((await move(dispatcherToken, job.workOrderId, 'on_the_way')).statusCode).toBe(403);
    // Nobody's job yet: Ana cannot move it.
    expect((await move(ana.token, job.workOrderId, 'on_the_way')).json()).toMatchObject({
      module: 'ops',
      code: 4,
    });

    const assigned = await assign(dispatcherToken, job.workOrderId, ana.id);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().work_order).toMatchObject({
      status: 'Pending-ForVisit',
      installation_status: 'Order Confirmed',
      technician: { user_id: ana.id, first_name: 'Ana' },
    });
    // Ben cannot move Ana's job.
    const bens = await move(ben.token, job.workOrderId, 'on_the_way');
    expect(bens.statusCode).toBe(403);
    expect(bens.json()).toMatchObject({ module: 'ops', code: 4 });
    // Arrived before being on the way is not a move from Pending-ForVisit.
    const early = await move(ana.token, job.workOrderId, 'arrived');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ module: 'ops', code: 6, from: 'Pending-ForVisit' });

    expect(statusOf(await move(ana.token, job.workOrderId, 'on_the_way'))).toBe('Pending-OnTheWay');
    // The same tap again is no longer possible from there.
    expect((await move(ana.token, job.workOrderId, 'on_the_way')).statusCode).toBe(409);
    expect(statusOf(await move(ana.token, job.workOrderId, 'arrived'))).toBe('Ongoing');
    expect(statusOf(await move(ana.token, job.workOrderId, 'completed'))).toBe('Completed');
    // Completed ends the job, for a dispatcher too.
    expect((await setStatus(dispatcherToken, job.workOrderId, 'Ongoing')).statusCode).toBe(409);

    const texts = await smsTo(customer);
    expect(texts).toEqual([
      expect.stringContaining('Your technician Ana is on the way'),
      expect.stringContaining('Your technician Ana has arrived'),
      expect.stringContaining('is installed'),
    ]);
    // ADR 048: the "on the way" link opens the live map.
    expect(texts[0]).toContain('https://konek.example/trackmyorder/trackmytechnician');

    const { rows } = await testApp.database.pool.query<{ status: string; changed_by: string }>(
      `select status, changed_by from work_order_changes where work_order_id = $1 order by id`,
      [job.workOrderId],
    );
    expect(rows.map((row) => row.status)).toEqual([
      'Open',
      'Pending-ForVisit',
      'Pending-OnTheWay',
      'Ongoing',
      'Completed',
    ]);
    expect(rows.slice(1).map((row) => row.changed_by)).toEqual([
      expect.stringMatching(/^dispatcher:/),
      `technician:${ana.id}`,
      `technician:${ana.id}`,
      `technician:${ana.id}`,
    ]);

    const view = await post(
      testApp.app,
      VIEW_PATH(),
      { order_action_id: job.orderActionId },
      customer.token,
    );
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().work_order).toMatchObject({
      work_order_status: 'Completed',
      installation_status: 'Installed',
      technician: { first_name: 'Ana' },
      credits: [],
    });
  });

  it('records why a job could not be installed, and needs the reason', async () => {
    const customer = customers[1]!;
    const job = await paidWorkOrder(customer, ...visitFromNow());
    await assign(dispatcherToken, job.workOrderId, ben.id);
    await move(ben.token, job.workOrderId, 'on_the_way');
    await move(ben.token, job.workOrderId, 'arrived');
    const noReason = await move(ben.token, job.workOrderId, 'not_installed');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('reason');
    const moved = await move(ben.token, job.workOrderId, 'not_installed', 'No fibre at the pole');
    expect(statusOf(moved)).toBe('Delayed-WithVisit');
    expect(moved.json().work_order.installation_status).toBe(
      'Reschedule Installation [provider initiated]',
    );
    const { rows } = await testApp.database.pool.query<{ reason: string | null }>(
      `select reason from work_order_changes where work_order_id = $1 order by id desc limit 1`,
      [job.workOrderId],
    );
    expect(rows[0]!.reason).toBe('No fibre at the pole');
    // A dispatcher may send it back for a visit; a technician may not set statuses.
    expect((await setStatus(ben.token, job.workOrderId, 'Pending-ForVisit')).statusCode).toBe(403);
    expect(statusOf(await setStatus(dispatcherToken, job.workOrderId, 'Pending-ForVisit'))).toBe(
      'Pending-ForVisit',
    );
    // On the way again for the same visit: the customer was already texted.
    await move(ben.token, job.workOrderId, 'on_the_way');
    expect((await smsTo(customer)).filter((text) => text.includes('on the way'))).toHaveLength(1);
  });

  it('refuses what the table does not allow, and never sets Cancelled', async () => {
    const job = await paidWorkOrder(customers[2]!, ...visitFromNow());
    const completed = await setStatus(dispatcherToken, job.workOrderId, 'Completed');
    expect(completed.statusCode).toBe(409);
    expect(completed.json()).toMatchObject({ code: 6, from: 'Open', to: 'Completed' });
    expect((await setStatus(dispatcherToken, job.workOrderId, 'Cancelled')).statusCode).toBe(409);
    // Pending-ForVisit needs a technician: that is what assign is for.
    expect((await setStatus(dispatcherToken, job.workOrderId, 'Pending-ForVisit')).statusCode).toBe(
      409,
    );
    const unknown = await setStatus(dispatcherToken, job.workOrderId, 'Teleported');
    expect(unknown.statusCode).toBe(400);
    const notATechnician = await post(
      testApp.app,
      OPS_ASSIGN_PATH,
      { work_order_id: job.workOrderId, technician_id: crypto.randomUUID() },
      dispatcherToken,
    );
    expect(notATechnician.json()).toMatchObject({ module: 'ops', code: 7 });
    const missing = await setStatus(dispatcherToken, crypto.randomUUID(), 'Completed');
    expect(missing.statusCode).toBe(404);
  });

  it("lists the day's jobs: all for a dispatcher, only their own for a technician", async () => {
    const day = manilaDay(visitFromNow()[0]);
    const all = await post(testApp.app, OPS_WORK_ORDERS_PATH, { day }, dispatcherToken);
    const own = await post(testApp.app, OPS_WORK_ORDERS_PATH, { day }, ana.token);
    const allJobs = all.json().work_orders as TOpsWorkOrder[];
    const ownJobs = own.json().work_orders as TOpsWorkOrder[];
    expect(allJobs.length).toBeGreaterThanOrEqual(3);
    expect(ownJobs.length).toBeGreaterThanOrEqual(1);
    expect(ownJobs.every((job) => job.technician?.user_id === ana.id)).toBe(true);
    expect(allJobs.some((job) => job.technician?.user_id === ben.id)).toBe(true);
  });

  it('lists no jobs, and no error, for the first and last days of the calendar', async () => {
    // The Manila day 0001-01-01 begins in year 0000 in UTC; 9999-12-31 is the last day it can hold.
    for (const day of ['0000-01-01', '0001-01-01', '9999-12-31']) {
      const reply = await post(testApp.app, OPS_WORK_ORDERS_PATH, { day }, dispatcherToken);
      expect(reply.statusCode, day).toBe(200);
      expect(reply.json()).toMatchObject({ day, work_orders: [] });
    }
  });
});

describe('view_work_order', () => {
  it("answers only the caller's own order", async () => {
    const [mine, theirs] = [customers[0]!, customers[1]!];
    const job = await paidWorkOrder(theirs, ...visitFromNow());
    const own = await post(
      testApp.app,
      VIEW_PATH(),
      { order_action_id: job.orderActionId },
      theirs.token,
    );
    expect(own.json().work_order).toMatchObject({
      work_order_status: 'Open',
      installation_status: 'Order Confirmed',
      technician: null,
    });
    const another = await post(
      testApp.app,
      VIEW_PATH(),
      { order_action_id: job.orderActionId },
      mine.token,
    );
    expect(another.statusCode).toBe(403);
    expect(another.json()).toMatchObject({ module: 'common', code: 3 });
    const none = await post(
      testApp.app,
      VIEW_PATH(),
      { order_action_id: 'no-such-action' },
      mine.token,
    );
    expect(none.statusCode).toBe(403);
    expect(none.body).not.toContain(job.orderActionId);
  });
});

describe('a missed visit', () => {
  it('becomes Delayed-ForReschedule with one credit and one SMS across reads and two replicas', async () => {
    const customer = customers[2]!;
    const job = await paidWorkOrder(customer, ...visitFromNow());
    await assign(dispatcherToken, job.workOrderId, ana.id);
    const before = (await smsTo(customer)).length;

    clock.advance(5 * HOUR);
    const token = await tokenFor(testApp, customer, clock);
    let orderNumber = '';
    const second = await testApp.startAnotherApp();
    try {
      const view = () => ({ order_action_id: job.orderActionId });
      const replies = await Promise.all([
        post(testApp.app, VIEW_PATH(), view(), token),
        post(second.app, VIEW_PATH(), view(), token),
        post(testApp.app, VIEW_PATH(), view(), token),
        post(second.app, VIEW_PATH(), view(), token),
      ]);
      for (const reply of replies) {
        expect(reply.statusCode, reply.body).toBe(200);
        orderNumber = reply.json().work_order.order_number;
        expect(reply.json().work_order).toMatchObject({
          work_order_status: 'Delayed-ForReschedule',
          installation_status: 'Reschedule Installation [provider initiated]',
          credits: [{ kind: 'missed_visit', free_days: MISSED_VISIT_CREDIT_DAYS }],
        });
      }
    } finally {
      await second.close();
    }
    // The customer's own order list says so too.
    const listed = await post(
      testApp.app,
      GET_ORDER_ENTITIES_PATH,
      { target_id: customer.accountId, target_type: TARGET_TYPE_ACCOUNT },
      token,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(
      (listed.json().orders as TOrder[]).find(
        (order) => order.external_order_action_id === job.orderActionId,
      )?.properties.work_order_status,
    ).toBe('Delayed-ForReschedule');
    // Only this order's texts: reading the account's orders settled its other missed visit too.
    const missedTexts = (await smsTo(customer))
      .slice(before)
      .filter((text) => text.includes(orderNumber));
    expect(missedTexts).toEqual([expect.stringContaining('we missed your installation visit')]);
    expect(missedTexts[0]).toContain(`${MISSED_VISIT_CREDIT_DAYS} free days`);
    const { rows } = await testApp.database.pool.query<{ changed_by: string }>(
      `select changed_by from work_order_changes where work_order_id = $1 and status = 'Delayed-ForReschedule'`,
      [job.workOrderId],
    );
    expect(rows).toEqual([{ changed_by: 'system' }]);
    // Too late to set off for it now.
    const anaToken = (await signIn('ana', 'technician-pass-1')).api_token;
    expect((await move(anaToken, job.workOrderId, 'on_the_way')).statusCode).toBe(409);
  });

  it('is also found by the periodic sweep, with nobody reading the order', async () => {
    // A customer with no other order: every missed visit the sweep texts them about is this one.
    const [customer] = await quickCustomers(testApp, 1, clock);
    if (!customer) throw new Error('no customer');
    const job = await paidWorkOrder(customer, ...visitFromNow());
    clock.advance(5 * HOUR);
    const sent: SmsMessage[] = [];
    const deps: WorkOrdersDependencies = {
      db: testApp.database.db,
      clock,
      sms: { name: 'recorded', send: async (message) => void sent.push(message) },
      publicBaseUrl: 'https://konek.example',
      log: { error: () => undefined },
    };
    const sweeps = [startMissedVisitSweep(deps, 20), startMissedVisitSweep(deps, 20)];
    try {
      await vi.waitFor(
        async () => {
          const { rows } = await testApp.database.pool.query<{ status: string }>(
            'select status from work_orders where id = $1',
            [job.workOrderId],
          );
          expect(rows[0]!.status).toBe('Delayed-ForReschedule');
          // The app's own sweep (every 60 s, into the outbox) may be the one that wins the claim.
          expect(sent.length + (await smsTo(customer)).length).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      for (const sweep of sweeps) sweep.stop();
    }
    const { rows } = await testApp.database.pool.query<{ credits: string }>(
      `select count(*) as credits from order_credits c join work_orders w on w.order_id = c.order_id
        where w.id = $1`,
      [job.workOrderId],
    );
    expect(rows[0]).toEqual({ credits: '1' });
    const texts = [
      ...sent
        .filter((message) => message.msisdn === customer.msisdn)
        .map((message) => message.body),
      ...(await smsTo(customer)),
    ];
    expect(texts).toEqual([expect.stringContaining('we missed your installation visit')]);
  });
});
