import type { TOrder } from '@konek/contract/orders';
import type { TWorkOrder } from '@konek/contract/view-work-order';
import { cx } from '../../ui/class-names';
import { CheckIcon } from '../../ui/icons';
import { bookedTime, isMissed, milestones, type Milestone } from './track-model';
import { momentText, slotText } from './track-texts';
import styles from './track.module.css';
import { i18n } from '../../i18n/i18n';

function labelOf(milestone: Milestone, order: TOrder, workOrder: TWorkOrder): string {
  switch (milestone.key) {
    case 'ordered':
      return i18n._('Ordered');
    case 'paid':
      return i18n._('Paid');
    case 'scheduled': {
      const slot = bookedTime(order, workOrder);
      if (isMissed(workOrder)) {
        return slot
          ? i18n._('Visit on {time} missed — please pick a new time', { time: slotText(slot) })
          : i18n._('Visit missed — please pick a new time');
      }
      return slot
        ? i18n._('Installation scheduled for {time}', { time: slotText(slot) })
        : i18n._('Installation to be scheduled');
    }
    case 'assigned':
      return workOrder.technician
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

/** The order's story: ordered, paid, scheduled, technician assigned, on the way, arrived, installed. */
export function StatusTimeline({ order, workOrder }: { order: TOrder; workOrder: TWorkOrder }) {
  return (
    <section className={styles.card} aria-labelledby="timeline-title">
      <h2 id="timeline-title" className={styles.cardTitle}>
        {i18n._('Timeline')}
      </h2>
      <ol className={styles.timeline} aria-labelledby="timeline-title">
        {milestones(order, workOrder).map((milestone) => (
          <li
            key={milestone.key}
            className={cx(styles.step, milestone.isDone ? styles.stepDone : styles.stepPending)}
          >
            <span className={styles.mark} aria-hidden="true">
              {milestone.isDone ? <CheckIcon /> : null}
            </span>
            <span>
              <span className={styles.stepLabel}>{labelOf(milestone, order, workOrder)}</span>
              <span className="visually-hidden">
                {milestone.isDone ? i18n._(', done') : i18n._(', not yet')}
              </span>
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
