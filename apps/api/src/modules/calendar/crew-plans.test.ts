import { OPS_HISTORY_PATH, type TAuditEntry } from '@konek/contract/ops-history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPS_CREW_PLANS_PATH,
  OPS_SET_CREW_PLAN_PATH,
  type TCrewPlanZone,
  type TKeptSlot,
} from '@konek/contract/ops-calendar';
import { OPS_ADD_CLOSED_DAY_PATH } from '@konek/contract/ops-closed-days';
import { manilaDayOf, slotPeriod } from '@konek/contract/slot-period';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock, type TestClock } from '../../test/test-clock';
import { post } from '../../test/accounts';
import { paidOrdersKit, type PaidOrdersKit } from '../../test/paid-orders';
import { addOperatorUser, signInOperator } from '../../test/work-orders';

// ADR 092 (the crews' plans) through HTTP against PostgreSQL: a dispatcher reads every zone's cities and
// plan, and changes one zone's places per weekday and period; the slots already made for the days ahead
// take the new places at once — never fewer than are taken there (kept at taken, and answered) — and the
// customer's listing shows them; the change is audited; bad input is a 400 naming the field. The other
// roles' 403s are the role matrix's rows (operators/role-matrix.test.ts).

// Saturday 5 December 2026, 9:00 in Manila.
const START = new Date('2026-12-05T01:00:00Z');

let testApp: TestApp;
let clock: TestClock;
let kit: PaidOrdersKit;
let token: string;

const ops = (path: string, body: object) => post(testApp.app, path, body, token);
const sql = (text: string, values: unknown[] = []) => testApp.database.pool.query(text, values);
const weekdayOf = (day: string) => new Date(`${day}T12:00:00+08:00`).getUTCDay();

beforeAll(async () => {
  clock = createTestClock(START);
  testApp = await createTestApp({}, { clock });
  kit = await paidOrdersKit(testApp, clock);
  const added = await addOperatorUser(testApp, clock, {
    username: 'dina',
    role: 'dispatcher',
    name: 'Dina',
    password: 'dina-pass-12345',
  });
  expect(added.code, added.printed.join('\n')).toBe(0);
  token = (await signInOperator(testApp, 'dina', 'dina-pass-12345')).api_token;
}, 120_000);
afterAll(() => testApp?.close());

describe("the crews' plans", () => {
  it('lists every zone with its cities and its places per weekday and period', async () => {
    const reply = await ops(OPS_CREW_PLANS_PATH, {});
    expect(reply.statusCode, reply.body).toBe(200);
    const zones: TCrewPlanZone[] = reply.json().zones;
    const south = zones.find((zone) => zone.work_zone.code === 'MM-SOUTH')!;
    expect(south.work_zone.name).toBe('Metro Manila South');
    expect(south.cities.map((city) => city.name)).toContain('Las Piñas City');
    expect(south.plan).toHaveLength(12);
    expect(south.plan[0]).toEqual({ weekday: 1, period: 'am', places: 8 });
    expect(south.plan.find((entry) => entry.weekday === 6)?.places).toBe(4);
  });

  it('changes the places of the slots ahead at once, never below what is taken, and audits it', async () => {
    const [paid] = await kit.paidOrders(1, 0);
    const slot = paid!.slot;
    const day = manilaDayOf(slot.start_time);
    const period = slotPeriod(slot)!;
    const weekday = weekdayOf(day);
    const zone = (
      (await sql('select work_zone_code from installation_slots where id = $1', [slot.id]))
        .rows[0] as { work_zone_code: string }
    ).work_zone_code;
    const sameSlots = async () =>
      (
        await sql(
          `select id, capacity, taken from installation_slots
            where work_zone_code = $1 and period = $2 and starts_at > now()
              and extract(dow from (starts_at at time zone 'UTC') + interval '8 hours') = $3`,
          [zone, period, weekday],
        )
      ).rows as { id: string; capacity: number; taken: number }[];
    const listed = async () =>
      (await kit.slotsOf((await kit.fresh(paid!)).who)).filter(
        (each) =>
          weekdayOf(manilaDayOf(each.start_time)) === weekday && slotPeriod(each) === period,
      );
    expect((await listed()).length).toBeGreaterThan(0);

    // No places on that weekday and period: the booked slot keeps its taken place, the others none.
    const closed = await ops(OPS_SET_CREW_PLAN_PATH, {
      work_zone: zone,
      plan: [{ weekday, period, places: 0 }],
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const kept: TKeptSlot[] = closed.json().kept;
    expect(kept).toContainEqual({ day, period, taken: 1 });
    expect(closed.json().slots_changed).toBeGreaterThan(0);
    expect(
      closed
        .json()
        .zone.plan.find(
          (e: { weekday: number; period: string }) => e.weekday === weekday && e.period === period,
        ).places,
    ).toBe(0);
    for (const row of await sameSlots()) expect(row.capacity).toBe(row.taken);
    expect((await sameSlots()).find((row) => row.id === slot.id)).toMatchObject({
      capacity: 1,
      taken: 1,
    });
    expect(await listed()).toEqual([]);

    // Twelve places: every slot ahead of that weekday and period has them, and the customer sees them.
    const raised = await ops(OPS_SET_CREW_PLAN_PATH, {
      work_zone: zone,
      plan: [{ weekday, period, places: 12 }],
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().kept).toEqual([]);
    for (const row of await sameSlots()) expect(row.capacity).toBe(Math.max(12, row.taken));
    expect((await listed()).length).toBeGreaterThan(0);

    const history = await ops(OPS_HISTORY_PATH, { entity: 'work_zone', entity_id: zone });
    expect(history.statusCode, history.body).toBe(200);
    const entries: TAuditEntry[] = history.json().history;
    expect(entries.map((entry) => entry.action)).toEqual(['update', 'update']);
    const key = `${weekday} ${period}`;
    expect(entries[0]!.operator?.username).toBe('dina');
    expect((entries[0]!.before as { plan: Record<string, number> }).plan[key]).toBe(0);
    expect((entries[0]!.after as { plan: Record<string, number> }).plan[key]).toBe(12);
    expect((entries[1]!.before as { plan: Record<string, number> }).plan[key]).toBeGreaterThan(0);
  });

  it('leaves a closed day closed', async () => {
    // Wednesday 16 December: closed by a dispatcher; Wednesday 23 December stays open.
    const closed = await ops(OPS_ADD_CLOSED_DAY_PATH, { day: '2026-12-16', reason: 'Road works' });
    expect(closed.statusCode, closed.body).toBe(200);
    const set = await ops(OPS_SET_CREW_PLAN_PATH, {
      work_zone: 'CEBU',
      plan: [{ weekday: 3, period: 'am', places: 20 }],
    });
    expect(set.statusCode, set.body).toBe(200);
    const capacityOn = async (day: string) =>
      (
        (
          await sql(
            `select capacity from installation_slots
              where work_zone_code = 'CEBU' and period = 'am' and starts_at = $1::timestamptz`,
            [`${day}T09:00:00+08:00`],
          )
        ).rows[0] as { capacity: number }
      ).capacity;
    expect(await capacityOn('2026-12-16')).toBe(0);
    expect(await capacityOn('2026-12-23')).toBe(20);
  });

  it('refuses bad input naming the field', async () => {
    const cases: [object, string][] = [
      [{ work_zone: 'MM-NORTH', plan: [{ weekday: 1, period: 'am', places: 51 }] }, 'places'],
      [{ work_zone: 'MM-NORTH', plan: [{ weekday: 1, period: 'am', places: -1 }] }, 'places'],
      [{ work_zone: 'MM-NORTH', plan: [{ weekday: 1, period: 'am', places: 1.5 }] }, 'places'],
      [{ work_zone: 'MM-NORTH', plan: [{ weekday: 0, period: 'am', places: 1 }] }, 'weekday'],
      [{ work_zone: 'MM-NORTH', plan: [{ weekday: 1, period: 'noon', places: 1 }] }, 'period'],
      [{ work_zone: 'MM-NORTH', plan: [] }, 'plan'],
      [{ work_zone: '', plan: [{ weekday: 1, period: 'am', places: 1 }] }, 'work_zone'],
      [
        {
          work_zone: 'MM-NORTH',
          plan: [
            { weekday: 1, period: 'am', places: 1 },
            { weekday: 1, period: 'am', places: 2 },
          ],
        },
        'plan',
      ],
    ];
    for (const [body, field] of cases) {
      const reply = await ops(OPS_SET_CREW_PLAN_PATH, body);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json().message).toContain(field);
    }
    const zone = await ops(OPS_SET_CREW_PLAN_PATH, {
      work_zone: 'ATLANTIS',
      plan: [{ weekday: 1, period: 'am', places: 1 }],
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.json()).toMatchObject({ module: 'ops', field: 'work_zone' });
    const untouched = await sql(
      `select places from crew_plans where work_zone_code = 'MM-NORTH' and weekday = 1 and period = 'am'`,
    );
    expect(untouched.rows[0]).toEqual({ places: 8 });
  });
});
