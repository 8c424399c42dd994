import { Link } from 'react-router';
import { PATHS } from '@konek/contract/routes';
import { LegalList, LegalPage, LegalSection } from './legal-page';
import { i18n } from '../../i18n/i18n';

/** /terms-of-use: the rules for using the site (the service itself has its prepaid terms). */
export function TermsOfUseScreen() {
  return (
    <LegalPage
      id="terms-of-use-title"
      eyebrow={i18n._('Policies')}
      title={i18n._('Terms of use')}
      lead={i18n._(
        'These terms apply when you use the Konek site to check your address, create an account, order and track prepaid fibre. By using the site you agree to them.',
      )}
    >
      <LegalSection title={i18n._('Your account')}>
        <LegalList
          items={[
            i18n._('Use a mobile number that is yours; we confirm it with a one-time code.'),
            i18n._(
              'Keep your PIN to yourself. Anyone with your number and PIN can see and change your order.',
            ),
            i18n._(
              'Give true details: the installation is booked for the name and address you enter.',
            ),
          ]}
        />
      </LegalSection>
      <LegalSection title={i18n._('Orders and the service')}>
        <p>
          {i18n._(
            'An order is placed when your payment is confirmed. The plan, its price, the installation and the prepaid service are governed by the',
          )}{' '}
          <Link to={PATHS.termsAndconditions}>{i18n._('Prepaid Terms & Conditions')}</Link>.
        </p>
      </LegalSection>
      <LegalSection title={i18n._('Fair use of the site')}>
        <LegalList
          items={[
            i18n._('Do not try to reach accounts or data that are not yours.'),
            i18n._(
              'Do not send requests in bulk or by automated means; the site limits how often codes and checks can be asked for.',
            ),
            i18n._('Do not copy the site’s content for another service.'),
          ]}
        />
      </LegalSection>
      <LegalSection title={i18n._('Availability and changes')}>
        <p>
          {i18n._(
            'We work to keep the site available, but it may be down for maintenance or for reasons beyond our control. We may change these terms; the date above shows the latest version.',
          )}
        </p>
      </LegalSection>
      <LegalSection title={i18n._('Questions and help')}>
        <p>
          {i18n._(
            'Answers to common questions, and the way to contact us, are on our help page, linked at the top of every page of the site.',
          )}{' '}
          <Link to={PATHS.help}>{i18n._('Help and contact')}</Link>
        </p>
      </LegalSection>
      <LegalSection title={i18n._('Your personal data')}>
        <p>
          {i18n._('How we use your personal data is explained in our')}{' '}
          <Link to={PATHS.privacy}>{i18n._('privacy notice')}</Link>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
