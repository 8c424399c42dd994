import type { TOpsRole } from '@konek/contract/ops';
import { spawn } from 'node:child_process';
import path from 'node:path';
import type pg from 'pg';

// ADR 051: what the operators' browser test needs — an operator made by `npm run ops --
// add-user` against the test server's data directory, and a paid order with a booked visit at a saved
// address (written straight into the database, as the API's workorders tests do: the payment journey has
// its own browser tests).

const root = path.resolve(import.meta.dirname, '..');

/** `npm run ops -- add-user …` with the password on standard input, as a person would pipe it. */
export async function addOperator(
  dataDir: string,
  databaseUrl: string,
  user: { username: string; role: TOpsRole; name: string; password: string },
): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/api/src/ops-cli.ts',
      'add-user',
      '--username',
      user.username,
      '--role',
      user.role,
      '--name',
      user.name,
    ],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, NODE_ENV: 'test' },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  child.stdin.end(`${user.password}\n`);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`ops add-user failed (${code}): ${output}`);
}

const TOTAL_PRICE = {
  currency: 'PHP',
  sub_total: 1499,
  sub_total_centavos: 149900,
  original_amount: 1499,
  original_amount_centavos: 149900,
  discount: [],
};

/** A paid order of `userId`'s account, booked from `startsAt` for three hours, with its Open work order. */
export async function bookedJob(
  client: pg.Client,
  userId: string,
  startsAt: Date,
): Promise<{ orderNumber: string; workOrderId: string }> {
  const now = new Date();
  const account = await client.query<{ id: string }>(
    `insert into accounts (user_id, provider_id, created_at) values ($1, 'konek', $2)
     on conflict (user_id, provider_id) do update set provider_id = excluded.provider_id returning id`,
    [userId, now],
  );
  const accountId = account.rows[0]!.id;
  const area = await client.query<{ code: string; name: string }>(
    'select code, name from barangays order by code limit 1',
  );
  const barangay = area.rows[0]!;
  const parts = {
    province: 'Metro Manila',
    city: 'Makati City',
    barangay: barangay.name,
    barangay_code: barangay.code,
    zip_code: '1226',
    latitude: 14.5547,
    longitude: 121.0244,
    region_description: 'NCR',
    house_number: '12',
    street: 'Dela Rosa Street',
    village: 'none',
    landmark: 'Blue gate beside the bakery',
  };
  const address = await client.query<{ id: string }>(
    `insert into account_addresses (account_id, type, barangay_code, parts, created_at, updated_at)
     values ($1, 4, $2, $3, $4, $4)
     on conflict (account_id, type) do update set parts = excluded.parts returning id`,
    [accountId, barangay.code, JSON.stringify(parts), now],
  );
  // The order carries its reservation's ids (product §3 resource booking).
  const externalOrderId = `order-${crypto.randomUUID()}`;
  const actionId = `action-${crypto.randomUUID()}`;
  await client.query(
    `insert into resource_reservations (account_id, address_id, latitude, longitude, served_by,
       external_order_id, external_order_action_id, customer_first_name, customer_last_name, status,
       expires_at, created_at, committed_at)
     values ($1, $2, $3, $4, 'nap', $5, $6, 'Ana', 'Lim', 'committed', $7, $7, $7)`,
    [
      accountId,
      address.rows[0]!.id,
      parts.latitude,
      parts.longitude,
      externalOrderId,
      actionId,
      now,
    ],
  );
  const order = await client.query<{ id: string; number: string }>(
    `insert into orders (account_id, external_order_id, external_order_action_id, appointment_id, state,
       products, total_price, amount_centavos, payment_method, voucher_codes, special_offer,
       installation_starts_at, installation_ends_at, paid_at, created_at, updated_at)
     values ($1, $2, $3, gen_random_uuid(), 1, '[]', $4, 149900, 1, '{}', false, $5, $6, $7, $7, $7)
     returning id, number`,
    [
      accountId,
      externalOrderId,
      actionId,
      JSON.stringify(TOTAL_PRICE),
      startsAt,
      new Date(startsAt.getTime() + 3 * 60 * 60 * 1000),
      now,
    ],
  );
  const workOrder = await client.query<{ id: string }>(
    `insert into work_orders (order_id, account_id, order_action_id, status, created_at, updated_at)
     values ($1, $2, $3, 'Open', $4, $4) returning id`,
    [order.rows[0]!.id, accountId, actionId, now],
  );
  await client.query(
    `insert into work_order_changes (work_order_id, status, changed_by, at) values ($1, 'Open', 'payment', $2)`,
    [workOrder.rows[0]!.id, now],
  );
  return {
    orderNumber: `KNK-${String(order.rows[0]!.number).padStart(8, '0')}`,
    workOrderId: workOrder.rows[0]!.id,
  };
}
