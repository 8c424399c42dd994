import crypto from 'node:crypto';
import { OPS_LOGIN_PATH } from '@konek/contract/ops';
import { loadAppSecrets } from '../platform/auth/data-secrets';
import type { Clock } from '../platform/clock';
import { runOpsCommand } from '../ops-command';
import { createPinHasher } from '../modules/identity/service';
import { post } from './accounts';
import type { TestApp } from './test-app';

// The day of a visit without the journey before it: operators added as `npm run ops -- add-user` adds
// them, and a paid order with its work order written straight into the database (the orders tests make
// them through the API; here only what happens after payment is under test).

/** The order's price as stored: ₱1,499.00, no discount. */
const TOTAL_PRICE = {
  currency: 'PHP',
  sub_total: 1499,
  sub_total_centavos: 149900,
  original_amount: 1499,
  original_amount_centavos: 149900,
  discount: [],
};

export type OperatorRole = 'dispatcher' | 'technician' | (string & {});

/** Runs `add-user` with `password` typed at its prompt; answers its exit code and what it printed. */
export async function addOperatorUser(
  testApp: TestApp,
  clock: Clock,
  operator: { username: string; role: OperatorRole; name: string; password: string },
): Promise<{ code: number; printed: string[] }> {
  const printed: string[] = [];
  const code = await runOpsCommand(
    ['add-user', '--username', operator.username, '--role', operator.role, '--name', operator.name],
    {
      db: testApp.database.db,
      clock,
      passwords: createPinHasher(loadAppSecrets(testApp.config).pinPepper),
      readPassword: async () => operator.password,
      print: (line) => printed.push(line),
    },
  );
  return { code, printed };
}

export type OperatorSession = { api_token: string; user: { user_id: string } };

/** Signs an operator in on /api/ops; throws unless it answers 200. */
export async function signInOperator(
  testApp: TestApp,
  username: string,
  password: string,
): Promise<OperatorSession> {
  const reply = await post(testApp.app, OPS_LOGIN_PATH, { username, password });
  if (reply.statusCode !== 200) throw new Error(`ops login ${reply.statusCode}: ${reply.body}`);
  return reply.json() as OperatorSession;
}

/**
 * A paid order of `accountId` (for `externalOrderId`, or a new one) with its work order Open since `now`
 * and that first change recorded, booked from `startsAt` to `endsAt`.
 */
export async function insertPaidWorkOrder(
  testApp: TestApp,
  visit: {
    accountId: string;
    externalOrderId?: string;
    startsAt: Date;
    endsAt: Date;
    now: Date;
  },
): Promise<{ workOrderId: string; orderActionId: string }> {
  const actionId = `action-${crypto.randomUUID()}`;
  const { rows } = await testApp.database.pool.query<{ id: string }>(
    `insert into orders (account_id, external_order_id, external_order_action_id, appointment_id, state,
       products, total_price, amount_centavos, payment_method, voucher_codes, special_offer,
       installation_starts_at, installation_ends_at, paid_at, created_at, updated_at)
     values ($1, $2, $3, gen_random_uuid(), 1, '[]', $7, 149900, 1, '{}', false, $4, $5, $6, $6, $6)
     returning id`,
    [
      visit.accountId,
      visit.externalOrderId ?? `order-${crypto.randomUUID()}`,
      actionId,
      visit.startsAt,
      visit.endsAt,
      visit.now,
      JSON.stringify(TOTAL_PRICE),
    ],
  );
  const { rows: workOrders } = await testApp.database.pool.query<{ id: string }>(
    `insert into work_orders (order_id, account_id, order_action_id, status, created_at, updated_at)
     values ($1, $2, $3, 'Open', $4, $4) returning id`,
    [rows[0]!.id, visit.accountId, actionId, visit.now],
  );
  await testApp.database.pool.query(
    `insert into work_order_changes (work_order_id, status, changed_by, at) values ($1, 'Open', 'payment', $2)`,
    [workOrders[0]!.id, visit.now],
  );
  return { workOrderId: workOrders[0]!.id, orderActionId: actionId };
}
