import { useQuery } from '@tanstack/react-query';
import { findRoute, PATHS } from '@konek/contract/routes';
import { InfoIcon } from '../../ui/icons';
import { buildPartnerLink, isLinkBuildingOff, PROBE_REQUEST } from './api/build-link';
import { PartnerLinkBuilder } from './partner-link-builder';
import { LinkIcon } from './partner-icons';
import styles from './partner-utils.module.css';
import { Spinner } from '../../ui/spinner';
import { ScreenPage } from '../../ui/screen-page';
import { i18n, msg } from '../../i18n/i18n';

const TITLE = findRoute(PATHS.partnerUtils)?.title ?? '';

const STEPS = [
  msg(/*i18n*/ 'Enter the customer’s mobile number, and a campaign or agent code if you use them.'),
  msg(
    /*i18n*/ 'Send the link to the customer. Their number is encrypted inside it, never shown in the address.',
  ),
  msg(/*i18n*/ 'The customer opens it and lands on Konek with their number filled in.'),
] as const;

/**
 * product §2.2 pcp/utils: a page for partners that builds a test link. The API builds links only while its
 * sandbox is on (ADR 010); in production the page says the tool is turned off.
 */
export function PartnerUtilsScreen() {
  const probe = useQuery({
    queryKey: ['partner-build-link-probe'],
    queryFn: ({ signal }) => buildPartnerLink(PROBE_REQUEST, signal),
    staleTime: Infinity,
  });
  return (
    <ScreenPage>
      <div className={`container ${styles.layout}`}>
        <div className={styles.intro}>
          <p className={styles.badge} aria-hidden="true">
            <LinkIcon />
          </p>
          <p className={styles.eyebrow}>{i18n._('For partners · Test tool')}</p>
          <h1 className={styles.title}>{TITLE}</h1>
          <p className={styles.lead}>
            {i18n._(
              'Build a link that sends a customer to Konek with their mobile number already filled in.',
            )}
          </p>
          <ol className={styles.steps}>
            {STEPS.map((step, index) => (
              <li key={step}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <span>{i18n._(step)}</span>
              </li>
            ))}
          </ol>
        </div>
        <div className={styles.panel}>
          {probe.data && !probe.data.ok && isLinkBuildingOff(probe.data) ? (
            <div className={styles.notice} role="status">
              <InfoIcon className={styles.noticeIcon} />
              <h2 className={styles.panelTitle}>{i18n._('This tool is turned off here')}</h2>
              <p className={styles.muted}>
                {i18n._(
                  'Test links can only be built on test servers. In production, partners build links in their own app with the shared partner key.',
                )}
              </p>
            </div>
          ) : probe.data ? (
            <PartnerLinkBuilder />
          ) : (
            <div className={styles.notice} role="status">
              <Spinner />
              <p className={styles.muted}>
                {i18n._('Checking whether this server builds test links…')}
              </p>
            </div>
          )}
        </div>
      </div>
    </ScreenPage>
  );
}
