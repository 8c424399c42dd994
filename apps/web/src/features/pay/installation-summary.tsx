import { PATHS } from '@konek/contract/routes';
import type { TUserProfile } from '@konek/contract/update-info';
import { addressLines } from '../../lib/address-lines';
import { useJourney } from '../../lib/journey-store';
import { ButtonLink } from '../../ui/button-link';
import { storedSlotText } from '../../lib/formats';
import { mobileText } from '../../lib/number-formats';
import styles from './pay-screen.module.css';
import { i18n } from '../../i18n/i18n';

type InstallationSummaryProps = {
  appointmentTime: string | null;
  profile: TUserProfile | null;
};

/** Where and when the fibre is installed and who lets the technician in, each with the way to change it. */
export function InstallationSummary({ appointmentTime, profile }: InstallationSummaryProps) {
  const { checkedAddress } = useJourney();
  const lines = checkedAddress ? addressLines(checkedAddress) : null;
  // What the technician is told to look for (product §4.3 step 7), so the customer sees it before paying.
  const landmark = checkedAddress?.landmark.trim() ?? '';
  const representative = profile?.alternate_contact ?? null;
  return (
    <section className={styles.card} aria-labelledby="pay-installation-title">
      <h2 id="pay-installation-title" className={styles.cardTitle}>
        {i18n._('Installation')}
      </h2>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{i18n._('Installation address')}</dt>
          <dd>
            {lines ? (
              <>
                {lines.home}
                <br />
                {lines.area}
                {landmark ? (
                  <>
                    <br />
                    {i18n._('Landmark: {landmark}', { landmark })}
                  </>
                ) : null}
              </>
            ) : (
              i18n._('Not known in this browser')
            )}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{i18n._('Installation time')}</dt>
          <dd>
            {appointmentTime ? storedSlotText(appointmentTime) : i18n._('Booked')}{' '}
            <ButtonLink to={PATHS.schedule} variant="link" data-tag="pay_change_time">
              {i18n._('Change')}
            </ButtonLink>
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{i18n._('Present at the installation')}</dt>
          <dd>
            {representative
              ? i18n._('Your authorized representative, {name} ({mobile})', {
                  name: `${representative.first_name} ${representative.last_name}`,
                  mobile: mobileText(representative.phone_number),
                })
              : profile
                ? i18n._('You, {name}', { name: `${profile.first_name} ${profile.last_name}` })
                : i18n._('You')}{' '}
            <ButtonLink to={PATHS.filloutdetail} variant="link" data-tag="pay_change_details">
              {i18n._('Change')}
            </ButtonLink>
          </dd>
        </div>
      </dl>
    </section>
  );
}
