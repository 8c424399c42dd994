import { JOURNEY_STEPS } from '@konek/contract/routes';
import styles from './journey-steps.module.css';
import { i18n, msg } from '../../i18n/i18n';

type JourneyStep = (typeof JOURNEY_STEPS)[number];

// product §1 / §2.3–2.5: what happens at each of the five steps.
const STEP_DETAILS: Readonly<Record<JourneyStep, string>> = {
  'Check Address': msg(/*i18n*/ 'Tell us where you live and pin your home on the map.'),
  'Create Account': msg(/*i18n*/ 'Sign up with your mobile number and a 6-digit PIN.'),
  'Fill Out Form': msg(/*i18n*/ 'Add your details and who will be home for the installation.'),
  'Select Schedule': msg(/*i18n*/ 'Pick an installation date, morning or afternoon.'),
  'Confirm and Pay': msg(/*i18n*/ 'Review your plan and pay with your e-wallet.'),
};

export function JourneyStepsSection() {
  return (
    <section className={styles.section} aria-labelledby="journey-title">
      <div className="container">
        <div className={styles.header}>
          <p className={styles.eyebrow}>{i18n._('How it works')}</p>
          <h2 id="journey-title" className={styles.title}>
            {i18n._('Get connected in five steps')}
          </h2>
          <p className={styles.lead}>
            {i18n._(
              'From checking your address to booking the technician, everything happens online.',
            )}
          </p>
        </div>
        <ol className={styles.list}>
          {JOURNEY_STEPS.map((name, index) => (
            <li key={name} className={styles.step}>
              <span className={styles.number} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={styles.name}>{i18n._(name)}</h3>
              <p className={styles.detail}>{i18n._(STEP_DETAILS[name])}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
