import type { ComponentType } from 'react';
import type * as AuthScreens from '../features/auth/auth-screens';

export type ScreenLoader = () => Promise<ComponentType>;

function loadHomeScreen() {
  return import('./home-screen').then((module) => module.HomeScreen);
}

/** spec §2.2 account screens (one chunk for the whole sign-in and sign-up flow). */
function loadAuthScreen(name: keyof typeof AuthScreens): ScreenLoader {
  return () => import('../features/auth/auth-screens').then((module) => module[name]);
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
  '/serviceability/entermobile': loadAuthScreen('EnterMobileScreen'),
  '/serviceability/signup': loadAuthScreen('SignUpScreen'),
  '/serviceability/enterotp': loadAuthScreen('EnterOtpScreen'),
  '/serviceability/checkotp': loadAuthScreen('CheckOtpScreen'),
  '/serviceability/nominateyourpin': loadAuthScreen('NominatePinScreen'),
  '/serviceability/signin': loadAuthScreen('SignInScreen'),
  '/serviceability/forgotPin': loadAuthScreen('ForgotPinScreen'),
  '/serviceability/pinchanged': loadAuthScreen('PinChangedScreen'),
  '/serviceability/pcp/entermobile': loadAuthScreen('PartnerEnterMobileScreen'),
  '/serviceability/pcp/enterotp': loadAuthScreen('PartnerEnterOtpScreen'),
  '/serviceability/pcp/nominateyourpin': loadAuthScreen('PartnerNominatePinScreen'),
  '/serviceability/pcp/signin': loadAuthScreen('PartnerSignInScreen'),
  '/serviceability/pcp/redirect': () =>
    import('../features/partner/partner-redirect-screen').then((m) => m.PartnerRedirectScreen),
  '/serviceability/pcp/decryptionerror': () =>
    import('../features/partner/decryption-error-screen').then((m) => m.DecryptionErrorScreen),
  '/serviceability/pcp/utils': () =>
    import('../features/partner/partner-utils-screen').then((m) => m.PartnerUtilsScreen),
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
