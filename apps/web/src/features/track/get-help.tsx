import { Link } from 'react-router';
import { PATHS } from '@konek/contract/routes';
import { useContactChannel } from '../../lib/site-links';
import { ExternalAnchor } from '../../ui/external-anchor';
import styles from './track.module.css';
import { i18n } from '../../i18n/i18n';
import { Tagged } from '../../i18n/tagged';

/**
 * Get help (ADR 079): the help page's answers, and a way to write about this order — Konek's contact
 * form with the order named (the server attaches it once it has checked the order is the caller's), or
 * the operator's customer service when one is configured.
 */
export function GetHelp({ orderNumber }: { orderNumber: string }) {
  const contact = useContactChannel(`?order=${encodeURIComponent(orderNumber)}`);
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
        {contact.isExternal ? (
          <ExternalAnchor href={contact.href} data-tag="track_get_help">
            {i18n._('Contact customer service')}
          </ExternalAnchor>
        ) : (
          <Link to={contact.href} data-tag="track_get_help">
            {i18n._('Send us a message')}
          </Link>
        )}
      </p>
      <p>
        <Link to={PATHS.help} data-tag="track_help_answers">
          {i18n._('Read the answers to common questions')}
        </Link>
      </p>
    </section>
  );
}
