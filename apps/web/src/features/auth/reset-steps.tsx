import { cx } from '../../ui/class-names';
import { CheckIcon } from '../../ui/icons';
import styles from './reset-steps.module.css';
import { i18n, msg } from '../../i18n/i18n';

// Forgot PIN takes three screens (forgotPin → checkotp → nominateyourpin) before pinchanged; beside
// each, where the customer is in it.

const RESET_STEPS = [
  {
    title: msg(/*i18n*/ 'Confirm your number'),
    text: msg(/*i18n*/ 'The mobile number of your Konek account.'),
  },
  {
    title: msg(/*i18n*/ 'Type the code we text you'),
    text: msg(/*i18n*/ 'It works for 5 minutes.'),
  },
  {
    title: msg(/*i18n*/ 'Choose a new PIN'),
    text: msg(/*i18n*/ 'It replaces the old one and unlocks your account.'),
  },
] as const;

/** `current`: the index of the step on screen; RESET_STEPS.length once all are done. */
export function ResetSteps({ current }: { current: number }) {
  return (
    <div className={styles.box}>
      <h2 className={styles.title}>{i18n._('Resetting your PIN')}</h2>
      <ol className={styles.steps}>
        {RESET_STEPS.map((step, index) => {
          const isDone = index < current;
          const isCurrent = index === current;
          return (
            <li
              key={step.title}
              className={cx(styles.step, isDone && styles.done, isCurrent && styles.current)}
              aria-current={isCurrent ? 'step' : undefined}
            >
              <span className={styles.marker} aria-hidden="true">
                {isDone ? <CheckIcon /> : index + 1}
              </span>
              <span>
                <span className={styles.stepTitle}>
                  {i18n._(step.title)}
                  {isDone ? <span className="visually-hidden"> {i18n._('(done)')}</span> : null}
                </span>
                <span className={styles.stepText}>{i18n._(step.text)}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
