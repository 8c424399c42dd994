import { useState } from 'react';
import { readCheckedAddress } from '../../lib/journey-store';
import { OfferCard } from './offer-card';
import { NoCheckedAddress, OffersFailed, OffersLoading } from './offers-status';
import { TermsLink } from './terms-link';
import { useChooseOffer } from './use-choose-offer';
import { useCityOffers } from './use-city-offers';
import styles from './offers-screen.module.css';
import { ScreenPage } from '../../ui/screen-page';
import { i18n } from '../../i18n/i18n';
import { Tagged } from '../../i18n/tagged';

/** product §2.2 /serviceability/prepaid: the offers for the checked address's city, each to choose. */
export function PrepaidScreen() {
  const [address] = useState(readCheckedAddress);
  const city = address?.area.city ?? null;
  const offers = useCityOffers(city?.address_code ?? null);
  const onChoose = useChooseOffer();

  return (
    <ScreenPage className={styles.screen} aria-labelledby="prepaid-title">
      <div className="container">
        {/* ADR 058: drawn into the page before the app runs, for a visitor whose address fibre reaches. */}
        <header className={styles.header} data-intro="">
          <p className={styles.eyebrow}>{i18n._('Prepaid Fiber')}</p>
          <h1 id="prepaid-title" className={styles.title}>
            {i18n._('Choose your prepaid fibre plan')}
          </h1>
          {city ? (
            <p className={styles.lead}>
              {i18n._(
                'Good news: fibre reaches your address in {city}. Pick the plan that suits your home — no contract, no monthly bill.',
                { city: city.address_name },
              )}
            </p>
          ) : null}
        </header>
        {city === null ? (
          <NoCheckedAddress />
        ) : offers.data?.ok && offers.data.reply.length === 0 ? (
          <p className={styles.status}>{i18n._('There are no plans for your area right now.')}</p>
        ) : offers.data?.ok ? (
          <div className={styles.grid}>
            {offers.data.reply.map((offer) => (
              <OfferCard key={offer.id} offer={offer} onChoose={onChoose} />
            ))}
          </div>
        ) : offers.data?.ok === false ? (
          <OffersFailed message={offers.data.message} />
        ) : (
          <OffersLoading />
        )}
        <p className={styles.foot}>
          <Tagged
            message={i18n._(
              'By choosing a plan you agree to the <0>Prepaid Terms & Conditions</0>.',
            )}
            wrap={(part) => <TermsLink>{part}</TermsLink>}
          />
        </p>
      </div>
    </ScreenPage>
  );
}
