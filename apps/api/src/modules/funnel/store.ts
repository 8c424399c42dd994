import { sql, type SQL } from 'drizzle-orm';
import { PATHS } from '@konek/contract/routes';
import type { Db } from '../../platform/db/database';

// ADR 096: the funnel's counts of one range of Manila days, from the raw events and the orders (the
// rollup's source and today's live figures), the rollup's writes and reads, and the raw events'
// deletion once their day is rolled up and past the retention.

export type FunnelRow = {
  day: string;
  step: string;
  cityCode: string;
  offerId: string;
  utmSource: string;
  agent: string;
  count: number;
};

const MANILA = 'Asia/Manila';

const pages = (paths: readonly string[]) =>
  sql.join(
    paths.map((path) => sql`${path}`),
    sql`, `,
  );

/** A page_view's path: its address without origin, query and fragment. */
const PATH_OF_EVENT = sql`regexp_replace(page_location, '^[A-Za-z][A-Za-z0-9+.-]*://[^/]*|[?#].*$', '', 'g')`;

/** The pages an address check ends on: offers (covered) or the notify-me page (not covered). */
export const ADDRESS_CHECKED_PAGES = [PATHS.prepaid, PATHS.specialOffer, PATHS.notifyme];
export const COVERED_PAGES = [PATHS.prepaid, PATHS.specialOffer];
/** The first page behind sign-in: the visitor has an account and is signed in. */
export const ACCOUNT_PAGES = [PATHS.filloutdetail];
/** Reached once the details form is saved. */
export const DETAILS_PAGES = [PATHS.schedule];

/** The instant a Manila day starts. */
const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone ${MANILA})`;

/**
 * The event steps of the days `from`…`to`: per day, device (or user, once signed in), UTM source and
 * agent, whether it reached each step; then the devices counted per step.
 */
function eventStepsQuery(from: string, to: string): SQL {
  return sql`
    select d.day::text as day, s.step, '' as city_code, '' as offer_id, d.utm_source, d.agent,
      count(*)::int as count
    from (
      select day, id_value, utm_source, agent,
        bool_or(path in (${pages(ADDRESS_CHECKED_PAGES)})) as address_checked,
        bool_or(path in (${pages(COVERED_PAGES)})) as covered,
        bool_or(path in (${pages(ACCOUNT_PAGES)})) as account,
        bool_or(path in (${pages(DETAILS_PAGES)})) as details
      from (
        select day, id_value,
          coalesce(attribution->>'utm_source', '') as utm_source,
          coalesce(attribution->>'agent_code', attribution->>'salesman_id', '') as agent,
          ${PATH_OF_EVENT} as path
        from analytics_events
        where event_type = 'page_view' and day >= ${from} and day <= ${to} and id_value is not null
      ) e
      group by day, id_value, utm_source, agent
    ) d
    cross join lateral (values
      ('visitors', true),
      ('address_checked', d.address_checked),
      ('covered', d.covered),
      ('account', d.account),
      ('details', d.details)
    ) s(step, reached)
    where s.reached
    group by d.day, s.step, d.utm_source, d.agent`;
}

/** An order's filters: its city (the network reservation's), its offer, UTM source and agent. */
const ORDER_DIMENSIONS = sql`coalesce(r.city_code, '') as city_code,
  coalesce(o.products->0->>'id', '') as offer_id,
  coalesce(o.utm_source, '') as utm_source,
  coalesce(o.sales_agent_code, '') as agent`;
const ORDER_JOINS = sql`left join appointments a on a.id = o.appointment_id
  left join resource_reservations r on r.id = a.resource_reservation_id`;

/** schedule: orders made (the pay page makes one with its booked time); paid; installed. */
function orderStepsQuery(from: string, to: string): SQL {
  const start = dayStart(from);
  const end = sql`(${to}::date + 1)::timestamp at time zone ${MANILA}`;
  return sql`
    select (o.created_at at time zone ${MANILA})::date::text as day, 'schedule' as step,
      ${ORDER_DIMENSIONS}, count(*)::int as count
    from orders o ${ORDER_JOINS}
    where o.created_at >= ${start} and o.created_at < ${end}
    group by 1, 2, 3, 4, 5, 6
    union all
    select (o.paid_at at time zone ${MANILA})::date::text, 'paid', ${ORDER_DIMENSIONS}, count(*)::int
    from orders o ${ORDER_JOINS}
    where o.paid_at >= ${start} and o.paid_at < ${end}
    group by 1, 2, 3, 4, 5, 6
    union all
    select (i.installed_at at time zone ${MANILA})::date::text, 'installed', ${ORDER_DIMENSIONS},
      count(*)::int
    from (
      select w.order_id, min(c.at) as installed_at
      from work_order_changes c join work_orders w on w.id = c.work_order_id
      where c.status = 'Completed'
      group by w.order_id
    ) i
    join orders o on o.id = i.order_id ${ORDER_JOINS}
    where i.installed_at >= ${start} and i.installed_at < ${end}
    group by 1, 2, 3, 4, 5, 6`;
}

const toRow = (row: Record<string, unknown>): FunnelRow => ({
  day: String(row['day']),
  step: String(row['step']),
  cityCode: String(row['city_code']),
  offerId: String(row['offer_id']),
  utmSource: String(row['utm_source']),
  agent: String(row['agent']),
  count: Number(row['count']),
});

/** The counts of `from`…`to` straight from the events and orders (today's, or a day not rolled up). */
export async function liveRows(db: Db, from: string, to: string): Promise<FunnelRow[]> {
  const result = await db.execute(
    sql`${eventStepsQuery(from, to)} union all ${orderStepsQuery(from, to)}`,
  );
  return result.rows.map(toRow);
}

/** Rolls up the days `from`…`to` (all of them), replacing what was rolled before; one transaction. */
export async function rollUpDays(db: Db, from: string, to: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from funnel_daily where day >= ${from} and day <= ${to}`);
    await tx.execute(sql`
      insert into funnel_daily (day, step, city_code, offer_id, utm_source, agent, count)
      select day::date, step, city_code, offer_id, utm_source, agent, sum(count)::int
      from (${eventStepsQuery(from, to)} union all ${orderStepsQuery(from, to)}) f
      group by 1, 2, 3, 4, 5, 6`);
    await tx.execute(sql`
      insert into funnel_rolled_days (day, rolled_at)
      select d::date, ${now} from generate_series(${from}::date, ${to}::date, interval '1 day') d
      on conflict (day) do update set rolled_at = excluded.rolled_at`);
  });
}

/** The last day rolled up, or null. */
export async function lastRolledDay(db: Db): Promise<string | null> {
  const result = await db.execute(sql`select max(day)::text as day from funnel_rolled_days`);
  const day = result.rows[0]?.['day'];
  return typeof day === 'string' ? day : null;
}

/** The first day anything happened (an event or an order), or null: where a first rollup starts. */
export async function firstActivityDay(db: Db): Promise<string | null> {
  const result = await db.execute(sql`
    select least(
      (select min(day) from analytics_events where event_type = 'page_view'),
      (select (min(created_at) at time zone ${MANILA})::date::text from orders)
    ) as day`);
  const day = result.rows[0]?.['day'];
  return typeof day === 'string' ? day : null;
}

export type FunnelFilters = {
  city?: string | undefined;
  offer?: string | undefined;
  utmSource?: string | undefined;
  agent?: string | undefined;
};

function filterConditions(filters: FunnelFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.city !== undefined) conditions.push(sql`city_code = ${filters.city}`);
  if (filters.offer !== undefined) conditions.push(sql`offer_id = ${filters.offer}`);
  if (filters.utmSource !== undefined) conditions.push(sql`utm_source = ${filters.utmSource}`);
  if (filters.agent !== undefined) conditions.push(sql`agent = ${filters.agent}`);
  return conditions;
}

/** The rolled-up counts per day and step of `from`…`to` under the filters. */
export async function rolledCounts(
  db: Db,
  from: string,
  to: string,
  filters: FunnelFilters,
): Promise<{ day: string; step: string; count: number }[]> {
  const where = [sql`day >= ${from}`, sql`day <= ${to}`, ...filterConditions(filters)];
  const result = await db.execute(sql`
    select day::text as day, step, sum(count)::int as count from funnel_daily
    where ${sql.join(where, sql` and `)}
    group by day, step`);
  return result.rows.map((row) => ({
    day: String(row['day']),
    step: String(row['step']),
    count: Number(row['count']),
  }));
}

/** The filters' values that occur in the rolled-up days of `from`…`to`. */
export async function rolledOptions(
  db: Db,
  from: string,
  to: string,
): Promise<{ cities: string[]; offers: string[]; utmSources: string[]; agents: string[] }> {
  const result = await db.execute(sql`
    select
      array(select distinct city_code from funnel_daily f where f.day >= ${from} and f.day <= ${to}
        and city_code <> '' order by 1) as cities,
      array(select distinct offer_id from funnel_daily f where f.day >= ${from} and f.day <= ${to}
        and offer_id <> '' order by 1) as offers,
      array(select distinct utm_source from funnel_daily f where f.day >= ${from} and f.day <= ${to}
        and utm_source <> '' order by 1) as utm_sources,
      array(select distinct agent from funnel_daily f where f.day >= ${from} and f.day <= ${to}
        and agent <> '' order by 1) as agents`);
  const row = result.rows[0] ?? {};
  const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  return {
    cities: list(row['cities']),
    offers: list(row['offers']),
    utmSources: list(row['utm_sources']),
    agents: list(row['agents']),
  };
}

/** Names of the cities and offers among `codes` / `ids`. */
export async function optionNames(
  db: Db,
  cityCodes: readonly string[],
  offerIds: readonly string[],
): Promise<{ cities: Map<string, string>; offers: Map<string, string> }> {
  const cities = await db.execute(
    sql`select code, name from cities where code = any(${sql.param([...cityCodes])}::text[])`,
  );
  const offers = await db.execute(
    sql`select id, name from offers where id = any(${sql.param([...offerIds])}::text[])`,
  );
  return {
    cities: new Map(cities.rows.map((row) => [String(row['code']), String(row['name'])])),
    offers: new Map(offers.rows.map((row) => [String(row['id']), String(row['name'])])),
  };
}

/** An order's filters as conditions on `o` and `r` (the order steps' dimensions). */
function orderFilterConditions(filters: FunnelFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.city !== undefined) conditions.push(sql`coalesce(r.city_code, '') = ${filters.city}`);
  if (filters.offer !== undefined)
    conditions.push(sql`coalesce(o.products->0->>'id', '') = ${filters.offer}`);
  if (filters.utmSource !== undefined)
    conditions.push(sql`coalesce(o.utm_source, '') = ${filters.utmSource}`);
  if (filters.agent !== undefined)
    conditions.push(sql`coalesce(o.sales_agent_code, '') = ${filters.agent}`);
  return conditions;
}

/**
 * Of the orders installed in `from`…`to` (their job first Completed then): the median hours from
 * payment to installation.
 */
export async function medianInstallHours(
  db: Db,
  from: string,
  to: string,
  filters: FunnelFilters,
): Promise<number | null> {
  const where = [
    sql`i.installed_at >= ${dayStart(from)}`,
    sql`i.installed_at < (${to}::date + 1)::timestamp at time zone ${MANILA}`,
    sql`o.paid_at is not null`,
    ...orderFilterConditions(filters),
  ];
  const result = await db.execute(sql`
    select percentile_cont(0.5) within group (
      order by extract(epoch from i.installed_at - o.paid_at) / 3600
    ) as hours
    from (
      select w.order_id, min(c.at) as installed_at
      from work_order_changes c join work_orders w on w.id = c.work_order_id
      where c.status = 'Completed'
      group by w.order_id
    ) i
    join orders o on o.id = i.order_id ${ORDER_JOINS}
    where ${sql.join(where, sql` and `)}`);
  const hours = result.rows[0]?.['hours'];
  return hours === null || hours === undefined ? null : Math.round(Number(hours) * 10) / 10;
}

/**
 * Missed visits (their period ended in the range) and the credits given in the range: count, free
 * days, and their worth (a free day is the plan's monthly price ÷ 30).
 */
export async function missedAndCredits(
  db: Db,
  from: string,
  to: string,
  filters: FunnelFilters,
): Promise<{ missed: number; credits: number; freeDays: number; centavos: number }> {
  const start = dayStart(from);
  const end = sql`(${to}::date + 1)::timestamp at time zone ${MANILA}`;
  const orderFilters = orderFilterConditions(filters);
  const and = orderFilters.length > 0 ? sql` and ${sql.join(orderFilters, sql` and `)}` : sql``;
  const result = await db.execute(sql`
    select
      count(*) filter (where c.visit_ends_at >= ${start} and c.visit_ends_at < ${end})::int as missed,
      count(*) filter (where c.at >= ${start} and c.at < ${end})::int as credits,
      coalesce(sum(c.free_days) filter (where c.at >= ${start} and c.at < ${end}), 0)::int
        as free_days,
      coalesce(round(sum(c.free_days * coalesce((o.products->0->>'finalCentavos')::numeric, 0) / 30)
        filter (where c.at >= ${start} and c.at < ${end})), 0)::bigint as centavos
    from order_credits c join orders o on o.id = c.order_id ${ORDER_JOINS}
    where c.kind = 'missed_visit'
      and ((c.visit_ends_at >= ${start} and c.visit_ends_at < ${end}) or (c.at >= ${start} and c.at < ${end}))
      ${and}`);
  const row = result.rows[0] ?? {};
  return {
    missed: Number(row['missed'] ?? 0),
    credits: Number(row['credits'] ?? 0),
    freeDays: Number(row['free_days'] ?? 0),
    centavos: Number(row['centavos'] ?? 0),
  };
}

/**
 * Deletes the raw events of the rolled-up days before `before`, a day per transaction (a day already
 * emptied costs one index probe); returns how many.
 */
export async function deleteRolledEventsBefore(db: Db, before: string): Promise<number> {
  const days = await db.execute(
    sql`select day::text as day from funnel_rolled_days where day < ${before} order by day`,
  );
  let deleted = 0;
  for (const row of days.rows) {
    const day = String(row['day']);
    deleted += await db.transaction(async (tx) => {
      const result = await tx.execute(sql`delete from analytics_events where day = ${day}`);
      return result.rowCount ?? 0;
    });
  }
  return deleted;
}
