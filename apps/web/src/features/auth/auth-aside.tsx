import { useCoverage } from '../../lib/coverage';
import { CheckIcon } from '../../ui/icons';
import { addressLines } from '../../lib/address-lines';
import { DevicesIcon, HomePinIcon, ShieldCheckIcon } from './auth-icons';
import styles from './auth-aside.module.css';
import { i18n, msg } from '../../i18n/i18n';

const BENEFITS = [
  {
    Icon: HomePinIcon,
    title: msg(/*i18n*/ 'Your address and order stay together'),
    text: msg(/*i18n*/ 'Everything you enter is saved to your mobile number.'),
  },
  {
    Icon: DevicesIcon,
    title: msg(/*i18n*/ 'Continue on any device'),
    text: msg(/*i18n*/ 'Sign in on your phone or computer and pick up where you left off.'),
  },
  {
    Icon: ShieldCheckIcon,
    title: msg(/*i18n*/ 'Your PIN stays private'),
    text: msg(
      /*i18n*/ 'It is scrambled on your device before it is sent, and never stored as typed.',
    ),
  },
] as const;

/**
 * Beside every account form: the address being ordered for — only while the server's latest answer for it
 * says fibre reaches it (ADR 030) — and why an account helps.
 */
export function AuthAside() {
  const coverage = useCoverage();
  const lines = coverage.status === 'available' ? addressLines(coverage.address) : null;
  return (
    <div className={styles.aside}>
      {lines ? (
        <div className={styles.address}>
          <p className={styles.addressLabel}>
            <CheckIcon className={styles.addressCheck} /> {i18n._('Fibre is available at')}
          </p>
          <p className={styles.addressHome}>{lines.home}</p>
          <p className={styles.addressArea}>{lines.area}</p>
        </div>
      ) : null}
      <ul className={styles.benefits} role="list">
        {BENEFITS.map(({ Icon, title, text }) => (
          <li key={title} className={styles.benefit}>
            <span className={styles.benefitIcon} aria-hidden="true">
              <Icon />
            </span>
            <span>
              <span className={styles.benefitTitle}>{title}</span>
              <span className={styles.benefitText}>{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
