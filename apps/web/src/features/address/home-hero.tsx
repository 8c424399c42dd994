import { PATHS } from '@konek/contract/routes';
import { Link } from 'react-router';
import type { TAddressOption } from '@konek/contract/validation';
import { CheckIcon } from '../../ui/icons';
import { CheckAddressForm } from './check-address-form';
import styles from './home-hero.module.css';
import { i18n, msg } from '../../i18n/i18n';
import { Tagged } from '../../i18n/tagged';

const PERKS = [
  msg(/*i18n*/ 'No contract and no monthly bill'),
  msg(/*i18n*/ 'Book your installation online'),
  msg(/*i18n*/ 'Pay with GCash, GrabPay, Maya or ShopeePay'),
] as const;

/**
 * product §2.3 step 0: the heading invites the customer to check their address for the special offer; the
 * card beside it holds the check-address form.
 */
export function HomeHero({ onCityChosen }: { onCityChosen?: (city: TAddressOption) => void }) {
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <FibreStrands />
      <div className={`container ${styles.inner}`}>
        <div className={styles.pitch}>
          <p className={styles.eyebrow}>
            <span className={styles.dot} aria-hidden="true" />
            {i18n._('Prepaid Fiber')}
          </p>
          <h1 id="home-title" className={styles.title} lang="fil">
            {/* product §2.3: the heading is Filipino in the default catalogue too. */}
            <Tagged
              message={i18n._('I-check ang iyong address para makita ang <0>special offer!</0>')}
              wrap={(part) => <span className={styles.highlight}>{part}</span>}
            />
          </h1>
          <p className={styles.subtitle}>
            {i18n._('See if prepaid fibre reaches your home and unlock the offer for your area.')}
          </p>
          <ul className={styles.perks}>
            {PERKS.map((perk) => (
              <li key={perk}>
                <span className={styles.perkIcon} aria-hidden="true">
                  <CheckIcon />
                </span>
                {i18n._(perk)}
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.card}>
          <h2 className={styles.cardTitle}>{i18n._('Check your address')}</h2>
          <p className={styles.cardText}>
            {i18n._('It takes about a minute, and you only need to do it once.')}
          </p>
          <CheckAddressForm onCityChosen={onCityChosen} />
          <p className={styles.cardFoot}>
            {i18n._('Already ordered?')}{' '}
            <Link to={PATHS.trackmyorder}>{i18n._('Track my order')}</Link>
          </p>
        </div>
      </div>
    </section>
  );
}

function FibreStrands() {
  return (
    <svg
      className={styles.strands}
      viewBox="0 0 960 420"
      fill="none"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id="home-strand" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#3b63f0" stopOpacity="0" />
          <stop offset="0.6" stopColor="#7fe6da" stopOpacity="0.9" />
          <stop offset="1" stopColor="#17c3b2" stopOpacity="0.2" />
        </linearGradient>
      </defs>
      {[0, 1, 2, 3, 4, 5].map((index) => (
        <path
          key={index}
          d={`M0 ${330 - index * 26} C 260 ${400 - index * 40}, 520 ${140 + index * 18}, 960 ${
            90 + index * 34
          }`}
          stroke="url(#home-strand)"
          strokeWidth={index === 2 ? 2.5 : 1.25}
          strokeLinecap="round"
        />
      ))}
    </svg>
  );
}
