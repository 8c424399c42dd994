import { Link } from 'react-router';
import { DEFAULT_ANALYTICS_RETENTION_DAYS } from '@konek/contract/constants';
import { PATHS } from '@konek/contract/routes';
import { LegalList, LegalPage, LegalSection } from './legal-page';
import { ConsentChoices } from './consent-choices';
import { PrivacyContact } from './privacy-contact';
import { useWebConfig } from '../../lib/web-config';
import { i18n } from '../../i18n/i18n';

// The privacy notice the Data Privacy Act of 2012 (Republic Act No. 10173) asks for: who processes which
// personal data, why, for how long, with whom it is shared, the data subject's rights and whom to ask.

/** /privacy: Konek's privacy notice. */
export function PrivacyScreen() {
  return (
    <LegalPage
      id="privacy-title"
      eyebrow={i18n._('Data Privacy Act of 2012')}
      title={i18n._('Privacy notice')}
      lead={i18n._(
        'This notice explains what personal data Konek collects when you check your address, create an account and order prepaid fibre, why we need it, how long we keep it, and the rights you have under the Data Privacy Act of 2012 (Republic Act No. 10173).',
      )}
    >
      <LegalSection title={i18n._('Who processes your data')}>
        <p>
          {i18n._(
            'Konek runs this ordering site for the operator that provides your prepaid fibre service. Together we decide how your personal data is used for your order, and we are responsible for keeping it safe.',
          )}
        </p>
      </LegalSection>
      <LegalSection title={i18n._('What we collect')}>
        <LegalList
          items={[
            i18n._(
              'Your mobile number, to create your account, sign you in and send you one-time codes and order updates by SMS.',
            ),
            i18n._('Your PIN, kept only as a one-way hash that no one can read back.'),
            i18n._(
              'Your name, email address and the address and map location where the fibre is installed.',
            ),
            i18n._(
              'Your order: the plan, any voucher or referral code, the installation schedule and the payment status. Your e-wallet details stay with the e-wallet; we never see them.',
            ),
            i18n._(
              'Technical data: your browser, a device identifier kept in a cookie, and the network address of each request, to keep the service running and to stop abuse.',
            ),
          ]}
        />
      </LegalSection>
      <LegalSection title={i18n._('Why we use it')}>
        <LegalList
          items={[
            i18n._(
              'To check whether fibre reaches your address and to tell you when it does, if you asked us to.',
            ),
            i18n._('To create and protect your account.'),
            i18n._(
              'To take your order, schedule the installation, confirm your payment and let you track your order.',
            ),
            i18n._('To prevent fraud and misuse, such as repeated code requests.'),
            i18n._('To meet our obligations under the law, such as keeping billing records.'),
          ]}
        />
        <p>
          {i18n._(
            'We share your data only with those who need it for your order: the operator, the technicians who install your service, the e-wallet that takes your payment and the company that delivers our SMS. We do not sell your personal data.',
          )}
        </p>
      </LegalSection>
      <LegalSection title={i18n._('How long we keep it')}>
        <p>
          {i18n._(
            'We keep your account and order data while your account is active, and afterwards only as long as the law requires us to keep records of orders and payments. One-time codes expire within minutes. A request to be notified is kept until fibre reaches your address or you ask us to remove it. Then the data is deleted or made anonymous.',
          )}{' '}
          <JourneyEventsRetention />
        </p>
      </LegalSection>
      <LegalSection title={i18n._('Your rights')}>
        <p>{i18n._('As a data subject you have the right:')}</p>
        <LegalList
          items={[
            i18n._('to be informed that your personal data is processed, and how;'),
            i18n._('to access your personal data and learn how it was obtained and used;'),
            i18n._('to object to processing, including for marketing;'),
            i18n._(
              'to have your personal data erased or blocked when it is no longer needed or was processed unlawfully;',
            ),
            i18n._(
              'to be paid damages for harm caused by inaccurate, incomplete, outdated, false or unlawfully obtained data;',
            ),
            i18n._('to data portability: to get your data in a common electronic format;'),
            i18n._('to have inaccurate or incomplete data corrected.'),
          ]}
        />
        <p>
          {i18n._(
            'You may also file a complaint with the National Privacy Commission. Our use of cookies is described in the',
          )}{' '}
          <Link to={PATHS.cookies}>{i18n._('cookie policy')}</Link>.
        </p>
      </LegalSection>
      <LegalSection title={i18n._('Your consent choices')}>
        <ConsentChoices />
      </LegalSection>
      <LegalSection title={i18n._('Contact our data protection officer')}>
        <PrivacyContact />
      </LegalSection>
    </LegalPage>
  );
}

/** ADR 096: how long the pages you visit are kept as such (ANALYTICS_RETENTION_DAYS on the server). */
function JourneyEventsRetention() {
  const { data } = useWebConfig();
  const days = data?.analyticsRetentionDays ?? DEFAULT_ANALYTICS_RETENTION_DAYS;
  return (
    <>
      {i18n._(
        'The record of the pages you visit and the buttons you tap, with your device identifier, is kept for {days} days; after that only daily totals with no identifier are kept.',
        { days },
      )}
    </>
  );
}
