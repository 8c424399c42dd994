import type { ComponentType } from 'react';

export type ScreenLoader = () => Promise<ComponentType>;

function loadHomeScreen() {
  return import('../features/address/home-screen').then((module) => module.HomeScreen);
}

/**
 * The screen of each route path (as written in ROUTES), each a lazy chunk so the first screen ships
 * little JavaScript. A path not listed shows GenericScreen: its title and purpose inside its layout and
 * step. To give a route its own screen, add one line here pointing at the feature's screen module.
 */
const FEATURE_SCREENS: Readonly<Record<string, ScreenLoader>> = {
  '/': loadHomeScreen,
  // spec §2.2: /serviceability is the check-address screen too.
  '/serviceability': loadHomeScreen,
  '/healthy': () =>
    import('../features/health/health-screen').then((module) => module.HealthScreen),
  '/serviceability/loading': () =>
    import('../features/serviceability/loading-screen').then((module) => module.LoadingScreen),
  '/serviceability/notifyme': () =>
    import('../features/serviceability/notify-me-screen').then((module) => module.NotifyMeScreen),
  '/serviceability/locationerror': () =>
    import('../features/serviceability/problem-screens').then(
      (module) => module.LocationErrorScreen,
    ),
  '/serviceability/servererror': () =>
    import('../features/serviceability/problem-screens').then((module) => module.ServerErrorScreen),
  '/serviceability/timeout': () =>
    import('../features/serviceability/problem-screens').then((module) => module.TimeoutScreen),
  '/serviceability/prepaid': () =>
    import('../features/offers/prepaid-screen').then((module) => module.PrepaidScreen),
  '/serviceability/specialOffer': () =>
    import('../features/offers/special-offer-screen').then((module) => module.SpecialOfferScreen),
  '/serviceability/terms&conditions': () =>
    import('../features/offers/terms-screen').then((module) => module.TermsScreen),
};

const loadGenericScreen: ScreenLoader = () =>
  import('./generic-screen').then((module) => module.GenericScreen);

export function screenLoaderFor(path: string): ScreenLoader {
  return FEATURE_SCREENS[path] ?? loadGenericScreen;
}
