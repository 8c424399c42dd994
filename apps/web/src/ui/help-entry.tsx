import { Link } from 'react-router';
import { PATHS } from '@konek/contract/routes';
import { useContactChannel } from '../lib/site-links';
import { cx } from './class-names';
import { ExternalAnchor } from './external-anchor';
import { HelpIcon } from './icons';
import styles from './help-entry.module.css';
import { i18n } from '../i18n/i18n';

/**
 * ADR 079: the way to help on a result, error or status screen — the help page's answers, and a way to
 * write: Konek's own contact form, or the operator's customer service when one is configured.
 */
export function HelpEntry({ className }: { className?: string }) {
  const contact = useContactChannel();
  return (
    <p className={cx(styles.help, className)}>
      {/* Two groups that wrap whole: the question, then both ways to help on one line. */}
      <span className={styles.group}>
        <HelpIcon className={styles.icon} />
        {i18n._('Need help?')}
      </span>
      <span className={styles.group}>
        <Link to={PATHS.help} className={styles.link} data-tag="status_get_help">
          {i18n._('Get help')}
        </Link>
        <span aria-hidden="true" className={styles.separator}>
          ·
        </span>
        {contact.isExternal ? (
          <ExternalAnchor href={contact.href} className={styles.link} data-tag="status_contact">
            {i18n._('Contact customer service')}
          </ExternalAnchor>
        ) : (
          <Link to={contact.href} className={styles.link} data-tag="status_contact">
            {i18n._('Send us a message')}
          </Link>
        )}
      </span>
    </p>
  );
}
