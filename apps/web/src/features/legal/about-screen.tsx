import { Link } from 'react-router';
import { PATHS } from '@konek/contract/routes';
import { LegalList, LegalPage, LegalSection } from './legal-page';
import { i18n } from '../../i18n/i18n';

/** /about: what Konek is. */
export function AboutScreen() {
  return (
    <LegalPage
      id="about-title"
      eyebrow={i18n._('Company')}
      title={i18n._('About Konek')}
      lead={i18n._(
        'Konek is prepaid home fibre for the Philippines, ordered online from start to finish: no contract, no monthly bill, no store visit.',
      )}
    >
      <LegalSection title={i18n._('How it works')}>
        <LegalList
          items={[
            i18n._(
              'Check your address to see whether fibre reaches your home and which offer applies.',
            ),
            i18n._('Create an account with your mobile number and a PIN.'),
            i18n._('Fill out your details and pick an installation slot that suits you.'),
            i18n._(
              'Pay with GCash, GrabPay, Maya or ShopeePay, then track your order and your technician.',
            ),
          ]}
        />
      </LegalSection>
      <LegalSection title={i18n._('Who we work with')}>
        <p>
          {i18n._(
            'Konek takes your order; the fibre service itself is provided and installed by our partner operator and its technicians.',
          )}
        </p>
      </LegalSection>
      <LegalSection title={i18n._('Ready to start?')}>
        <p>
          <Link to={PATHS.home}>{i18n._('Check your address')}</Link>
          {' · '}
          <Link to={PATHS.trackmyorder}>{i18n._('Track my order')}</Link>
        </p>
      </LegalSection>
    </LegalPage>
  );
}
