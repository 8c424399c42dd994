import { DefaultOfferSection } from '../features/offers/default-offer-section';
import { useOffersOnCityChoice } from '../features/offers/use-city-offers';
import { HomeHero } from '../features/address/home-hero';
import { JourneyStepsSection } from '../features/address/journey-steps-section';
import { CheckFirstNotice } from './check-first-notice';
import { ReturningCustomerBand } from './returning-customer-band';

/** product §2.2 / §2.3: "/" and "/serviceability", the journey's first screen. */
export function HomeScreen() {
  // product §4.2: choosing a city loads its offers (they decide the special-offer route, product §4.6).
  const onCityChosen = useOffersOnCityChoice();
  return (
    <>
      <CheckFirstNotice />
      <ReturningCustomerBand />
      <HomeHero onCityChosen={onCityChosen} />
      {/* product §1 / §7.2: the default offer named by the home page's configuration (id 27). */}
      <DefaultOfferSection />
      <JourneyStepsSection />
    </>
  );
}
