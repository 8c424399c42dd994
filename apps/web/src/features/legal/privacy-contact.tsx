import { Link } from 'react-router';
import { useContactChannel } from '../../lib/site-links';
import { useWebConfig } from '../../lib/web-config';
import { ExternalAnchor } from '../../ui/external-anchor';
import styles from './legal-page.module.css';
import { i18n } from '../../i18n/i18n';

/**
 * Who to write to about personal data: the data protection officer when the server names one (DPO_NAME,
 * DPO_EMAIL), otherwise a channel that exists (ADR 079) — the operator's customer service when one is
 * configured, else Konek's own contact form — never a placeholder.
 */
export function PrivacyContact() {
  const { data } = useWebConfig();
  const contact = useContactChannel();
  const dpoName = data?.dpoName ?? '';
  const dpoEmail = data?.dpoEmail ?? '';
  if (dpoEmail) {
    return (
      <p className={styles.contact} data-testid="dpo-contact">
        {dpoName
          ? i18n._('Our data protection officer, {name}, can be reached at', { name: dpoName })
          : i18n._('Our data protection officer can be reached at')}{' '}
        <a href={`mailto:${dpoEmail}`}>{dpoEmail}</a>.
      </p>
    );
  }
  if (contact.isExternal) {
    return (
      <p className={styles.contact} data-testid="dpo-contact">
        {i18n._(
          'Write to the operator’s customer service and ask for the data protection officer; they will answer your request.',
        )}{' '}
        <ExternalAnchor href={contact.href}>{i18n._('Contact customer service')}</ExternalAnchor>
      </p>
    );
  }
  return (
    <p className={styles.contact} data-testid="dpo-contact">
      {i18n._(
        'Send us a message from our help page, with the topic “My personal data”, and ask for the data protection officer; we will answer your request by SMS.',
      )}{' '}
      <Link to={contact.href}>{i18n._('Send us a message')}</Link>
    </p>
  );
}
