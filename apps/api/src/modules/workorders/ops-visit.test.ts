import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_LOGIN_PATH, OPS_WORK_ORDERS_PATH, type TOpsWorkOrder } from '@konek/contract/ops';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock, type TestClock } from '../../test/test-clock';
import { post } from '../../test/accounts';
import { quickCustomers } from '../../test/customers';
import { loadAppSecrets } from '../../platform/auth/data-secrets';
import { runOpsCommand } from '../../ops-command';
import { createPinHasher } from '../identity/service';
import { manilaDay } from './service';

// ADR 051: a job on /api/ops/work_orders says where to go — the customer's first name, the saved
// address as the technician reads it, and the pin — and nothing when the order has no saved address.

let testApp: TestApp;
let clock: TestClock;
let token: string;

async function paidOrder(accountId: string, startsAt: Date, withAddress: boolean) {
  const pool = testApp.database.pool;
  const now = clock.now();
  // The order carries its reservation's ids (product §3 resource booking).
  const externalOrderId = `order-${crypto.randomUUID()}`;
  const actionId = `action-${crypto.randomUUID()}`;
  if (withAddress) {
    const { rows: area } = await pool.query<{ code: string }>(
      'select code from barangays order by code limit 1',
    );
    const parts = {
      province: 'Metro Manila',
      city: 'Makati City',
      barangay: 'San Lorenzo',
      barangay_code: area[0]!.code,
      zip_code: '1223',
      latitude: 14.5547,
      longitude: 121.0244,
      region_description: 'NCR',
      house_number: '12',
      street: 'Dela Rosa &amp; Legazpi',
      village: 'none',
      landmark: 'Blue gate',
    };
    const { rows: address } = await pool.query<{ id: string }>(
      `insert into account_addresses (account_id, type, barangay_code, parts, created_at, updated_at)
       values ($1, 4, $2, $3, $4, $4) returning id`,
      [accountId, area[0]!.code, JSON.stringify(parts), now],
    );
    await pool.query(
      `insert into resource_reservations (account_id, address_id, latitude, longitude, served_by,
         external_order_id, external_order_action_id, customer_first_name, customer_last_name, status,
         expires_at, created_at, committed_at)
       values ($1, $2, 14.5547, 121.0244, 'nap', $3, $4, 'Ana', 'Lim', 'committed', $5, $5, $5)`,
      [accountId, address[0]!.id, externalOrderId, actionId, now],
    );
  }
  const { rows } = await pool.query<{ id: string }>(
    `insert into orders (account_id, external_order_id, external_order_action_id, appointment_id, state,
       products, total_price, amount_centavos, payment_method, voucher_codes, special_offer,
       installation_starts_at, installation_ends_at, paid_at, created_at, updated_at)
     values ($1, $2, $3, gen_random_uuid(), 1, '[]', '{}', 149900, 1, '{}', false, $4, $5, $6, $6, $6)
     returning id`,
    [
      accountId,
      externalOrderId,
      actionId,
      startsAt,
      new Date(startsAt.getTime() + 3 * 3600_000),
      now,
    ],
  );
  await pool.query(
    `insert into work_orders (order_id, account_id, order_action_id, status, created_at, updated_at)
     values ($1, $2, $3, 'Open', $4, $4)`,
    [rows[0]!.id, accountId, actionId, now],
  );
  return actionId;
}

beforeAll(async () => {
  clock = createTestClock(new Date('2026-11-26T00:30:00Z'));
  testApp = await createTestApp({}, { clock });
  const code = await runOpsCommand(
    ['add-user', '--username', 'dina', '--role', 'dispatcher', '--name', 'Dina'],
    {
      db: testApp.database.db,
      clock,
      passwords: createPinHasher(loadAppSecrets(testApp.config).pinPepper),
      readPassword: async () => 'dispatch-pass-1234',
      print: () => undefined,
    },
  );
  expect(code).toBe(0);
  const login = await post(testApp.app, OPS_LOGIN_PATH, {
    username: 'dina',
    password: 'dispatch-pass-1234',
  });
  token = login.json().api_token;
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

describe('/api/ops/work_orders: the visit', () => {
  it("carries the address as the technician reads it and the customer's pin", async () => {
    const [withAddress, without] = await quickCustomers(testApp, 2, clock);
    const startsAt = new Date(clock.now().getTime() + 3600_000);
    const addressed = await paidOrder(withAddress!.accountId, startsAt, true);
    const bare = await paidOrder(without!.accountId, startsAt, false);
    const reply = await post(
      testApp.app,
      OPS_WORK_ORDERS_PATH,
      { day: manilaDay(startsAt) },
      token,
    );
    expect(reply.statusCode, reply.body).toBe(200);
    const jobs = reply.json().work_orders as TOpsWorkOrder[];
    expect(jobs.find((job) => job.order_action_id === addressed)?.visit).toEqual({
      customer_first_name: 'Ana',
      home: '12 Dela Rosa & Legazpi',
      area: 'San Lorenzo, Makati City, Metro Manila 1223',
      landmark: 'Blue gate',
      destination: { lat: 14.5547, lng: 121.0244 },
    });
    expect(jobs.find((job) => job.order_action_id === bare)?.visit).toBeNull();
  });
});
