import { useState } from 'react';
import { Navigate } from 'react-router';
import { readCheckedAddress } from '../../lib/journey-store';
import { NoCheckedAddress, OffersFailed, OffersLoading } from './offers-status';
import { PREPAID_PATH } from './offer-paths';
import { PricingPanel } from './pricing-panel';
import { SpecialOfferCard } from './special-offer-card';
import { TermsLink } from './terms-link';
import { topSpecialOffer } from './top-special-offer';
import { useChooseOffer } from './use-choose-offer';
import { useCityOffers } from './use-city-offers';
import styles from './offers-screen.module.css';
import { ScreenPage } from '../../ui/screen-page';
import { i18n } from '../../i18n/i18n';
import { Tagged } from '../../i18n/tagged';

/**
 * product §2.2 /serviceability/specialOffer: the checked city's top special offer (product §4.6). A city
 * without one sees the prepaid list instead.
 */
export function SpecialOfferScreen() {
  const [address] = useState(readCheckedAddress);
  const city = address?.area.city ?? null;
  const offers = useCityOffers(city?.address_code ?? null);
  const onChoose = useChooseOffer();
  const special = offers.data?.ok ? topSpecialOffer(offers.data.reply) : null;

  if (offers.data?.ok && special === null) return <Navigate to={PREPAID_PATH} replace />;

  return (
    <ScreenPage className={styles.screen} aria-labelledby="special-title">
      <div className="container">
        <header className={styles.header}>
          <p className={styles.eyebrow}>{i18n._('Prepaid Fiber')}</p>
          <h1 id="special-title" className={styles.title}>
            {i18n._('Your special offer')}
          </h1>
          {city ? (
            <p className={styles.lead}>
              {i18n._(
                'Good news: fibre reaches your address in {city}, and homes there get this offer.',
                {
                  city: city.address_name,
                },
              )}
            </p>
          ) : null}
        </header>
        {city === null ? (
          <NoCheckedAddress />
        ) : special ? (
          <div className={styles.split}>
            <SpecialOfferCard offer={special} onChoose={onChoose} />
            <PricingPanel offerId={special.id} />
          </div>
        ) : offers.data?.ok === false ? (
          <OffersFailed message={offers.data.message} />
        ) : (
          <OffersLoading />
        )}
        <p className={styles.foot}>
          <Tagged
            message={i18n._(
              'By choosing this offer you agree to the <0>Prepaid Terms & Conditions</0>.',
            )}
            wrap={(part) => <TermsLink>{part}</TermsLink>}
          />
        </p>
      </div>
    </ScreenPage>
  );
}
