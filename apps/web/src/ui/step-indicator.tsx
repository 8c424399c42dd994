import { JOURNEY_STEPS } from '@konek/contract/routes';
import { cx } from './class-names';
import { CheckIcon } from './icons';
import styles from './step-indicator.module.css';
import { i18n } from '../i18n/i18n';

export type StepIndicatorProps = {
  /** Index into JOURNEY_STEPS of the step the customer is on. */
  current: number;
  /** Per step, whether the customer really passed it; only a passed earlier step is ticked. */
  passed: readonly boolean[];
  className?: string;
};

/**
 * product §1: the five journey steps with the current one highlighted and the earlier ones the customer
 * really passed checked (an earlier step not passed — an address never checked — keeps its number). On phones
 * the row shows numbers and a caption names the current step; from tablet width every name shows.
 */
export function StepIndicator({ current, passed, className }: StepIndicatorProps) {
  const currentName = JOURNEY_STEPS[current];
  return (
    <nav aria-label={i18n._('Order progress')} className={cx(styles.indicator, className)}>
      <ol className={styles.steps}>
        {JOURNEY_STEPS.map((name, index) => {
          const isDone = index < current && passed[index] === true;
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
                {i18n._(name)}
                {isDone ? <span className="visually-hidden"> {i18n._('(completed)')}</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
      {currentName ? (
        <p className={styles.caption} aria-hidden="true">
          {i18n._('Step {step} of {count} ·', { step: current + 1, count: JOURNEY_STEPS.length })}{' '}
          <strong>{i18n._(currentName)}</strong>
        </p>
      ) : null}
    </nav>
  );
}
