import { useWebConfig } from '../../lib/web-config';
import { ExternalAnchor } from '../../ui/external-anchor';
import styles from './track.module.css';
import { i18n } from '../../i18n/i18n';
import { Tagged } from '../../i18n/tagged';

/**
 * Get help: the operator's customer service from the web config's site links, with the order number.
 * Without a configured customer service there is no one to ask here, so no card says "Contact us".
 */
export function GetHelp({ orderNumber }: { orderNumber: string }) {
  const { data } = useWebConfig();
  const contact = data?.siteLinks.customer_service;
  if (!contact) return null;
  return (
    <section className={styles.card} aria-labelledby="help-title">
      <h2 id="help-title" className={styles.cardTitle}>
        {i18n._('Get help')}
      </h2>
      <p className={styles.text}>
        {/* The order number stays on one line: "KNK-" above "00000001" reads as two things. */}
        <Tagged
          message={i18n._(
            'Questions about your installation? Contact us and quote your order number <0>{number}</0>.',
            { number: orderNumber },
          )}
          wrap={(part) => <span className={styles.nowrap}>{part}</span>}
        />
      </p>
      <p>
        <ExternalAnchor href={contact} data-tag="track_get_help">
          {i18n._('Contact customer service')}
        </ExternalAnchor>
      </p>
    </section>
  );
}
