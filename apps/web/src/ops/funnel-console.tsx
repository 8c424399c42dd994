import { lazy, Suspense, useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  opsFunnelCall,
  type TFunnelGranularity,
  type TFunnelOption,
  type TFunnelReply,
  type TFunnelRequest,
} from '@konek/contract/ops-funnel';
import { opsCall, type OpsFailure, type OpsSession } from './ops-client';
import { manilaToday, pesoWords } from './ops-words';
import { countText, funnelCsv, stepWords } from './funnel-words';
import { i18n } from '../i18n/i18n';
import styles from './ops.module.css';
import own from './funnel-console.module.css';

// ADR 096: the journey's funnel for marketing and admin — filters, the funnel and per-period charts (uPlot,
// loaded with this screen only), a table of the same numbers, the drop-off, the median time to install,
// the missed visits and credits, and the reply as CSV (made here, from the reply).

const FunnelCharts = lazy(() => import('./funnel-charts'));

type Props = { session: OpsSession; onFailure: (failure: OpsFailure) => void };

type Filters = {
  from: string;
  to: string;
  granularity: TFunnelGranularity;
  city: string;
  offer: string;
  utm_source: string;
  agent: string;
};

const DAY_MS = 86_400_000;

function defaultFilters(now = new Date()): Filters {
  return {
    from: manilaToday(new Date(now.getTime() - 29 * DAY_MS)),
    to: manilaToday(now),
    granularity: 'day',
    city: '',
    offer: '',
    utm_source: '',
    agent: '',
  };
}

function requestOf(filters: Filters): TFunnelRequest {
  const optional = (value: string) => (value === '' ? undefined : value);
  return {
    from: filters.from,
    to: filters.to,
    granularity: filters.granularity,
    city: optional(filters.city),
    offer: optional(filters.offer),
    utm_source: optional(filters.utm_source),
    agent: optional(filters.agent),
  };
}

const number = (value: number | null) => (value === null ? '–' : countText(value));
const percent = (value: number | null) => (value === null ? '–' : `${value}%`);

const askFunnel = (filters: Filters, token: string) =>
  opsCall(opsFunnelCall, requestOf(filters), token);

function download(csv: string, name: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function Choice(props: {
  id: string;
  label: string;
  value: string;
  options: readonly TFunnelOption[];
  onChange: (value: string) => void;
}) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={props.id}>
        {props.label}
      </label>
      <select
        id={props.id}
        className={styles.select}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        <option value="">{i18n._('All')}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function FunnelConsole({ session, onFailure }: Props) {
  const [filters, setFilters] = useState<Filters>(defaultFilters);
  const [reply, setReply] = useState<TFunnelReply | null>(null);
  const [shown, setShown] = useState<Filters | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // The filters' choices: those of the last reply, kept while a new one loads.
  const [options, setOptions] = useState<TFunnelReply['options']>({
    cities: [],
    offers: [],
    utm_sources: [],
    agents: [],
  });

  const apply = useCallback(
    (asked: Filters, result: Awaited<ReturnType<typeof askFunnel>>) => {
      setLoading(false);
      if (result.ok) {
        setReply(result.reply);
        setShown(asked);
        setOptions(result.reply.options);
        setError(null);
      } else {
        onFailure(result);
        setError(result.message);
      }
    },
    [onFailure],
  );

  useEffect(() => {
    let live = true;
    const asked = defaultFilters();
    void askFunnel(asked, session.token).then((result) => {
      if (live) apply(asked, result);
    });
    return () => {
      live = false;
    };
  }, [session.token, apply]);

  const set = (field: keyof Filters) => (value: string) =>
    setFilters((current) => ({ ...current, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const asked = filters;
    setLoading(true);
    void askFunnel(asked, session.token).then((result) => apply(asked, result));
  };

  return (
    <section aria-labelledby="funnel-title" className={styles.section}>
      <h2 id="funnel-title" className={styles.title}>
        {i18n._('Funnel')}
      </h2>
      <form onSubmit={submit} aria-label={i18n._('Funnel filters')}>
        <div className={own.filters}>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="funnel-from">
              {i18n._('From')}
            </label>
            <input
              id="funnel-from"
              type="date"
              className={styles.input}
              value={filters.from}
              required
              onChange={(event) => set('from')(event.target.value)}
            />
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="funnel-to">
              {i18n._('To')}
            </label>
            <input
              id="funnel-to"
              type="date"
              className={styles.input}
              value={filters.to}
              required
              onChange={(event) => set('to')(event.target.value)}
            />
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="funnel-granularity">
              {i18n._('Per')}
            </label>
            <select
              id="funnel-granularity"
              className={styles.select}
              value={filters.granularity}
              onChange={(event) => set('granularity')(event.target.value)}
            >
              <option value="day">{i18n._('Day')}</option>
              <option value="week">{i18n._('Week (from Monday)')}</option>
            </select>
          </div>
          <Choice
            id="funnel-city"
            label={i18n._('City')}
            value={filters.city}
            options={options.cities}
            onChange={set('city')}
          />
          <Choice
            id="funnel-offer"
            label={i18n._('Offer')}
            value={filters.offer}
            options={options.offers}
            onChange={set('offer')}
          />
          <Choice
            id="funnel-utm"
            label={i18n._('UTM source')}
            value={filters.utm_source}
            options={options.utm_sources}
            onChange={set('utm_source')}
          />
          <Choice
            id="funnel-agent"
            label={i18n._('Sales agent')}
            value={filters.agent}
            options={options.agents}
            onChange={set('agent')}
          />
        </div>
        <div className={own.actions}>
          <button type="submit" className={styles.primary} disabled={loading}>
            {loading ? i18n._('Loading…') : i18n._('Show')}
          </button>
          <button
            type="button"
            className={styles.secondary}
            disabled={reply === null || shown === null}
            onClick={() => {
              if (reply && shown)
                download(funnelCsv(reply), `funnel-${shown.from}-${shown.to}.csv`);
            }}
          >
            {i18n._('Download CSV')}
          </button>
        </div>
      </form>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {reply === null ? (
        error ? null : (
          <p className={styles.muted}>{i18n._('Loading the funnel…')}</p>
        )
      ) : (
        <FunnelFigures reply={reply} />
      )}
    </section>
  );
}

function FunnelFigures({ reply }: { reply: TFunnelReply }) {
  const eventStepsUnknown = reply.steps.some((step) => step.total === null);
  return (
    <>
      <dl className={own.summary}>
        <div>
          <dt>{i18n._('Median time from payment to installation')}</dt>
          <dd>
            {reply.median_install_hours === null
              ? '–'
              : i18n._('{hours} hours', { hours: reply.median_install_hours })}
          </dd>
        </div>
        <div>
          <dt>{i18n._('Missed visits')}</dt>
          <dd>{number(reply.missed_visits)}</dd>
        </div>
        <div>
          <dt>{i18n._('Credits given')}</dt>
          <dd>
            {i18n._('{count} ({days} free days, {pesos})', {
              count: reply.credits.count,
              days: reply.credits.free_days,
              pesos: pesoWords(reply.credits.centavos),
            })}
          </dd>
        </div>
      </dl>
      {eventStepsUnknown && (
        <p className={styles.muted}>
          {i18n._(
            'Page views carry no city and no offer: under those filters the first five steps are not known (–).',
          )}
        </p>
      )}
      <Suspense fallback={<p className={styles.muted}>{i18n._('Loading the charts…')}</p>}>
        <FunnelCharts reply={reply} />
      </Suspense>
      <div className={own.tableWrap}>
        <table className={own.table}>
          <caption>{i18n._('Steps by period')}</caption>
          <thead>
            <tr>
              <th scope="col">{i18n._('Step')}</th>
              <th scope="col">{i18n._('Total')}</th>
              <th scope="col">{i18n._('Drop-off')}</th>
              {reply.periods.map((period) => (
                <th key={period} scope="col">
                  {period}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {reply.steps.map((step) => (
              <tr key={step.step}>
                <th scope="row">{stepWords(step.step)}</th>
                <td>{number(step.total)}</td>
                <td>{percent(step.drop_off_percent)}</td>
                {step.counts.map((count, index) => (
                  <td key={reply.periods[index]}>{number(count)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
