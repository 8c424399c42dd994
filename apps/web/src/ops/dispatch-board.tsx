import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import {
  NOT_STARTED_STATUSES,
  opsAssignCall,
  opsTechniciansCall,
  opsWorkOrdersCall,
  type TOpsWorkOrder,
} from '@konek/contract/ops';
import { webConfigCall } from '@konek/contract/web-config';
import { opsCall, type OpsFailure, type OpsSession } from './ops-client';
import { JobActions } from './dispatch-job-actions';
import { JobSummary } from './job-summary';
import { dayWords, manilaToday, statusWords } from './ops-words';
import { countMessage, i18n, msg } from '../i18n/i18n';
import styles from './ops.module.css';

// ADR 051: enough for a dispatcher to run a day: the day's jobs, each with a technician to assign. ADR
// 080: and what else the contract's table lets a dispatcher do with each (dispatch-job-actions.tsx).
// The jobs can be narrowed by work zone, status and "not assigned", and shown on a map (its own chunk).

const JobsMap = lazy(() => import('./jobs-map'));

const SHOWN_OF = {
  one: msg(/*i18n*/ 'Showing {shown} of {jobs} job'),
  other: msg(/*i18n*/ 'Showing {shown} of {jobs} jobs'),
};

type Filters = { zone: string; status: string; unassignedOnly: boolean };
const NO_FILTER: Filters = { zone: '', status: '', unassignedOnly: false };

/** The distinct values of `key` among the jobs, in first-seen order, with their words. */
function choices(jobs: TOpsWorkOrder[], pick: (job: TOpsWorkOrder) => [string, string] | null) {
  const seen = new Map<string, string>();
  for (const job of jobs) {
    const choice = pick(job);
    if (choice && !seen.has(choice[0])) seen.set(choice[0], choice[1]);
  }
  return [...seen];
}

const JOBS_OF_DAY = {
  one: msg(/*i18n*/ '{jobs} job, {unassigned} not assigned'),
  other: msg(/*i18n*/ '{jobs} jobs, {unassigned} not assigned'),
};

type Technician = { user_id: string; first_name: string };

export function DispatchBoard(props: {
  session: OpsSession;
  onFailure: (failure: OpsFailure) => void;
}) {
  const { session, onFailure } = props;
  const [day, setDay] = useState(manilaToday());
  const [jobs, setJobs] = useState<TOpsWorkOrder[] | null>(null);
  const [technicians, setTechnicians] = useState<Technician[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const [busyJob, setBusyJob] = useState<string | null>(null);

  const [filters, setFilters] = useState<Filters>(NO_FILTER);
  const [view, setView] = useState<'list' | 'map'>('list');
  const [tiles, setTiles] = useState<{ url: string; attribution: string } | null>(null);

  const [refresh, setRefresh] = useState(0);
  const load = () => setRefresh((count) => count + 1);

  useEffect(() => {
    let live = true;
    void Promise.all([
      opsCall(opsWorkOrdersCall, { day }, session.token),
      opsCall(opsTechniciansCall, {}, session.token),
    ]).then(([list, people]) => {
      if (!live) return;
      if (people.ok) setTechnicians(people.reply.technicians);
      if (list.ok) {
        setJobs(list.reply.work_orders);
        setError(null);
      } else {
        onFailure(list);
        setError(list.message);
      }
    });
    return () => {
      live = false;
    };
  }, [day, session.token, onFailure, refresh]);

  // The map's tiles are the customer map's (the public web config), asked for when the map is opened.
  useEffect(() => {
    if (view !== 'map' || tiles) return;
    let live = true;
    void opsCall(webConfigCall, undefined, null).then((config) => {
      if (!live) return;
      setTiles(
        config.ok
          ? { url: config.reply.map_tile_url, attribution: config.reply.map_tile_attribution }
          : { url: '', attribution: '' },
      );
    });
    return () => {
      live = false;
    };
  }, [view, tiles]);

  const zones = useMemo(
    () => choices(jobs ?? [], (job) => (job.zone ? [job.zone.code, job.zone.name] : null)),
    [jobs],
  );
  const statuses = useMemo(
    () => choices(jobs ?? [], (job) => [job.status, statusWords(job)]),
    [jobs],
  );
  const shown = (jobs ?? []).filter(
    (job) =>
      (!filters.zone || job.zone?.code === filters.zone) &&
      (!filters.status || job.status === filters.status) &&
      (!filters.unassignedOnly || !job.technician),
  );
  const isFiltered = Boolean(filters.zone || filters.status || filters.unassignedOnly);

  const assign = async (job: TOpsWorkOrder, technicianId: string) => {
    if (!technicianId) return;
    setBusyJob(job.work_order_id);
    const result = await opsCall(
      opsAssignCall,
      { work_order_id: job.work_order_id, technician_id: technicianId },
      session.token,
    );
    setBusyJob(null);
    if (result.ok) {
      const moved = result.reply.work_order;
      setJobs((current) =>
        (current ?? []).map((each) => (each.work_order_id === moved.work_order_id ? moved : each)),
      );
      const name = moved.technician?.first_name;
      setSaid(
        name
          ? i18n._('{order} assigned to {name}.', { order: moved.order_number, name })
          : i18n._('{order} assigned to the technician.', { order: moved.order_number }),
      );
      setError(null);
    } else {
      onFailure(result);
      setError(result.message);
      load();
    }
  };

  const replace = (moved: TOpsWorkOrder, words: string) => {
    setJobs((current) =>
      (current ?? []).map((each) => (each.work_order_id === moved.work_order_id ? moved : each)),
    );
    setSaid(words);
    setError(null);
  };

  const now = new Date();
  const unassigned = jobs?.filter((job) => !job.technician).length ?? 0;
  return (
    <>
      <div className={styles.titleRow}>
        <div>
          <h1 className={styles.title}>{i18n._('Jobs of the day')}</h1>
          <p className={styles.muted}>
            {dayWords(day)}
            {jobs &&
              ` · ${countMessage(jobs.length, JOBS_OF_DAY, { jobs: jobs.length, unassigned })}`}
          </p>
        </div>
        <label className={styles.dayField}>
          <span className={styles.label}>{i18n._('Day')}</span>
          <input
            className={styles.input}
            type="date"
            value={day}
            onChange={(event) => event.target.value && setDay(event.target.value)}
          />
        </label>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <p className={styles.notice} aria-live="polite" hidden={!said}>
        {said}
      </p>
      {jobs !== null && jobs.length > 0 && (
        <div className={styles.filterRow} role="group" aria-label={i18n._('Narrow the jobs')}>
          <label className={styles.field}>
            <span className={styles.label}>{i18n._('Work zone')}</span>
            <select
              className={styles.select}
              value={filters.zone}
              onChange={(event) => setFilters({ ...filters, zone: event.target.value })}
            >
              <option value="">{i18n._('All zones')}</option>
              {zones.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <span className={styles.label}>{i18n._('Status')}</span>
            <select
              className={styles.select}
              value={filters.status}
              onChange={(event) => setFilters({ ...filters, status: event.target.value })}
            >
              <option value="">{i18n._('All statuses')}</option>
              {statuses.map(([status, words]) => (
                <option key={status} value={status}>
                  {words}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.checkField}>
            <input
              type="checkbox"
              checked={filters.unassignedOnly}
              onChange={(event) => setFilters({ ...filters, unassignedOnly: event.target.checked })}
            />
            <span>{i18n._('Not assigned only')}</span>
          </label>
          <div className={styles.viewSwitch} role="group" aria-label={i18n._('Show the jobs as')}>
            <button
              type="button"
              className={styles.switchButton}
              aria-pressed={view === 'list'}
              onClick={() => setView('list')}
            >
              {i18n._('List')}
            </button>
            <button
              type="button"
              className={styles.switchButton}
              aria-pressed={view === 'map'}
              onClick={() => setView('map')}
            >
              {i18n._('Map')}
            </button>
          </div>
          <p className={styles.muted} aria-live="polite">
            {countMessage(jobs.length, SHOWN_OF, { shown: shown.length, jobs: jobs.length })}
            {isFiltered && (
              <>
                {' · '}
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => setFilters(NO_FILTER)}
                >
                  {i18n._('Show all jobs')}
                </button>
              </>
            )}
          </p>
        </div>
      )}
      {jobs === null ? (
        <p className={styles.muted}>{i18n._('Loading the day’s jobs…')}</p>
      ) : jobs.length === 0 ? (
        <div className={styles.empty}>
          <h2>{i18n._('No visits booked for this day')}</h2>
          <p className={styles.muted}>
            {i18n._('Paid orders with a visit on this day show here.')}
          </p>
        </div>
      ) : shown.length === 0 ? (
        <div className={styles.empty}>
          <h2>{i18n._('No jobs match these filters')}</h2>
          <button type="button" className={styles.linkButton} onClick={() => setFilters(NO_FILTER)}>
            {i18n._('Show all jobs')}
          </button>
        </div>
      ) : view === 'map' ? (
        tiles === null ? (
          <p className={styles.muted}>{i18n._('Loading the map…')}</p>
        ) : (
          <Suspense fallback={<p className={styles.muted}>{i18n._('Loading the map…')}</p>}>
            <JobsMap jobs={shown} tileUrl={tiles.url} tileAttribution={tiles.attribution} />
          </Suspense>
        )
      ) : (
        <ul className={styles.grid}>
          {shown.map((job) => {
            // The quick assignment, at the booked time, is for a visit nobody has started (the list
            // settles missed visits first, so its time is ahead); after a delay, a new visit is arranged.
            const assignable = NOT_STARTED_STATUSES.includes(job.status);
            return (
              <li
                key={job.work_order_id}
                className={styles.card}
                aria-label={i18n._('Job {order}', { order: job.order_number })}
              >
                <JobSummary job={job} />
                {job.note && (
                  <p className={styles.note}>{i18n._('Note: {note}', { note: job.note })}</p>
                )}
                {assignable ? (
                  <label className={styles.field}>
                    <span className={styles.label}>
                      {i18n._('Technician for {order}', { order: job.order_number })}
                    </span>
                    <select
                      className={styles.select}
                      value={job.technician?.user_id ?? ''}
                      aria-busy={busyJob === job.work_order_id || undefined}
                      onChange={(event) => void assign(job, event.target.value)}
                    >
                      {!job.technician && <option value="">{i18n._('Choose a technician')}</option>}
                      {technicians.map((technician) => (
                        <option key={technician.user_id} value={technician.user_id}>
                          {technician.first_name}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : (
                  <p className={styles.muted}>
                    {job.technician
                      ? i18n._('Technician: {name}', { name: job.technician.first_name })
                      : i18n._('Technician: none')}
                  </p>
                )}
                <JobActions
                  job={job}
                  technicians={technicians}
                  session={session}
                  now={now}
                  onMoved={replace}
                  onFailure={(failure) => {
                    onFailure(failure);
                    load();
                  }}
                />
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
