import type { TOpsWorkOrder } from '@konek/contract/ops';
import { directionsUrl, statusTone, statusWords, visitTime } from './ops-words';
import { i18n } from '../i18n/i18n';
import styles from './ops.module.css';

const TONE_CLASS = {
  neutral: styles.statusNeutral,
  active: styles.statusActive,
  done: styles.statusDone,
  problem: styles.statusProblem,
};

/** A job's time, order number, status in words, customer and where to go. */
export function JobSummary(props: { job: TOpsWorkOrder; showAddress?: boolean }) {
  const { job } = props;
  const visit = job.visit;
  return (
    <div className={styles.summary}>
      <div className={styles.summaryTop}>
        <span className={styles.time}>{visitTime(job)}</span>
        <span className={`${styles.status} ${TONE_CLASS[statusTone(job.status)]}`}>
          {statusWords(job)}
        </span>
      </div>
      <p className={styles.orderLine}>
        <span className={styles.orderNumber}>{job.order_number}</span>
        {visit?.customer_first_name && <span> · {visit.customer_first_name}</span>}
      </p>
      {visit ? (
        <address className={styles.address}>
          {props.showAddress !== false && <span className={styles.home}>{visit.home}</span>}
          <span>{visit.area}</span>
          {visit.landmark && props.showAddress !== false && (
            <span className={styles.muted}>
              {i18n._('Landmark: {landmark}', { landmark: visit.landmark })}
            </span>
          )}
          {props.showAddress !== false && (
            <a
              className={styles.directions}
              href={directionsUrl(visit.destination)}
              target="_blank"
              rel="noreferrer"
            >
              {i18n._('Directions')}
            </a>
          )}
        </address>
      ) : (
        <p className={styles.muted}>{i18n._('No address on this order.')}</p>
      )}
    </div>
  );
}
