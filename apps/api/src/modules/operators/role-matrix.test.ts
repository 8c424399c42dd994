/// <reference types="vite/client" />
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callPath, type AnyCall } from '@konek/contract/call';
import { OPS_LOGIN_PATH, OPS_ROLES, type TOpsRole } from '@konek/contract/ops';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock, type TestClock } from '../../test/test-clock';
import { post } from '../../test/accounts';
import { addOperatorUser, signInOperator } from '../../test/work-orders';

// ADR 089: the role matrix. Every /api/ops call of the contract has its row here — who may call it, and
// a body its allowed roles get their normal answer to — and every role tries every call: an allowed role
// gets the call's success (or the domain reply its body leads to, never a 403), any other role a 403
// ROLE_NOT_ALLOWED. The first test holds the table to the contract: a new /api/ops call without a row
// fails it, as does a row for a call that is gone.

// Saturday 5 December 2026, 9:00 in Manila.
const START = new Date('2026-12-05T01:00:00Z');
/** A Monday ahead, no holiday: a dispatcher may close it. */
const DAY_TO_CLOSE = '2027-03-01';
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** A whole offer, with the id of one the seed has. */
const OFFER = {
  id: 'konek-prepaid-50',
  name: 'Konek Fiber Prepaid up to 50 Mbps',
  speed_mbps: 50,
  less: 'Up to 50 Mbps',
  inclusions: ['Up to 50 Mbps unlimited fibre internet'],
  freebies: [],
  actual_price_centavos: 149900,
  final_price_centavos: 149900,
  sort_priority: 100,
  active_from: null,
  active_until: null,
  category_ids: ['default'],
  city_codes: [],
};
/** A new voucher (made once, by the one allowed role). */
const VOUCHER = {
  code: 'matrix100',
  voucher_name: '₱100 off any plan',
  discount_kind: 'amount',
  discount_centavos: 10000,
  discount_percent: null,
  max_discount_centavos: null,
  freebie: null,
  freebie_3pp: null,
  valid_from: '2026-01-01T00:00:00+08:00',
  valid_until: '2036-01-01T00:00:00+08:00',
  offer_ids: [],
  max_uses: 100,
  per_account_limit: 1,
};

const NAP_FILE = {
  format: 'csv',
  file_name: 'matrix.csv',
  content:
    'id,latitude,longitude,ports_total,ports_used,status,expected_date,served_buildings,city_code\nNAP-X,not-a-number,121,8,0,active,,,\n',
};

type Context = { technicianId: string; spareIds: string[] };
type Row = {
  roles: readonly TOpsRole[];
  /** What an allowed role is answered with this body. */
  allowed: number;
  body: (role: TOpsRole, context: Context) => object;
};

const ALL = OPS_ROLES;
const password = (role: TOpsRole) => `${role}-password-123`;
let added = 0;

const MATRIX: Record<string, Row> = {
  '/api/ops/login': {
    roles: ALL,
    allowed: 200,
    body: (role) => ({ username: `m-${role.replaceAll('_', '-')}`, password: password(role) }),
  },
  '/api/ops/me': { roles: ALL, allowed: 200, body: () => ({}) },
  '/api/ops/technicians': { roles: ['dispatcher'], allowed: 200, body: () => ({}) },
  '/api/ops/work_orders': {
    roles: ['dispatcher', 'technician'],
    allowed: 200,
    body: () => ({ day: '2026-12-07' }),
  },
  '/api/ops/work_orders/assign': {
    roles: ['dispatcher'],
    allowed: 404,
    body: (_role, context) => ({ work_order_id: NO_SUCH_ID, technician_id: context.technicianId }),
  },
  '/api/ops/work_orders/slots': {
    roles: ['dispatcher'],
    allowed: 404,
    body: () => ({ work_order_id: NO_SUCH_ID }),
  },
  '/api/ops/work_orders/cancel': {
    roles: ['dispatcher'],
    allowed: 404,
    body: () => ({ work_order_id: NO_SUCH_ID }),
  },
  '/api/ops/work_orders/set_status': {
    roles: ['dispatcher'],
    allowed: 404,
    body: () => ({ work_order_id: NO_SUCH_ID, status: 'Delayed' }),
  },
  '/api/ops/work_orders/move': {
    roles: ['technician'],
    allowed: 404,
    body: () => ({ work_order_id: NO_SUCH_ID, action: 'on_the_way' }),
  },
  '/api/ops/work_orders/position': {
    roles: ['technician'],
    allowed: 404,
    body: () => ({ work_order_id: NO_SUCH_ID, lat: 14.55, lng: 121.02 }),
  },
  '/api/ops/payment_issues': { roles: ['dispatcher'], allowed: 200, body: () => ({}) },
  '/api/ops/support_requests': { roles: ['dispatcher'], allowed: 200, body: () => ({}) },
  '/api/ops/support_requests/close': {
    roles: ['dispatcher'],
    allowed: 404,
    body: () => ({ support_request_id: NO_SUCH_ID, answer: 'We fixed it. Thank you.' }),
  },
  '/api/ops/closed_days': { roles: ['dispatcher'], allowed: 200, body: () => ({}) },
  '/api/ops/closed_days/add': {
    roles: ['dispatcher'],
    allowed: 200,
    body: () => ({ day: DAY_TO_CLOSE, reason: 'Typhoon signal no. 3' }),
  },
  // After the add above: the day is closed, so opening it is a success.
  '/api/ops/closed_days/remove': {
    roles: ['dispatcher'],
    allowed: 200,
    body: () => ({ day: DAY_TO_CLOSE }),
  },
  '/api/ops/calendar': {
    roles: ['dispatcher'],
    allowed: 200,
    body: () => ({ from: '2026-12-07', days: 2 }),
  },
  '/api/ops/calendar/blocks': { roles: ['dispatcher'], allowed: 200, body: () => ({}) },
  '/api/ops/calendar/blocks/preview': {
    roles: ['dispatcher'],
    allowed: 200,
    body: () => ({ day: DAY_TO_CLOSE, period: 'am', reason: 'Road works' }),
  },
  // A block of the afternoon of the day the rows above closed and opened again.
  '/api/ops/calendar/blocks/add': {
    roles: ['dispatcher'],
    allowed: 200,
    body: () => ({ day: DAY_TO_CLOSE, period: 'pm', reason: 'Road works' }),
  },
  '/api/ops/calendar/blocks/remove': {
    roles: ['dispatcher'],
    allowed: 404,
    body: () => ({ block_id: NO_SUCH_ID }),
  },
  '/api/ops/calendar/crew_plans': { roles: ['dispatcher'], allowed: 200, body: () => ({}) },
  // A zone no one has: the allowed role is refused by the rule (the zone), not the role.
  '/api/ops/calendar/crew_plans/set': {
    roles: ['dispatcher'],
    allowed: 400,
    body: () => ({ work_zone: 'ATLANTIS', plan: [{ weekday: 1, period: 'am', places: 1 }] }),
  },
  '/api/ops/calendar/day_places/set': {
    roles: ['dispatcher'],
    allowed: 400,
    body: () => ({ work_zone: 'ATLANTIS', day: '2026-12-14', period: 'am', places: 1 }),
  },
  '/api/ops/offers': { roles: ['marketing'], allowed: 200, body: () => ({}) },
  // An offer id and a voucher code that exist: the allowed role is refused by the rule, not the role.
  '/api/ops/offers/create': { roles: ['marketing'], allowed: 409, body: () => OFFER },
  '/api/ops/offers/edit': {
    roles: ['marketing'],
    allowed: 404,
    body: () => ({ ...OFFER, id: 'no-such-offer' }),
  },
  '/api/ops/offers/publish': {
    roles: ['marketing'],
    allowed: 404,
    body: () => ({ id: 'no-such-offer' }),
  },
  '/api/ops/offers/retire': {
    roles: ['marketing'],
    allowed: 404,
    body: () => ({ id: 'no-such-offer' }),
  },
  '/api/ops/vouchers': { roles: ['marketing'], allowed: 200, body: () => ({}) },
  '/api/ops/vouchers/create': { roles: ['marketing'], allowed: 200, body: () => VOUCHER },
  '/api/ops/vouchers/edit': {
    roles: ['marketing'],
    allowed: 404,
    body: () => ({ ...VOUCHER, code: 'nosuchcode' }),
  },
  '/api/ops/vouchers/retire': {
    roles: ['marketing'],
    allowed: 404,
    body: () => ({ code: 'nosuchcode' }),
  },
  '/api/ops/referral_rules': { roles: ['marketing'], allowed: 200, body: () => ({}) },
  '/api/ops/funnel': {
    roles: ['marketing', 'admin'],
    allowed: 200,
    body: () => ({ from: '2026-01-01', to: '2026-01-31', granularity: 'week' }),
  },
  // A NAP file with one bad row: previewed with its error; applied, refused whole (422).
  '/api/ops/coverage/naps/preview': {
    roles: ['network_planner'],
    allowed: 200,
    body: () => NAP_FILE,
  },
  '/api/ops/coverage/naps/apply': {
    roles: ['network_planner'],
    allowed: 422,
    body: () => NAP_FILE,
  },
  '/api/ops/coverage/naps/export': {
    roles: ['network_planner'],
    allowed: 200,
    body: () => ({ format: 'csv' }),
  },
  // ADR 090 (the map): the network in a small box; edits of a NAP and a building the plant lacks.
  '/api/ops/coverage/network': {
    roles: ['network_planner'],
    allowed: 200,
    body: () => ({ bbox: { south: 14.5, west: 121, north: 14.51, east: 121.01 } }),
  },
  // ADR 095: the demand map and its CSV.
  '/api/ops/coverage/demand': {
    roles: ['network_planner'],
    allowed: 200,
    body: () => ({ bbox: { south: 14.5, west: 121, north: 14.51, east: 121.01 } }),
  },
  '/api/ops/coverage/demand/export': {
    roles: ['network_planner'],
    allowed: 200,
    body: () => ({}),
  },
  '/api/ops/coverage/naps/edit': {
    roles: ['network_planner'],
    allowed: 404,
    body: () => ({
      code: 'NO-SUCH-NAP',
      latitude: 14.5,
      longitude: 121,
      ports_total: 8,
      ports_used: 0,
      status: 'active',
      expected_date: null,
    }),
  },
  // ADR 094: the coverage-arrival alerts' counts and the retry of the failed ones (none here).
  '/api/ops/coverage/alerts': { roles: ['network_planner'], allowed: 200, body: () => ({}) },
  '/api/ops/coverage/alerts/retry': { roles: ['network_planner'], allowed: 200, body: () => ({}) },
  '/api/ops/coverage/buildings/edit': {
    roles: ['network_planner'],
    allowed: 404,
    body: () => ({ id: 999_999, building_name: 'Nowhere', serving_floors: ['G'] }),
  },
  '/api/ops/operators': { roles: ['admin'], allowed: 200, body: () => ({}) },
  '/api/ops/operators/add': {
    roles: ['admin'],
    allowed: 200,
    body: () => ({ username: `added-${(added += 1)}`, first_name: 'New', role: 'marketing' }),
  },
  '/api/ops/operators/set_role': {
    roles: ['admin'],
    allowed: 200,
    body: (_role, context) => ({ user_id: context.spareIds[0]!, role: 'network_planner' }),
  },
  '/api/ops/operators/disable': {
    roles: ['admin'],
    allowed: 200,
    body: (_role, context) => ({ user_id: context.spareIds[1]! }),
  },
  // The history of a closed day: its owner (dispatcher) and an admin.
  '/api/ops/history': {
    roles: ['admin', 'dispatcher'],
    allowed: 200,
    body: () => ({ entity: 'closed_day', entity_id: DAY_TO_CLOSE }),
  },
  // Last: it ends the session of whoever calls it.
  '/api/ops/logout': { roles: ALL, allowed: 200, body: () => ({}) },
};

const modules = import.meta.glob<Record<string, unknown>>(
  ['../../../../../packages/contract/src/*.ts', '!../../../../../packages/contract/src/*.test.ts'],
  { eager: true },
);
const isCall = (value: unknown): value is AnyCall =>
  typeof value === 'object' && value !== null && 'replies' in value && 'auth' in value;
const opsPaths = [
  ...new Set(
    Object.values(modules)
      .flatMap((exports) => Object.values(exports).filter(isCall))
      .map((call) => callPath(call, '{oss}'))
      .filter((path) => path.startsWith('/api/ops/')),
  ),
];

let testApp: TestApp;
let clock: TestClock;
const tokens = new Map<TOpsRole, string>();
const context: Context = { technicianId: '', spareIds: [] };

beforeAll(async () => {
  clock = createTestClock(START);
  testApp = await createTestApp({}, { clock });
  for (const role of OPS_ROLES) {
    const username = `m-${role.replaceAll('_', '-')}`;
    const made = await addOperatorUser(testApp, clock, {
      username,
      role,
      name: role,
      password: password(role),
    });
    expect(made.code, made.printed.join('\n')).toBe(0);
    const session = await signInOperator(testApp, username, password(role));
    tokens.set(role, session.api_token);
    if (role === 'technician') context.technicianId = session.user.user_id;
  }
  for (const spare of ['spare-one', 'spare-two']) {
    const made = await addOperatorUser(testApp, clock, {
      username: spare,
      role: 'dispatcher',
      name: 'Spare',
      password: crypto.randomBytes(12).toString('base64url'),
    });
    expect(made.code).toBe(0);
    const { rows } = await testApp.database.pool.query<{ id: string }>(
      'select id from ops_users where username = $1',
      [spare],
    );
    context.spareIds.push(rows[0]!.id);
  }
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

describe('the role matrix of /api/ops', () => {
  it('has a row for every /api/ops call of the contract, and none for a call that is not', () => {
    expect(opsPaths.length).toBeGreaterThan(15);
    expect(Object.keys(MATRIX).sort()).toEqual([...opsPaths].sort());
  });

  it('signs in every role', async () => {
    for (const role of OPS_ROLES) {
      const reply = await post(
        testApp.app,
        OPS_LOGIN_PATH,
        MATRIX[OPS_LOGIN_PATH]!.body(role, context),
      );
      expect(reply.statusCode, `${role}: ${reply.body}`).toBe(200);
      expect(reply.json().user.role).toBe(role);
    }
  });

  // In the table's order: the closed day is added before it is opened and its history read, and
  // sign-out comes last.
  const rows = Object.entries(MATRIX).filter(([path]) => path !== OPS_LOGIN_PATH);
  it.each(rows)('%s: allowed roles get their answer, every other role a 403', async (path, row) => {
    for (const role of OPS_ROLES) {
      const reply = await post(testApp.app, path, row.body(role, context), tokens.get(role));
      const what = `${path} as ${role}: ${reply.body}`;
      if (row.roles.includes(role)) {
        expect(reply.statusCode, what).toBe(row.allowed);
      } else {
        expect(reply.statusCode, what).toBe(403);
        expect(reply.json(), what).toMatchObject({ module: 'ops', code: 3 });
      }
    }
  });
});
