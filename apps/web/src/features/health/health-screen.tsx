import { formatDuration, intervalToDuration, lightFormat } from 'date-fns';
import { Button } from '../../ui/button';
import { cx } from '../../ui/class-names';
import { AlertIcon, CheckCircleIcon } from '../../ui/icons';
import { useHealth, type HealthStatus } from './use-health';
import styles from './health-screen.module.css';
import { Spinner } from '../../ui/spinner';

const DATABASE_LABELS: Record<HealthStatus['database'], string> = {
  up: 'Up',
  down: 'Down',
  unknown: 'Unknown',
};

function formatUptime(seconds: number | null): string {
  if (seconds === null) return 'Unknown';
  if (seconds < 60) return 'Less than a minute';
  const duration = intervalToDuration({ start: 0, end: Math.floor(seconds) * 1000 });
  return formatDuration(duration, { format: ['days', 'hours', 'minutes'] });
}

/** /healthy: whether the service and its database are up (GET /api/health). */
export function HealthScreen() {
  const { data, isPending, isFetching, dataUpdatedAt, refetch } = useHealth();
  return (
    <section className={styles.screen}>
      <div className={`container ${styles.inner}`}>
        <h1 className={styles.title}>Service status</h1>
        <p className={styles.lead}>Live status of the Konek ordering service.</p>
        <div className={styles.card}>
          {isPending || !data ? (
            <div className={cx(styles.summary, styles.checking)} role="status">
              <Spinner size="small" />
              Checking services…
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
                {data.isOperational ? 'All systems operational' : 'Some services are down'}
              </div>
              <dl className={styles.list}>
                <div className={styles.row}>
                  <dt>Database</dt>
                  <dd
                    className={cx(
                      data.database === 'up' && styles.up,
                      data.database === 'down' && styles.down,
                    )}
                  >
                    {DATABASE_LABELS[data.database]}
                  </dd>
                </div>
                <div className={styles.row}>
                  <dt>Uptime</dt>
                  <dd>{formatUptime(data.uptimeSeconds)}</dd>
                </div>
              </dl>
            </>
          )}
          <div className={styles.footer}>
            <span>
              {dataUpdatedAt ? `Checked at ${lightFormat(dataUpdatedAt, 'HH:mm:ss')}` : 'Checking…'}
            </span>
            <Button variant="secondary" isLoading={isFetching} onClick={() => void refetch()}>
              Check again
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
