import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DefaultOfferSection } from '../features/offers/default-offer-section';
import { useOffersOnCityChoice } from '../features/offers/use-city-offers';
import { HomeHero } from '../features/address/home-hero';
import { JourneyStepsSection } from '../features/address/journey-steps-section';
import { importWithReload } from '../lib/chunk-reload';
import { ScreenLoading } from '../ui/screen-loading';
import { alertLinkOf, searchWithoutAlertLinks, type AlertLink } from './alert-link';
import { CheckFirstNotice } from './check-first-notice';
import { ReturningCustomerBand } from './returning-customer-band';

// ADR 094: a coverage-arrival alert's link lands here; what it does loads only when a link is there, so
// the home page's first load stays as light as before.
const AlertLinkLanding = lazy(() =>
  importWithReload(() =>
    import('./alert-link-landing').then((module) => module.AlertLinkLanding),
  ).then((Component) => ({ default: Component })),
);

/** product §2.2 / §2.3: "/" and "/serviceability", the journey's first screen. */
export function HomeScreen() {
  // product §4.2: choosing a city loads its offers (they decide the special-offer route, product §4.6).
  const onCityChosen = useOffersOnCityChoice();
  return (
    <AlertLinkSlot>
      <CheckFirstNotice />
      <ReturningCustomerBand />
      <HomeHero onCityChosen={onCityChosen} />
      {/* product §1 / §7.2: the default offer named by the home page's configuration (id 27). */}
      <DefaultOfferSection />
      <JourneyStepsSection />
    </AlertLinkSlot>
  );
}

/**
 * The home page, with an alert link's landing when the page was opened from one. The link is read once:
 * its parameter leaves the address bar at once (replace), so a refresh or Back does not act on it again.
 */
function AlertLinkSlot({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [link] = useState<AlertLink | null>(() => alertLinkOf(location.search));
  const hasLinkInBar = alertLinkOf(location.search) !== null;
  useEffect(() => {
    if (!hasLinkInBar) return;
    void navigate(
      {
        pathname: location.pathname,
        search: searchWithoutAlertLinks(location.search),
        hash: location.hash,
      },
      { replace: true, state: location.state, preventScrollReset: true },
    );
  }, [hasLinkInBar, navigate, location.pathname, location.search, location.hash, location.state]);
  if (!link) return children;
  return (
    <Suspense fallback={link.kind === 'arrived' ? <ScreenLoading /> : children}>
      <AlertLinkLanding link={link}>{children}</AlertLinkLanding>
    </Suspense>
  );
}
