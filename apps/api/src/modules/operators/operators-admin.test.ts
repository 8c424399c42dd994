import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPS_ASSIGN_PATH,
  OPS_LOGIN_PATH,
  OPS_ME_PATH,
  OPS_ROLES,
  OPS_TECHNICIANS_PATH,
} from '@konek/contract/ops';
import {
  OPS_ADD_CLOSED_DAY_PATH,
  OPS_REMOVE_CLOSED_DAY_PATH,
} from '@konek/contract/ops-closed-days';
import { OPS_HISTORY_PATH, type TAuditEntry } from '@konek/contract/ops-history';
import {
  OPS_ADD_OPERATOR_PATH,
  OPS_DISABLE_OPERATOR_PATH,
  OPS_OPERATORS_PATH,
  OPS_SET_OPERATOR_ROLE_PATH,
  type TOpsOperator,
} from '@konek/contract/ops-operators';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock, type TestClock } from '../../test/test-clock';
import { post } from '../../test/accounts';
import { addOperatorUser, signInOperator } from '../../test/work-orders';

// ADR 089 through HTTP against PostgreSQL: `npm run ops -- add-user` makes every role (the first admin
// among them) and names a wrong one; an admin adds an operator (the server's password, shown once, signs
// them in), changes a role and disables an account (no sign-in, its tokens refused), never their own;
// every change has its audit row, read back newest first with who made it; the row is written in the
// change's transaction, so a change that fails after it leaves neither.

// Saturday 5 December 2026, 9:00 in Manila.
const START = new Date('2026-12-05T01:00:00Z');

let testApp: TestApp;
let clock: TestClock;
let adminToken: string;
let adminId: string;
let dispatcherToken: string;

const call = (path: string, body: object, token = adminToken) =>
  post(testApp.app, path, body, token);
const history = async (entity: string, entityId: string, token = adminToken) => {
  const reply = await call(OPS_HISTORY_PATH, { entity, entity_id: entityId }, token);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().history as TAuditEntry[];
};
const addOperator = async (username: string, role: string) => {
  const reply = await call(OPS_ADD_OPERATOR_PATH, { username, first_name: 'Nina', role });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as { operator: TOpsOperator; password: string };
};

beforeAll(async () => {
  clock = createTestClock(START);
  testApp = await createTestApp({}, { clock });
  const admin = await addOperatorUser(testApp, clock, {
    username: 'ada',
    role: 'admin',
    name: 'Ada',
    password: 'admin-password-1',
  });
  expect(admin.code, admin.printed.join('\n')).toBe(0);
  const session = await signInOperator(testApp, 'ada', 'admin-password-1');
  adminToken = session.api_token;
  adminId = session.user.user_id;
  await addOperatorUser(testApp, clock, {
    username: 'dina',
    role: 'dispatcher',
    name: 'Dina',
    password: 'dispatch-pass-1234',
  });
  dispatcherToken = (await signInOperator(testApp, 'dina', 'dispatch-pass-1234')).api_token;
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

describe('npm run ops -- add-user', () => {
  it('makes an operator of every role, and names a role that is not one', async () => {
    for (const role of OPS_ROLES) {
      const username = `cli-${role.replaceAll('_', '-')}`;
      const made = await addOperatorUser(testApp, clock, {
        username,
        role,
        name: 'Cli',
        password: 'a-long-password-9',
      });
      expect(made.code, made.printed.join('\n')).toBe(0);
      expect(made.printed[0]).toContain(`Added ${role} ${username}`);
    }
    const wrong = await addOperatorUser(testApp, clock, {
      username: 'cli-boss',
      role: 'boss',
      name: 'Boss',
      password: 'a-long-password-9',
    });
    expect(wrong.code).toBe(2);
    expect(wrong.printed[0]).toContain(
      '--role: boss is not a role; use one of admin, network_planner, dispatcher, marketing, technician.',
    );
  });

  it('writes the audit row of the new operator, by nobody signed in', async () => {
    const { rows } = await testApp.database.pool.query<{ id: string }>(
      `select id from ops_users where username = 'cli-admin'`,
    );
    const [created] = await history('ops_user', rows[0]!.id);
    expect(created).toMatchObject({ operator: null, action: 'create', before: null });
    expect(created!.after).toEqual({
      username: 'cli-admin',
      first_name: 'Cli',
      role: 'admin',
      disabled_at: null,
    });
  });
});

describe("an admin's operators", () => {
  it('adds an operator whose password, made by the server and shown once, signs them in', async () => {
    const { operator, password } = await addOperator('nina', 'network_planner');
    expect(operator).toMatchObject({
      username: 'nina',
      role: 'network_planner',
      disabled_at: null,
    });
    expect(password).toHaveLength(20);
    const session = await signInOperator(testApp, 'nina', password);
    expect(session.user.user_id).toBe(operator.user_id);
    const { rows } = await testApp.database.pool.query<{ password_hash: string }>(
      `select password_hash from ops_users where username = 'nina'`,
    );
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$/);
    expect(rows[0]!.password_hash).not.toContain(password);
    const list = await call(OPS_OPERATORS_PATH, {});
    const listed = (list.json().operators as TOpsOperator[]).find((o) => o.username === 'nina');
    expect(listed).toEqual(operator);
    expect(JSON.stringify(list.json())).not.toContain(password);
  });

  it('refuses a taken username', async () => {
    const reply = await call(OPS_ADD_OPERATOR_PATH, {
      username: 'dina',
      first_name: 'Dina',
      role: 'dispatcher',
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe('That username is taken. Choose another.');
  });

  it('changes a role, which holds from the next call, with its audit row', async () => {
    const { operator, password } = await addOperator('mara', 'marketing');
    const token = (await signInOperator(testApp, 'mara', password)).api_token;
    clock.advance(60_000);
    const reply = await call(OPS_SET_OPERATOR_ROLE_PATH, {
      user_id: operator.user_id,
      role: 'dispatcher',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().operator.role).toBe('dispatcher');
    expect((await call(OPS_ME_PATH, {}, token)).json().user.role).toBe('dispatcher');
    const [changed, created] = await history('ops_user', operator.user_id);
    expect(changed).toMatchObject({
      operator: { user_id: adminId, username: 'ada' },
      action: 'update',
      before: { role: 'marketing' },
      after: { role: 'dispatcher' },
    });
    expect(created).toMatchObject({ action: 'create', operator: { username: 'ada' } });
    expect(Date.parse(changed!.at)).toBeGreaterThan(Date.parse(created!.at));
  });

  it('disables an operator: no sign-in (as a wrong password), and their tokens are refused', async () => {
    const { operator, password } = await addOperator('tess', 'technician');
    const token = (await signInOperator(testApp, 'tess', password)).api_token;
    const reply = await call(OPS_DISABLE_OPERATOR_PATH, { user_id: operator.user_id });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().operator.disabled_at).not.toBeNull();
    expect((await call(OPS_ME_PATH, {}, token)).statusCode).toBe(401);
    const signIn = await post(testApp.app, OPS_LOGIN_PATH, { username: 'tess', password });
    const unknown = await post(testApp.app, OPS_LOGIN_PATH, { username: 'nobody', password });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toEqual(unknown.json());
    // A dispatcher no longer sees them, nor can assign them a job.
    const technicians = await call(OPS_TECHNICIANS_PATH, {}, dispatcherToken);
    expect(JSON.stringify(technicians.json())).not.toContain(operator.user_id);
    const assign = await call(
      OPS_ASSIGN_PATH,
      { work_order_id: '00000000-0000-4000-8000-000000000000', technician_id: operator.user_id },
      dispatcherToken,
    );
    expect(assign.statusCode).toBe(409);
    expect(assign.json()).toMatchObject({ module: 'ops', code: 7 });
    const [disabled] = await history('ops_user', operator.user_id);
    expect(disabled).toMatchObject({
      action: 'disable',
      before: { disabled_at: null },
      after: { disabled_at: reply.json().operator.disabled_at },
    });
  });

  it('never lets an admin demote or disable themselves, and says why', async () => {
    const demote = await call(OPS_SET_OPERATOR_ROLE_PATH, { user_id: adminId, role: 'dispatcher' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(
      'You cannot change your own role: another admin must do it, so an admin is always left.',
    );
    const disable = await call(OPS_DISABLE_OPERATOR_PATH, { user_id: adminId });
    expect(disable.statusCode).toBe(409);
    expect(disable.json().message).toBe(
      'You cannot disable your own account: another admin must do it, so an admin is always left.',
    );
    expect((await call(OPS_ME_PATH, {})).json().user.role).toBe('admin');
    const missing = await call(OPS_DISABLE_OPERATOR_PATH, {
      user_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('two admins at once', () => {
  it('disabling each other: one wins, the other is refused, an admin is left', async () => {
    const one = await addOperator('admin-one', 'admin');
    const two = await addOperator('admin-two', 'admin');
    const oneToken = (await signInOperator(testApp, 'admin-one', one.password)).api_token;
    const twoToken = (await signInOperator(testApp, 'admin-two', two.password)).api_token;
    const replies = await Promise.all([
      call(OPS_DISABLE_OPERATOR_PATH, { user_id: two.operator.user_id }, oneToken),
      call(OPS_DISABLE_OPERATOR_PATH, { user_id: one.operator.user_id }, twoToken),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 401]);
    const list = (await call(OPS_OPERATORS_PATH, {})).json().operators as TOpsOperator[];
    const left = list.filter(
      (o) => ['admin-one', 'admin-two'].includes(o.username) && o.disabled_at === null,
    );
    expect(left).toHaveLength(1);
  });
});

describe('the audit log', () => {
  it("records a dispatcher's closed day and its opening, readable by dispatchers and admins only", async () => {
    const day = '2027-03-02';
    const closed = await call(
      OPS_ADD_CLOSED_DAY_PATH,
      { day, reason: 'Typhoon signal no. 3' },
      dispatcherToken,
    );
    expect(closed.statusCode, closed.body).toBe(200);
    clock.advance(60_000);
    const opened = await call(OPS_REMOVE_CLOSED_DAY_PATH, { day }, dispatcherToken);
    expect(opened.statusCode, opened.body).toBe(200);
    const entries = await history('closed_day', day, dispatcherToken);
    expect(entries.map((entry) => entry.action)).toEqual(['delete', 'create']);
    expect(entries[0]).toMatchObject({
      operator: { username: 'dina' },
      before: { day, reason: 'Typhoon signal no. 3' },
      after: null,
    });
    expect(entries[1]).toMatchObject({
      before: null,
      after: { day, reason: 'Typhoon signal no. 3' },
    });
    expect(await history('closed_day', day)).toEqual(entries);
    const planner = await addOperator('paolo', 'network_planner');
    const plannerToken = (await signInOperator(testApp, 'paolo', planner.password)).api_token;
    const refused = await call(
      OPS_HISTORY_PATH,
      { entity: 'closed_day', entity_id: day },
      plannerToken,
    );
    expect(refused.statusCode).toBe(403);
    const notTheirs = await call(
      OPS_HISTORY_PATH,
      { entity: 'ops_user', entity_id: adminId },
      dispatcherToken,
    );
    expect(notTheirs.statusCode).toBe(403);
  });

  it('is written in the change’s transaction: a change failing after its audit row leaves neither', async () => {
    const { operator } = await addOperator('rosa', 'marketing');
    const before = await history('ops_user', operator.user_id);
    // The audit row is written, then the statement fails (after it, in the same transaction).
    await testApp.database.pool.query(`
      create function fail_after_audit() returns trigger language plpgsql as $$
      begin raise exception 'failed after the audit row'; end $$;
      create trigger fail_after_audit after insert on audit_log for each row
        when (new.entity_id = '${operator.user_id}') execute function fail_after_audit();
    `);
    try {
      const reply = await call(OPS_SET_OPERATOR_ROLE_PATH, {
        user_id: operator.user_id,
        role: 'dispatcher',
      });
      expect(reply.statusCode).toBe(500);
      const disable = await call(OPS_DISABLE_OPERATOR_PATH, { user_id: operator.user_id });
      expect(disable.statusCode).toBe(500);
    } finally {
      await testApp.database.pool.query(`
        drop trigger fail_after_audit on audit_log;
        drop function fail_after_audit();
      `);
    }
    expect(await history('ops_user', operator.user_id)).toEqual(before);
    const list = (await call(OPS_OPERATORS_PATH, {})).json().operators as TOpsOperator[];
    expect(list.find((o) => o.user_id === operator.user_id)).toMatchObject({
      role: 'marketing',
      disabled_at: null,
    });
  });
});
