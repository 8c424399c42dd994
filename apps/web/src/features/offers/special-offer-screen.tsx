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

/**
 * product §2.2 /serviceability/specialOffer: the checked city's top special offer (product §4.6). A city
 * without one sees the prepaid list instead.
 */
export function SpecialOfferScreen() {
  const [address] = useState(readCheckedAddress);
  const city = address?.area.city ?? null;
  const offers = useCityOffers(city?.address_code ?? null);
  const onChoose = useChooseOffer();
  const special = offers.data?.kind === 'ok' ? topSpecialOffer(offers.data.offers) : null;

  if (offers.data?.kind === 'ok' && special === null) return <Navigate to={PREPAID_PATH} replace />;

  return (
    <ScreenPage className={styles.screen} aria-labelledby="special-title">
      <div className="container">
        <header className={styles.header}>
          <p className={styles.eyebrow}>Prepaid Fiber</p>
          <h1 id="special-title" className={styles.title}>
            Your special offer
          </h1>
          {city ? (
            <p className={styles.lead}>
              Good news: fibre reaches your address in {city.address_name}, and homes there get this
              offer.
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
        ) : offers.data?.kind === 'failed' ? (
          <OffersFailed message={offers.data.message} />
        ) : (
          <OffersLoading />
        )}
        <p className={styles.foot}>
          By choosing this offer you agree to the <TermsLink />.
        </p>
      </div>
    </ScreenPage>
  );
}
