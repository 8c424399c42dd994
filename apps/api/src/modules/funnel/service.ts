import {
  FUNNEL_EVENT_STEPS,
  FUNNEL_MAX_DAYS,
  FUNNEL_STEPS,
  type TFunnelReply,
  type TFunnelRequest,
  type TFunnelStepFigures,
} from '@konek/contract/ops-funnel';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { JobQueue } from '../../platform/db/job-queue';
import { DomainError } from '../../platform/domain-error';
import {
  deleteRolledEventsBefore,
  firstActivityDay,
  lastRolledDay,
  liveRows,
  medianInstallHours,
  missedAndCredits,
  optionNames,
  rollUpDays,
  rolledCounts,
  rolledOptions,
  type FunnelFilters,
  type FunnelRow,
} from './store';

// ADR 096: the funnel of a range of Manila days. Finished days are read from the daily rollup; the days
// not rolled up yet (today, and a day just ended) are counted live from the events and orders.
// A period's visitors are the sum of its days' visitors: a device that came on two days counts twice.

export type FunnelDependencies = {
  db: Db;
  clock: Clock;
  /** Days the raw events are kept (ANALYTICS_RETENTION_DAYS). */
  retentionDays: number;
};

const DAY_MS = 86_400_000;
const MANILA_OFFSET_MS = 8 * 3_600_000;
/** A day is rolled up once it ended this long ago: late batches of its events still count. */
export const ROLLUP_GRACE_MS = 2 * 3_600_000;
/** The days one rollup transaction covers: a day of events at a time keeps each statement short. */
const ROLLUP_CHUNK_DAYS = 1;

/** The Manila day (YYYY-MM-DD) of an instant (the Philippines keeps no summer time). */
export const manilaDayOf = (instant: Date): string =>
  new Date(instant.getTime() + MANILA_OFFSET_MS).toISOString().slice(0, 10);

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOfNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
export const addDays = (day: string, days: number): string => dayOfNumber(dayNumber(day) + days);

/** The Monday that starts a day's week. */
function weekStart(day: string): string {
  const n = dayNumber(day);
  // 1970-01-01 was a Thursday: day 0 is weekday 3 counting Monday as 0.
  const weekday = (((n + 3) % 7) + 7) % 7;
  return dayOfNumber(n - weekday);
}

function refuse(field: string, message: string): never {
  throw new DomainError('common', 'VALIDATION_FAILED', { field }, `${field}: ${message}`);
}

function checkRange(request: TFunnelRequest): void {
  const days = dayNumber(request.to) - dayNumber(request.from) + 1;
  if (Number.isNaN(days)) refuse('from', 'not a day.');
  if (days < 1) refuse('to', 'must not be before from.');
  if (days > FUNNEL_MAX_DAYS) refuse('to', `at most ${FUNNEL_MAX_DAYS} days after from.`);
}

function filtersOf(request: TFunnelRequest): FunnelFilters {
  return {
    city: request.city,
    offer: request.offer,
    utmSource: request.utm_source,
    agent: request.agent,
  };
}

function matches(row: FunnelRow, filters: FunnelFilters): boolean {
  return (
    (filters.city === undefined || row.cityCode === filters.city) &&
    (filters.offer === undefined || row.offerId === filters.offer) &&
    (filters.utmSource === undefined || row.utmSource === filters.utmSource) &&
    (filters.agent === undefined || row.agent === filters.agent)
  );
}

/**
 * The days not rolled up yet are counted live at most once a minute in each process: every filter and
 * granularity is read from the same rows, and today's figures may be a minute old.
 */
export const LIVE_CACHE_MS = 60_000;
const liveCaches = new WeakMap<Db, Map<string, { at: number; rows: Promise<FunnelRow[]> }>>();

function cachedLiveRows(db: Db, now: Date, first: string, last: string): Promise<FunnelRow[]> {
  let cache = liveCaches.get(db);
  if (!cache) {
    cache = new Map();
    liveCaches.set(db, cache);
  }
  const key = `${first}|${last}`;
  const hit = cache.get(key);
  if (hit && now.getTime() - hit.at < LIVE_CACHE_MS && now.getTime() >= hit.at) return hit.rows;
  for (const [stale, entry] of cache) {
    if (now.getTime() - entry.at >= LIVE_CACHE_MS) cache.delete(stale);
  }
  const rows = liveRows(db, first, last);
  cache.set(key, { at: now.getTime(), rows });
  // A failed count is not kept: the next request asks again.
  rows.catch(() => cache.delete(key));
  return rows;
}

/** Per day and step: the rolled-up counts, and the live ones of the days not rolled up. */
async function dailyCounts(
  db: Db,
  now: Date,
  from: string,
  to: string,
  filters: FunnelFilters,
): Promise<{ counts: Map<string, number>; live: FunnelRow[] }> {
  // The rollup runs day after day from the first activity: every day up to the last rolled is in it.
  const [rolled, lastRolled] = await Promise.all([
    rolledCounts(db, from, to, filters),
    lastRolledDay(db),
  ]);
  const counts = new Map<string, number>();
  const add = (day: string, step: string, count: number) => {
    const key = `${day}|${step}`;
    counts.set(key, (counts.get(key) ?? 0) + count);
  };
  for (const row of rolled) add(row.day, row.step, row.count);
  const unrolled: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (lastRolled === null || day > lastRolled) unrolled.push(day);
  }
  let live: FunnelRow[] = [];
  const first = unrolled[0];
  const last = unrolled.at(-1);
  if (first !== undefined && last !== undefined) {
    const wanted = new Set(unrolled);
    live = (await cachedLiveRows(db, now, first, last)).filter((row) => wanted.has(row.day));
    for (const row of live) if (matches(row, filters)) add(row.day, row.step, row.count);
  }
  return { counts, live };
}

function dropOff(steps: { total: number | null }[], index: number): number | null {
  const current = steps[index]?.total;
  if (current === null || current === undefined) return null;
  for (let before = index - 1; before >= 0; before -= 1) {
    const previous = steps[before]?.total;
    if (previous === null || previous === undefined) continue;
    if (previous === 0) return null;
    return Math.round((1 - current / previous) * 1000) / 10;
  }
  return null;
}

export async function funnel(
  deps: FunnelDependencies,
  request: TFunnelRequest,
): Promise<TFunnelReply> {
  checkRange(request);
  const { db } = deps;
  const { from, to } = request;
  const filters = filtersOf(request);
  // The event steps know no city and no offer: under those filters they are not known.
  const eventStepsKnown = filters.city === undefined && filters.offer === undefined;

  const periodOf = (day: string) => (request.granularity === 'week' ? weekStart(day) : day);
  const periods: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const period = periodOf(day);
    if (periods.at(-1) !== period) periods.push(period);
  }
  const periodIndex = new Map(periods.map((period, index) => [period, index]));

  const [{ counts, live }, medianHours, missed, options] = await Promise.all([
    dailyCounts(db, deps.clock.now(), from, to, filters),
    medianInstallHours(db, from, to, filters),
    missedAndCredits(db, from, to, filters),
    rolledOptions(db, from, to),
  ]);

  const figures = FUNNEL_STEPS.map((step) => {
    const known = eventStepsKnown || !FUNNEL_EVENT_STEPS.includes(step);
    const perPeriod = periods.map(() => 0);
    for (let day = from; day <= to; day = addDays(day, 1)) {
      const index = periodIndex.get(periodOf(day)) ?? 0;
      perPeriod[index] = (perPeriod[index] ?? 0) + (counts.get(`${day}|${step}`) ?? 0);
    }
    const total = perPeriod.reduce((sum, count) => sum + count, 0);
    return {
      step,
      counts: known ? perPeriod : periods.map(() => null),
      total: known ? total : null,
    };
  });
  const steps: TFunnelStepFigures[] = figures.map((figure, index) => ({
    ...figure,
    drop_off_percent: dropOff(figures, index),
  }));

  const merged = (rolledValues: string[], liveValues: string[]) =>
    [...new Set([...rolledValues, ...liveValues.filter((value) => value !== '')])].sort();
  const cities = merged(
    options.cities,
    live.map((row) => row.cityCode),
  );
  const offers = merged(
    options.offers,
    live.map((row) => row.offerId),
  );
  const names = await optionNames(db, cities, offers);
  return {
    periods,
    steps,
    median_install_hours: medianHours,
    missed_visits: missed.missed,
    credits: { count: missed.credits, free_days: missed.freeDays, centavos: missed.centavos },
    options: {
      cities: cities.map((code) => ({ value: code, label: names.cities.get(code) ?? code })),
      offers: offers.map((id) => ({ value: id, label: names.offers.get(id) ?? id })),
      utm_sources: merged(
        options.utmSources,
        live.map((row) => row.utmSource),
      ).map((value) => ({ value, label: value })),
      agents: merged(
        options.agents,
        live.map((row) => row.agent),
      ).map((value) => ({ value, label: value })),
    },
  };
}

// ── The rollup and the retention ────────────────────────────────────────────────────────────────────

/** Rolls up every finished day not rolled up yet (ended at least ROLLUP_GRACE_MS ago). */
export async function rollUpFinishedDays(deps: Pick<FunnelDependencies, 'db' | 'clock'>): Promise<{
  from: string | null;
  to: string | null;
}> {
  const now = deps.clock.now();
  const lastFinished = addDays(manilaDayOf(new Date(now.getTime() - ROLLUP_GRACE_MS)), -1);
  const last = await lastRolledDay(deps.db);
  const first = last === null ? await firstActivityDay(deps.db) : addDays(last, 1);
  if (first === null || first > lastFinished) return { from: null, to: null };
  for (let start = first; start <= lastFinished; start = addDays(start, ROLLUP_CHUNK_DAYS)) {
    const end = addDays(start, ROLLUP_CHUNK_DAYS - 1);
    await rollUpDays(deps.db, start, end < lastFinished ? end : lastFinished, now);
  }
  return { from: first, to: lastFinished };
}

/**
 * RA 10173: deletes the raw events older than the retention whose day is rolled up (their totals stay
 * in funnel_daily); a day not rolled up yet keeps its events until it is.
 */
export async function applyRetention(deps: FunnelDependencies): Promise<number> {
  const keepFrom = addDays(manilaDayOf(deps.clock.now()), -deps.retentionDays);
  return deleteRolledEventsBefore(deps.db, keepFrom);
}

export const FUNNEL_QUEUE = 'funnel-rollup';
/** The rollup job's statements (a day of events read whole) may take this long. */
export const FUNNEL_JOB_STATEMENT_MS = 300_000;
/** Every hour at :10, Manila time. */
const FUNNEL_CRON = '10 * * * *';

/** The hourly rollup then retention, run by one replica at a time (a singleton pg-boss queue). */
export async function startFunnelWorker(
  deps: FunnelDependencies,
  queue: JobQueue,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<void> {
  const { boss } = queue;
  await boss.createQueue(FUNNEL_QUEUE, { name: FUNNEL_QUEUE, policy: 'singleton' });
  await boss.schedule(FUNNEL_QUEUE, FUNNEL_CRON, {}, { tz: 'Asia/Manila' });
  await boss.work(FUNNEL_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    const rolled = await rollUpFinishedDays(deps);
    const deleted = await applyRetention(deps);
    if (rolled.from !== null || deleted > 0) log.info({ rolled, deleted }, 'funnel rolled up');
  });
}
