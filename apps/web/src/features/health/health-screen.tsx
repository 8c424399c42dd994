import { formatDuration, intervalToDuration } from 'date-fns';
import { Button } from '../../ui/button';
import { cx } from '../../ui/class-names';
import { AlertIcon, CheckCircleIcon } from '../../ui/icons';
import { useHealth, type HealthStatus } from './use-health';
import { clockText } from '../../lib/formats';
import styles from './health-screen.module.css';
import { Spinner } from '../../ui/spinner';
import { i18n, msg } from '../../i18n/i18n';

const DATABASE_LABELS: Record<HealthStatus['database'], string> = {
  up: msg(/*i18n*/ 'Up'),
  down: msg(/*i18n*/ 'Down'),
  unknown: msg(/*i18n*/ 'Unknown'),
};

/** A date-fns pattern, not words: the check time shows as 14:05:09 in every locale. */

function formatUptime(seconds: number | null): string {
  if (seconds === null) return i18n._('Unknown');
  if (seconds < 60) return i18n._('Less than a minute');
  const duration = intervalToDuration({ start: 0, end: Math.floor(seconds) * 1000 });
  return formatDuration(duration, { format: ['days', 'hours', 'minutes'] });
}

/** /healthy: whether the service and its database are up (GET /api/health). */
export function HealthScreen() {
  const { data, isPending, isFetching, dataUpdatedAt, refetch } = useHealth();
  return (
    <section className={styles.screen}>
      <div className={`container ${styles.inner}`}>
        <h1 className={styles.title}>{i18n._('Service status')}</h1>
        <p className={styles.lead}>{i18n._('Live status of the Konek ordering service.')}</p>
        <div className={styles.card}>
          {isPending || !data ? (
            <div className={cx(styles.summary, styles.checking)} role="status">
              <Spinner size="small" />
              {i18n._('Checking services…')}
            </div>
          ) : (
            <>
              <div
                className={cx(
                  styles.summary,
                  data.isOperational ? styles.operational : styles.degraded,
                )}
                role="status"
              >
                {data.isOperational ? <CheckCircleIcon /> : <AlertIcon />}
                {data.isOperational
                  ? i18n._('All systems operational')
                  : i18n._('Some services are down')}
              </div>
              <dl className={styles.list}>
                <div className={styles.row}>
                  <dt>{i18n._('Database')}</dt>
                  <dd
                    className={cx(
                      data.database === 'up' && styles.up,
                      data.database === 'down' && styles.down,
                    )}
                  >
                    {i18n._(DATABASE_LABELS[data.database])}
                  </dd>
                </div>
                <div className={styles.row}>
                  <dt>{i18n._('Uptime')}</dt>
                  <dd>{formatUptime(data.uptimeSeconds)}</dd>
                </div>
              </dl>
            </>
          )}
          <div className={styles.footer}>
            <span>
              {dataUpdatedAt
                ? i18n._('Checked at {time}', {
                    time: clockText(new Date(dataUpdatedAt).toISOString()),
                  })
                : i18n._('Checking…')}
            </span>
            <Button variant="secondary" isLoading={isFetching} onClick={() => void refetch()}>
              {i18n._('Check again')}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
