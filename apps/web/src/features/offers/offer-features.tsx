import { CheckIcon } from '../../ui/icons';
import type { OfferView } from './offer-view';
import styles from './offer-card.module.css';
import { countMessage, i18n, msg } from '../../i18n/i18n';

const FREE_DAYS = { one: msg(/*i18n*/ '{days} free day'), other: msg(/*i18n*/ '{days} free days') };

/** product §3 / §9: speed, free days, inclusions and freebies of an offer. */
export function OfferFeatures({ view }: { view: OfferView }) {
  return (
    <>
      <ul className={styles.facts} aria-label={i18n._('Plan highlights')}>
        <li>
          <strong>{i18n._('up to {speed} Mbps', { speed: view.speedMbps })}</strong>
        </li>
        <li>
          <strong>{countMessage(view.freeDays, FREE_DAYS, { days: view.freeDays })}</strong>
        </li>
      </ul>
      {view.inclusions.length > 0 ? (
        <ul className={styles.list} aria-label={i18n._('Inclusions')}>
          {view.inclusions.map((inclusion) => (
            <li key={inclusion}>
              <CheckIcon className={styles.listIcon} aria-hidden="true" />
              {inclusion}
            </li>
          ))}
        </ul>
      ) : null}
      {view.freebies.length > 0 ? (
        <div className={styles.freebies}>
          <p className={styles.freebiesTitle}>{i18n._('Freebies')}</p>
          <ul className={styles.list} aria-label={i18n._('Freebies')}>
            {view.freebies.map((freebie) => (
              <li key={freebie}>
                <CheckIcon className={styles.listIcon} aria-hidden="true" />
                {freebie}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
