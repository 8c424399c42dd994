import { CheckIcon } from '../../ui/icons';
import type { OfferView } from './offer-view';
import styles from './offer-card.module.css';

/** product §3 / §9: speed, free days, inclusions and freebies of an offer. */
export function OfferFeatures({ view }: { view: OfferView }) {
  return (
    <>
      <ul className={styles.facts} aria-label="Plan highlights">
        <li>
          <strong>up to {view.speedMbps} Mbps</strong>
        </li>
        <li>
          <strong>
            {view.freeDays} free {view.freeDays === 1 ? 'day' : 'days'}
          </strong>
        </li>
      </ul>
      {view.inclusions.length > 0 ? (
        <ul className={styles.list} aria-label="Inclusions">
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
          <p className={styles.freebiesTitle}>Freebies</p>
          <ul className={styles.list} aria-label="Freebies">
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
