import type { TOrder } from '@konek/contract/orders';
import type { TWorkOrder } from '@konek/contract/view-work-order';
import { cx } from '../../ui/class-names';
import { AlertIcon, CheckIcon } from '../../ui/icons';
import { bookedTime, milestones, needsNewTime, type Milestone } from './track-model';
import { momentText, slotText } from '../../lib/formats';
import styles from './track.module.css';
import { countMessage, i18n, msg } from '../../i18n/i18n';

const MISSED_WITH_TIME = {
  one: msg(/*i18n*/ 'Visit on {time} missed — {days} free day added'),
  other: msg(/*i18n*/ 'Visit on {time} missed — {days} free days added'),
};
const MISSED_WITHOUT_TIME = {
  one: msg(/*i18n*/ 'Visit missed — {days} free day added'),
  other: msg(/*i18n*/ 'Visit missed — {days} free days added'),
};

function labelOf(milestone: Milestone, order: TOrder, workOrder: TWorkOrder | null): string {
  switch (milestone.key) {
    case 'ordered':
      return i18n._('Ordered');
    case 'paid':
      return i18n._('Paid');
    case 'missed': {
      const days = milestone.missed?.freeDays ?? 0;
      const visit = milestone.missed?.visit;
      return visit
        ? countMessage(days, MISSED_WITH_TIME, { time: slotText(visit), days })
        : countMessage(days, MISSED_WITHOUT_TIME, { days });
    }
    case 'scheduled': {
      if (needsNewTime(workOrder)) return i18n._('New installation time to be chosen');
      const slot = bookedTime(order, workOrder);
      return slot
        ? i18n._('Installation scheduled for {time}', { time: slotText(slot) })
        : i18n._('Installation to be scheduled');
    }
    case 'assigned':
      return workOrder?.technician
        ? i18n._('Technician assigned: {name}', { name: workOrder.technician.first_name })
        : i18n._('Technician assigned');
    case 'on-the-way':
      return i18n._('Technician on the way');
    case 'arrived':
      return i18n._('Technician arrived');
    case 'installed':
      return i18n._('Installed');
  }
}

/**
 * The order's story: ordered, paid, each missed visit with its free days, scheduled, technician assigned,
 * on the way, arrived, installed.
 */
export function StatusTimeline({
  order,
  workOrder,
}: {
  order: TOrder;
  workOrder: TWorkOrder | null;
}) {
  return (
    <section className={styles.card} aria-labelledby="timeline-title">
      <h2 id="timeline-title" className={styles.cardTitle}>
        {i18n._('Timeline')}
      </h2>
      <ol className={styles.timeline} aria-labelledby="timeline-title">
        {milestones(order, workOrder).map((milestone) => (
          <li
            key={milestone.id}
            className={cx(
              styles.step,
              milestone.isDone ? styles.stepDone : styles.stepPending,
              milestone.missed ? styles.stepMissed : undefined,
            )}
          >
            <span className={styles.mark} aria-hidden="true">
              {milestone.missed ? <AlertIcon /> : milestone.isDone ? <CheckIcon /> : null}
            </span>
            <span>
              <span className={styles.stepLabel}>{labelOf(milestone, order, workOrder)}</span>
              {milestone.missed ? null : (
                <span className="visually-hidden">
                  {milestone.isDone ? i18n._(', done') : i18n._(', not yet')}
                </span>
              )}
              {milestone.at ? (
                <span className={styles.stepTime}>
                  <br />
                  <time dateTime={milestone.at}>{momentText(milestone.at)}</time>
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
