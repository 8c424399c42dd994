import { JOURNEY_STEPS } from '@konek/contract/routes';
import { cx } from './class-names';
import { CheckIcon } from './icons';
import styles from './step-indicator.module.css';

export type StepIndicatorProps = {
  /** Index into JOURNEY_STEPS of the step the customer is on. */
  current: number;
  className?: string;
};

/**
 * spec §1: the five journey steps with the current one highlighted and passed ones checked. On phones
 * the row shows numbers and a caption names the current step; from tablet width every name shows.
 */
export function StepIndicator({ current, className }: StepIndicatorProps) {
  const currentName = JOURNEY_STEPS[current];
  return (
    <nav aria-label="Order progress" className={cx(styles.indicator, className)}>
      <ol className={styles.steps}>
        {JOURNEY_STEPS.map((name, index) => {
          const isDone = index < current;
          const isCurrent = index === current;
          return (
            <li
              key={name}
              className={cx(styles.step, isDone && styles.done, isCurrent && styles.current)}
              aria-current={isCurrent ? 'step' : undefined}
            >
              <span className={styles.marker} aria-hidden="true">
                {isDone ? <CheckIcon /> : index + 1}
              </span>
              <span className={styles.name}>
                {name}
                {isDone ? <span className="visually-hidden"> (completed)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
      {currentName ? (
        <p className={styles.caption} aria-hidden="true">
          Step {current + 1} of {JOURNEY_STEPS.length} · <strong>{currentName}</strong>
        </p>
      ) : null}
    </nav>
  );
}
