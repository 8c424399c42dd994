import { useEffect, useState } from 'react';
import {
  opsCoverageAlertsCall,
  opsRetryCoverageAlertsCall,
  type TCoverageAlertCounts,
} from '@konek/contract/coverage-alert';
import { opsCall, type OpsFailure, type OpsSession } from './ops-client';
import { countMessage, i18n, msg } from '../i18n/i18n';
import styles from './ops.module.css';
import admin from './operators.module.css';
import panel from './coverage-alerts-panel.module.css';

// ADR 094: the network planner's view of the coverage-arrival alerts: how many wait, are being handed
// over, were sent, failed or were skipped, and a way to send the failed ones again.

const COUNTS = [
  { key: 'queued', label: msg(/*i18n*/ 'Queued') },
  { key: 'sending', label: msg(/*i18n*/ 'Being sent') },
  { key: 'sent', label: msg(/*i18n*/ 'Sent') },
  { key: 'failed', label: msg(/*i18n*/ 'Failed') },
  { key: 'skipped', label: msg(/*i18n*/ 'Skipped') },
] as const satisfies readonly { key: keyof TCoverageAlertCounts; label: unknown }[];

const REQUEUED = {
  one: msg(/*i18n*/ '{count} failed alert was queued again.'),
  other: msg(/*i18n*/ '{count} failed alerts were queued again.'),
};
const FAILED = {
  one: msg(/*i18n*/ '{count} alert failed: it is sent once more.'),
  other: msg(/*i18n*/ '{count} alerts failed: each is sent once more.'),
};

type Props = { session: OpsSession; onFailure: (failure: OpsFailure) => void };

export function CoverageAlertsPanel({ session, onFailure }: Props) {
  const [counts, setCounts] = useState<TCoverageAlertCounts | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [refresh, setRefresh] = useState(0);
  const [retrying, setRetrying] = useState(false);
  const [requeued, setRequeued] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    void opsCall(opsCoverageAlertsCall, {}, session.token).then((result) => {
      if (!live) return;
      setLoading(false);
      if (result.ok) {
        setCounts(result.reply.counts);
        setError(null);
        return;
      }
      onFailure(result);
      setError(result.message);
    });
    return () => {
      live = false;
    };
  }, [session.token, onFailure, refresh]);

  // Loading starts where the counts are asked for again (the first load starts loading).
  const load = () => {
    setRequeued(null);
    setLoading(true);
    setRefresh((count) => count + 1);
  };

  const retry = async () => {
    setRetrying(true);
    setRequeued(null);
    const result = await opsCall(opsRetryCoverageAlertsCall, {}, session.token);
    setRetrying(false);
    if (!result.ok) {
      onFailure(result);
      setError(result.message);
      return;
    }
    setError(null);
    setRequeued(result.reply.requeued);
    setLoading(true);
    setRefresh((count) => count + 1);
  };

  const failed = counts?.failed ?? 0;
  return (
    <section aria-labelledby="coverage-alerts-title" aria-busy={loading}>
      <div className={panel.heading}>
        <h2 id="coverage-alerts-title" className={admin.subtitle}>
          {i18n._('Coverage alerts')}
        </h2>
        <button type="button" className={styles.smallButton} disabled={loading} onClick={load}>
          {loading ? i18n._('Refreshing…') : i18n._('Refresh')}
        </button>
      </div>
      <p className={styles.muted}>
        {i18n._(
          'When a network change brings fibre to a household on the notify-me waitlist, it gets one SMS and one email.',
        )}
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {requeued !== null && (
        <p className={styles.notice} role="status">
          {countMessage(requeued, REQUEUED, { count: requeued })}
        </p>
      )}
      {counts === null ? (
        loading && (
          <p className={styles.muted} role="status">
            {i18n._('Loading the alerts…')}
          </p>
        )
      ) : (
        <dl className={panel.counts}>
          {COUNTS.map(({ key, label }) => (
            <div key={key} className={key === 'failed' && failed > 0 ? panel.problem : panel.count}>
              <dt>{i18n._(label)}</dt>
              <dd>{counts[key]}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className={panel.retry}>
        <button
          type="button"
          className={styles.primary}
          disabled={failed === 0 || retrying || loading}
          aria-describedby="coverage-alerts-retry-why"
          onClick={() => void retry()}
        >
          {retrying ? i18n._('Queuing again…') : i18n._('Retry failed alerts')}
        </button>
        <p id="coverage-alerts-retry-why" className={styles.muted}>
          {counts === null
            ? i18n._('The counts are not loaded yet.')
            : failed === 0
              ? i18n._('No alert has failed: there is nothing to retry.')
              : countMessage(failed, FAILED, { count: failed })}
        </p>
      </div>
    </section>
  );
}
