import { useWebConfig } from '../../lib/web-config';
import styles from './legal-page.module.css';
import { i18n } from '../../i18n/i18n';

/**
 * Who to write to about personal data: the data protection officer when the server names one (DPO_NAME,
 * DPO_EMAIL), otherwise the operator's customer service — never a placeholder.
 */
export function PrivacyContact() {
  const { data } = useWebConfig();
  const dpoName = data?.dpoName ?? '';
  const dpoEmail = data?.dpoEmail ?? '';
  const customerService = data?.siteLinks.customer_service;
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
  return (
    <p className={styles.contact} data-testid="dpo-contact">
      {i18n._(
        'Write to the operator’s customer service and ask for the data protection officer; they will answer your request.',
      )}
      {customerService ? (
        <>
          {' '}
          <a href={customerService} target="_blank" rel="noopener noreferrer">
            {i18n._('Contact customer service')}
          </a>
        </>
      ) : null}
    </p>
  );
}
