import { useSearchParams } from 'react-router';
import { PATHS } from '@konek/contract/routes';
import { addressLines } from '../../lib/address-lines';
import { useJourney } from '../../lib/journey-store';
import { useSession } from '../../lib/session';
import { ButtonLink } from '../../ui/button-link';
import { FormAlert } from '../../ui/form-alert';
import { ScreenLoading } from '../../ui/screen-loading';
import { ScreenPage } from '../../ui/screen-page';
import { DetailsForm } from './details-form';
import { useDetailsPrefill } from './use-details-prefill';
import styles from './details-screen.module.css';
import { i18n } from '../../i18n/i18n';

/**
 * product §2.4 /serviceability/filloutdetail (journey step 2): who the customer is, who will be home
 * for the installation, and their consent. The route opens only for a signed-in customer with an address
 * fibre reaches now (app/sign-in-gate.tsx, app/coverage-gate.tsx).
 */
export function DetailsScreen() {
  const session = useSession();
  const journey = useJourney();
  const [searchParams] = useSearchParams();
  const isUpdate = searchParams.get('update') === 'true';
  const userId = session?.userId ?? '';
  const prefill = useDetailsPrefill(userId, isUpdate);
  const address = journey.checkedAddress;
  if (!session || !address) return null;
  const lines = addressLines(address);
  return (
    <ScreenPage className={styles.screen} aria-labelledby="details-title">
      <div className={`container ${styles.layout}`}>
        <header className={styles.header}>
          <h1 id="details-title" className={styles.title}>
            {i18n._('Fill out your details')}
          </h1>
          <p className={styles.lead}>
            {i18n._('Tell us who you are and who will be home for the installation.')}
          </p>
        </header>
        <aside className={styles.summary} aria-labelledby="details-summary-title">
          <h2 id="details-summary-title" className={styles.summaryTitle}>
            {i18n._('Your order')}
          </h2>
          {journey.offer ? (
            <div className={styles.summaryItem}>
              <p className={styles.summaryLabel}>{i18n._('Plan')}</p>
              <p className={styles.summaryValue}>{journey.offer.name}</p>
            </div>
          ) : null}
          <div className={styles.summaryItem}>
            <p className={styles.summaryLabel}>{i18n._('Installation address')}</p>
            <p className={styles.summaryValue}>{lines.home}</p>
            <p className={styles.summaryMuted}>{lines.area}</p>
            {address.landmark.trim() ? (
              <p className={styles.summaryMuted}>
                {i18n._('Landmark: {landmark}', { landmark: address.landmark.trim() })}
              </p>
            ) : null}
          </div>
          <ButtonLink
            to={PATHS.checkAddress}
            variant="link"
            className={styles.summaryEdit}
            data-tag="details_edit_address"
          >
            {i18n._('Edit address')}
          </ButtonLink>
        </aside>
        <div className={styles.card}>
          {isUpdate ? (
            <FormAlert tone="info">
              {i18n._(
                'You are updating the details of your order. Submit saves your changes and your address.',
              )}
            </FormAlert>
          ) : null}
          {prefill.data ? (
            <DetailsForm
              userId={session.userId}
              msisdn={session.mobileId ?? session.user?.msisdns[0] ?? null}
              address={address}
              isUpdate={isUpdate}
              initialValues={prefill.data}
            />
          ) : (
            <ScreenLoading label={i18n._('Loading your details…')} />
          )}
        </div>
      </div>
    </ScreenPage>
  );
}
