import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_FUNNEL_PATH, type TFunnelReply } from '@konek/contract/ops-funnel';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import { post, signUp } from '../../test/accounts';
import { addOperatorUser, signInOperator } from '../../test/work-orders';
import { applyRetention, rollUpFinishedDays, type FunnelDependencies } from './service';

// ADR 096 through HTTP against PostgreSQL: a known set of page views and orders gives the exact step
// counts per day and per week, the same before and after the rollup; the filters, the drop-off, the
// median time to install, the missed visits and credits; old raw events are deleted only once their
// day is rolled up, and the day's counts stay; the other roles are refused, bad ranges name the field.

const LAS_PINAS = '1380200000';
const CEBU = '0730600000';
const ORIGIN = 'https://konek.example';
/** Wednesday 2026-03-11, 12:00 in Manila. */
const NOW = new Date('2026-03-11T04:00:00Z');
const clock = createTestClock(NOW);

let testApp: TestApp;
let deps: FunnelDependencies;
let accountId: string;
const tokens: Record<string, string> = {};

const manila = (local: string) => new Date(`${local}+08:00`);

async function pageView(
  day: string,
  device: string | null,
  path: string,
  attribution: Record<string, string> | null = null,
  eventType = 'page_view',
) {
  await testApp.database.pool.query(
    `insert into analytics_events (source, application_id, event_type, day, epoch_millis, id_type,
       id_value, page_location, device, browser, resolution, attribution)
     values ('unregistered', 'konek-web', $1, $2, 0, 100, $3, $4, 'mobile', 'Chrome', '390x844', $5)`,
    [
      eventType,
      day,
      device,
      `${ORIGIN}${path}`,
      attribution === null ? null : JSON.stringify(attribution),
    ],
  );
}

/** An order (city through its appointment's network reservation), optionally paid and installed. */
async function order(input: {
  createdAt: Date;
  paidAt?: Date;
  installedAt?: Date;
  offer: string;
  city: string;
  utm?: string;
  agent?: string;
}): Promise<string> {
  const client = await testApp.database.pool.connect();
  try {
    // The reservation's address and the appointment's slot are not under test: no rows for them (and
    // ended rows, so that one account may hold several).
    await client.query(`set session_replication_role = replica`);
    const reservation = crypto.randomUUID();
    const appointment = crypto.randomUUID();
    await client.query(
      `insert into resource_reservations (id, account_id, address_id, latitude, longitude, served_by,
         city_code, external_order_id, external_order_action_id, customer_first_name,
         customer_last_name, status, expires_at, created_at)
       values ($1, $2, gen_random_uuid(), 14.4, 121, 'nap', $3, $4, $5, 'Ana', 'Cruz', 'released',
         $6, $6)`,
      [
        reservation,
        accountId,
        input.city,
        `ext-${reservation}`,
        `act-${reservation}`,
        input.createdAt,
      ],
    );
    await client.query(
      `insert into appointments (id, reservation_id, account_id, resource_reservation_id, slot_id,
         activity_type, status, created_at, updated_at)
       values ($1, gen_random_uuid(), $2, $3, gen_random_uuid(), 'install', 'cancelled', $4, $4)`,
      [appointment, accountId, reservation, input.createdAt],
    );
    const { rows } = await client.query<{ id: string }>(
      `insert into orders (account_id, external_order_id, external_order_action_id, appointment_id,
         state, products, total_price, amount_centavos, payment_method, voucher_codes, special_offer,
         utm_source, sales_agent_code, paid_at, created_at, updated_at)
       values ($1, $2, $3, $4, 1, $5, '{}', 149900, 1, '{}', false, $6, $7, $8, $9, $9)
       returning id`,
      [
        accountId,
        `ext-${reservation}`,
        `act-${reservation}`,
        appointment,
        JSON.stringify([
          { id: input.offer, name: input.offer, actualCentavos: 149900, finalCentavos: 149900 },
        ]),
        input.utm ?? null,
        input.agent ?? null,
        input.paidAt ?? null,
        input.createdAt,
      ],
    );
    const orderId = rows[0]!.id;
    if (input.paidAt !== undefined) {
      const { rows: jobs } = await client.query<{ id: string }>(
        `insert into work_orders (order_id, account_id, order_action_id, status, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $5) returning id`,
        [
          orderId,
          accountId,
          `act-${reservation}`,
          input.installedAt ? 'Completed' : 'Open',
          input.paidAt,
        ],
      );
      await client.query(
        `insert into work_order_changes (work_order_id, status, changed_by, at)
         values ($1, 'Open', 'payment', $2)`,
        [jobs[0]!.id, input.paidAt],
      );
      if (input.installedAt !== undefined) {
        await client.query(
          `insert into work_order_changes (work_order_id, status, changed_by, at)
           values ($1, 'Completed', 'tech', $2)`,
          [jobs[0]!.id, input.installedAt],
        );
      }
    }
    return orderId;
  } finally {
    await client.query(`set session_replication_role = origin`);
    client.release();
  }
}

const ask = (body: object, role = 'marketing') =>
  post(testApp.app, OPS_FUNNEL_PATH, body, tokens[role]);

async function funnelOf(body: object, role = 'marketing'): Promise<TFunnelReply> {
  const reply = await ask(body, role);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as TFunnelReply;
}

const countsOf = (reply: TFunnelReply) =>
  Object.fromEntries(reply.steps.map((step) => [step.step, step.counts]));
const totalsOf = (reply: TFunnelReply) =>
  Object.fromEntries(reply.steps.map((step) => [step.step, step.total]));

const THREE_DAYS = { from: '2026-03-09', to: '2026-03-11', granularity: 'day' } as const;

/** The known figures of 9–11 March by day (the 11th is today: counted live). */
const BY_DAY = {
  visitors: [3, 2, 1],
  address_checked: [2, 1, 1],
  covered: [1, 1, 1],
  account: [1, 0, 0],
  details: [1, 0, 0],
  schedule: [1, 2, 0],
  paid: [1, 1, 0],
  installed: [0, 1, 1],
};

beforeAll(async () => {
  testApp = await createTestApp({ analyticsRetentionDays: 30 }, { clock });
  deps = { db: testApp.database.db, clock, retentionDays: 30 };
  accountId = (await signUp(testApp.app)).accountId;
  for (const role of ['marketing', 'admin', 'dispatcher', 'technician', 'network_planner']) {
    const username = `f-${role.replace('_', '-')}`;
    await addOperatorUser(testApp, clock, {
      username,
      role,
      name: role,
      password: `${role}-pass-1234`,
    });
    tokens[role] = (await signInOperator(testApp, username, `${role}-pass-1234`)).api_token;
  }
  const fb = { utm_source: 'facebook', agent_code: 'AG1' };
  // Monday 9 March: A goes as far as the schedule page, B is not covered, C only looks.
  await pageView('2026-03-09', 'device-a', '/', fb);
  await pageView('2026-03-09', 'device-a', '/serviceability/prepaid', fb);
  await pageView('2026-03-09', 'device-a', '/serviceability/prepaid?plan=x', fb);
  await pageView('2026-03-09', 'device-a', '/serviceability/filloutdetail', fb);
  await pageView('2026-03-09', 'device-a', '/serviceability/schedule', fb);
  await pageView('2026-03-09', 'device-b', '/serviceability/notifyme', { utm_source: 'facebook' });
  await pageView('2026-03-09', 'device-c', '/');
  await pageView('2026-03-09', 'device-c', '/about');
  // Neither counts: a click, and a page view that names no device.
  await pageView('2026-03-09', 'device-x', '/serviceability/prepaid', null, 'page_click');
  await pageView('2026-03-09', null, '/');
  // Tuesday: A comes back (a visitor again that day), D is covered.
  await pageView('2026-03-10', 'device-a', '/', fb);
  await pageView('2026-03-10', 'device-d', '/serviceability/prepaid#top', { utm_source: 'google' });
  // Wednesday (today): E sees a special offer.
  await pageView('2026-03-11', 'device-e', '/serviceability/specialOffer', {
    utm_source: 'facebook',
  });
  // 2 January: past the 30 days' retention.
  await pageView('2026-01-02', 'device-old', '/', { utm_source: 'facebook' });

  const first = await order({
    createdAt: manila('2026-03-09T10:00:00'),
    paidAt: manila('2026-03-09T10:05:00'),
    installedAt: manila('2026-03-10T14:05:00'),
    offer: 'konek-fibre-1499',
    city: LAS_PINAS,
    utm: 'facebook',
    agent: 'AG1',
  });
  await order({
    createdAt: manila('2026-03-10T08:00:00'),
    offer: 'konek-fibre-2499',
    city: CEBU,
    utm: 'google',
  });
  await order({
    createdAt: manila('2026-03-10T09:00:00'),
    paidAt: manila('2026-03-10T09:00:00'),
    installedAt: manila('2026-03-11T09:00:00'),
    offer: 'konek-fibre-1499',
    city: CEBU,
    utm: 'facebook',
  });
  await testApp.database.pool.query(
    `insert into order_credits (order_id, kind, visit_starts_at, visit_ends_at, free_days, at)
     values ($1, 'missed_visit', $2, $3, 2, $4)`,
    [
      first,
      manila('2026-03-10T08:00:00'),
      manila('2026-03-10T12:00:00'),
      manila('2026-03-10T12:05:00'),
    ],
  );
});

afterAll(async () => {
  await testApp.close();
});

describe('the funnel', () => {
  it('counts each step per day from the events and orders, live before any rollup', async () => {
    const reply = await funnelOf(THREE_DAYS);
    expect(reply.periods).toEqual(['2026-03-09', '2026-03-10', '2026-03-11']);
    expect(countsOf(reply)).toEqual(BY_DAY);
    expect(reply.median_install_hours).toBe(26);
    expect(reply.missed_visits).toBe(1);
    expect(reply.credits).toEqual({ count: 1, free_days: 2, centavos: 9993 });
    expect(reply.options.utm_sources.map((option) => option.value)).toEqual(['facebook', 'google']);
    expect(reply.options.agents.map((option) => option.value)).toEqual(['AG1']);
    expect(reply.options.cities.map((option) => option.value).sort()).toEqual([CEBU, LAS_PINAS]);
    expect(reply.options.offers.map((option) => option.value)).toEqual([
      'konek-fibre-1499',
      'konek-fibre-2499',
    ]);
  });

  it('gives the same figures once the finished days are rolled up (today stays live)', async () => {
    expect(await rollUpFinishedDays(deps)).toEqual({ from: '2026-01-02', to: '2026-03-10' });
    const rolled = await testApp.database.pool.query(
      `select count(*)::int as n from funnel_rolled_days`,
    );
    expect(rolled.rows[0].n).toBe(68);
    const reply = await funnelOf(THREE_DAYS);
    expect(countsOf(reply)).toEqual(BY_DAY);
    // A second run has nothing to do.
    expect(await rollUpFinishedDays(deps)).toEqual({ from: null, to: null });
  });

  it('sums a week of days, with the drop-off from each step to the next', async () => {
    const reply = await funnelOf({ ...THREE_DAYS, granularity: 'week' });
    expect(reply.periods).toEqual(['2026-03-09']);
    expect(totalsOf(reply)).toEqual({
      visitors: 6,
      address_checked: 4,
      covered: 3,
      account: 1,
      details: 1,
      schedule: 3,
      paid: 2,
      installed: 2,
    });
    expect(reply.steps.map((step) => step.drop_off_percent)).toEqual([
      null,
      33.3,
      25,
      66.7,
      0,
      -200,
      33.3,
      0,
    ]);
    // A week starts on Monday, also when the range starts later in it.
    const fromWednesday = await funnelOf({
      from: '2026-03-04',
      to: '2026-03-11',
      granularity: 'week',
    });
    expect(fromWednesday.periods).toEqual(['2026-03-02', '2026-03-09']);
  });

  it('filters by UTM source, agent, city and offer', async () => {
    expect(countsOf(await funnelOf({ ...THREE_DAYS, utm_source: 'facebook' }))).toEqual({
      visitors: [2, 1, 1],
      address_checked: [2, 0, 1],
      covered: [1, 0, 1],
      account: [1, 0, 0],
      details: [1, 0, 0],
      schedule: [1, 1, 0],
      paid: [1, 1, 0],
      installed: [0, 1, 1],
    });
    const agent = await funnelOf({ ...THREE_DAYS, agent: 'AG1' });
    expect(countsOf(agent)['visitors']).toEqual([1, 1, 0]);
    expect(countsOf(agent)['schedule']).toEqual([1, 0, 0]);
    expect(agent.median_install_hours).toBe(28);
    // The events know no city: their steps are not known under a city filter.
    const cebu = await funnelOf({ ...THREE_DAYS, city: CEBU });
    expect(countsOf(cebu)).toEqual({
      visitors: [null, null, null],
      address_checked: [null, null, null],
      covered: [null, null, null],
      account: [null, null, null],
      details: [null, null, null],
      schedule: [0, 2, 0],
      paid: [0, 1, 0],
      installed: [0, 0, 1],
    });
    expect(cebu.steps[5]?.drop_off_percent).toBeNull();
    expect(cebu.steps[6]?.drop_off_percent).toBe(50);
    expect(cebu.median_install_hours).toBe(24);
    expect(cebu.credits.count).toBe(0);
    const offer = await funnelOf({ ...THREE_DAYS, offer: 'konek-fibre-2499' });
    expect(countsOf(offer)['schedule']).toEqual([0, 1, 0]);
    expect(offer.median_install_hours).toBeNull();
  });

  it('deletes raw events past the retention only once their day is rolled up; the counts stay', async () => {
    const oldEvents = () =>
      testApp.database.pool
        .query(`select count(*)::int as n from analytics_events where day = '2026-01-02'`)
        .then((result) => result.rows[0].n as number);
    const oldDay = { from: '2026-01-02', to: '2026-01-02', granularity: 'day' };
    // Before the rollup: 2 January's event is past the retention, but its day is not rolled up yet.
    await testApp.database.pool.query(`delete from funnel_daily`);
    await testApp.database.pool.query(`delete from funnel_rolled_days`);
    expect(await applyRetention(deps)).toBe(0);
    expect(await oldEvents()).toBe(1);
    // Rolled up, then deleted; the day's figures come from the rollup.
    await rollUpFinishedDays(deps);
    expect(await applyRetention(deps)).toBe(1);
    expect(await oldEvents()).toBe(0);
    expect(countsOf(await funnelOf(oldDay))['visitors']).toEqual([1]);
    // Events within the retention stay.
    expect(countsOf(await funnelOf(THREE_DAYS))).toEqual(BY_DAY);
  });

  it('answers admin too, and refuses the other roles', async () => {
    await funnelOf(THREE_DAYS, 'admin');
    for (const role of ['dispatcher', 'technician', 'network_planner']) {
      const reply = await ask(THREE_DAYS, role);
      expect(reply.statusCode, role).toBe(403);
    }
    expect((await post(testApp.app, OPS_FUNNEL_PATH, THREE_DAYS)).statusCode).toBe(401);
  });

  it('refuses a bad range, naming the field', async () => {
    const refusal = async (body: object, field: string) => {
      const reply = await ask(body);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(JSON.parse(reply.body).message.startsWith(`${field}:`), reply.body).toBe(true);
    };
    await refusal({ ...THREE_DAYS, to: '2026-03-08' }, 'to');
    await refusal({ ...THREE_DAYS, from: '2025-01-01', to: '2026-03-08' }, 'to');
    await refusal({ ...THREE_DAYS, from: '2026-02-30' }, 'from');
    await refusal({ ...THREE_DAYS, granularity: 'month' }, 'granularity');
  });
});
