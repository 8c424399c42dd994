import type { ComponentType } from 'react';
import type * as AuthScreens from '../features/auth/auth-screens';
import type * as PayResults from '../features/pay/result-screens';
import { PATHS } from '@konek/contract/routes';

export type ScreenLoader = () => Promise<ComponentType>;

function loadHomeScreen() {
  return import('./home-screen').then((module) => module.HomeScreen);
}

/** product §2.2 the pay step's screens: Confirm and Pay, the wait for the wallet, the results (ADR 045). */
function loadPayResult(name: keyof typeof PayResults): ScreenLoader {
  return () => import('../features/pay/result-screens').then((module) => module[name]);
}

/** product §2.2 account screens (one chunk for the whole sign-in and sign-up flow). */
function loadAuthScreen(name: keyof typeof AuthScreens): ScreenLoader {
  return () => import('../features/auth/auth-screens').then((module) => module[name]);
}

/**
 * The screen of each route path (as written in ROUTES), each a lazy chunk so the first screen ships
 * little JavaScript. A path not listed shows GenericScreen: its title and purpose inside its layout and
 * step. To give a route its own screen, add one line here pointing at the feature's screen module.
 */
const FEATURE_SCREENS: Readonly<Record<string, ScreenLoader>> = {
  [PATHS.home]: loadHomeScreen,
  // product §2.2: /serviceability is the check-address screen too.
  [PATHS.checkAddress]: loadHomeScreen,
  [PATHS.healthy]: () =>
    import('../features/health/health-screen').then((module) => module.HealthScreen),
  [PATHS.loading]: () =>
    import('../features/serviceability/loading-screen').then((module) => module.LoadingScreen),
  [PATHS.notifyme]: () =>
    import('../features/serviceability/notify-me-screen').then((module) => module.NotifyMeScreen),
  [PATHS.locationerror]: () =>
    import('../features/serviceability/problem-screens').then(
      (module) => module.LocationErrorScreen,
    ),
  [PATHS.servererror]: () =>
    import('../features/serviceability/problem-screens').then((module) => module.ServerErrorScreen),
  // A payment's timeout or the address check's (ADR 045): the page's query says which.
  [PATHS.timeout]: () => import('./timeout-screen').then((module) => module.TimeoutScreen),
  [PATHS.entermobile]: loadAuthScreen('EnterMobileScreen'),
  [PATHS.signup]: loadAuthScreen('SignUpScreen'),
  [PATHS.enterotp]: loadAuthScreen('EnterOtpScreen'),
  [PATHS.checkotp]: loadAuthScreen('CheckOtpScreen'),
  [PATHS.nominateyourpin]: loadAuthScreen('NominatePinScreen'),
  [PATHS.signin]: loadAuthScreen('SignInScreen'),
  [PATHS.forgotPin]: loadAuthScreen('ForgotPinScreen'),
  [PATHS.pinchanged]: loadAuthScreen('PinChangedScreen'),
  [PATHS.partnerEntermobile]: loadAuthScreen('PartnerEnterMobileScreen'),
  [PATHS.partnerEnterotp]: loadAuthScreen('PartnerEnterOtpScreen'),
  [PATHS.partnerNominateyourpin]: loadAuthScreen('PartnerNominatePinScreen'),
  [PATHS.partnerSignin]: loadAuthScreen('PartnerSignInScreen'),
  [PATHS.trackmyorder]: loadAuthScreen('TrackEntryScreen'),
  [PATHS.trackmyorderEnterotp]: loadAuthScreen('TrackEnterOtpScreen'),
  [PATHS.trackmyorderForgetpin]: loadAuthScreen('TrackForgotPinScreen'),
  [PATHS.trackmyorderNominateyourpin]: loadAuthScreen('TrackNominatePinScreen'),
  [PATHS.trackmyorderPinchanged]: loadAuthScreen('TrackPinChangedScreen'),
  // ADR 050: the track-my-order screens; the map screen's chunk carries Leaflet.
  [PATHS.trackmyorderOrderstatus]: () =>
    import('../features/track/order-status-screen').then((m) => m.OrderStatusScreen),
  [PATHS.trackmyorderViewmyorder]: () =>
    import('../features/track/view-my-order-screen').then((m) => m.ViewMyOrderScreen),
  [PATHS.trackmyorderStillthere]: () =>
    import('../features/track/still-there-screen').then((m) => m.StillThereScreen),
  [PATHS.trackmyorderTrackmytechnician]: () =>
    import('../features/track/track-technician-screen').then((m) => m.TrackTechnicianScreen),
  [PATHS.partnerRedirect]: () =>
    import('../features/partner/partner-redirect-screen').then((m) => m.PartnerRedirectScreen),
  [PATHS.partnerDecryptionerror]: () =>
    import('../features/partner/decryption-error-screen').then((m) => m.DecryptionErrorScreen),
  [PATHS.partnerUtils]: () =>
    import('../features/partner/partner-utils-screen').then((m) => m.PartnerUtilsScreen),
  [PATHS.prepaid]: () =>
    import('../features/offers/prepaid-screen').then((module) => module.PrepaidScreen),
  [PATHS.specialOffer]: () =>
    import('../features/offers/special-offer-screen').then((module) => module.SpecialOfferScreen),
  [PATHS.filloutdetail]: () =>
    import('../features/details/details-screen').then((module) => module.DetailsScreen),
  [PATHS.addresserror]: () =>
    import('../features/details/address-error-screen').then((module) => module.AddressErrorScreen),
  [PATHS.schedule]: () =>
    import('../features/schedule/schedule-screen').then((module) => module.ScheduleScreen),
  [PATHS.noavailableslots]: () =>
    import('../features/schedule/result-screens').then((module) => module.NoAvailableSlotsScreen),
  [PATHS.scheduleerror]: () =>
    import('../features/schedule/result-screens').then((module) => module.ScheduleErrorScreen),
  [PATHS.pay]: () => import('../features/pay/pay-screen').then((module) => module.PayScreen),
  [PATHS.payloading]: () =>
    import('../features/pay/payloading-screen').then((module) => module.PayLoadingScreen),
  [PATHS.thanks]: loadPayResult('ThanksScreen'),
  [PATHS.specialOfferOrderconfirmed]: loadPayResult('SpecialOfferConfirmedScreen'),
  [PATHS.ordercancelled]: loadPayResult('OrderCancelledScreen'),
  [PATHS.failed]: loadPayResult('PaymentFailedScreen'),
  [PATHS.termsAndconditions]: () =>
    import('../features/offers/terms-screen').then((module) => module.TermsScreen),
  [PATHS.privacy]: () =>
    import('../features/legal/privacy-screen').then((module) => module.PrivacyScreen),
  [PATHS.termsOfUse]: () =>
    import('../features/legal/terms-of-use-screen').then((module) => module.TermsOfUseScreen),
  [PATHS.cookies]: () =>
    import('../features/legal/cookies-screen').then((module) => module.CookiesScreen),
  [PATHS.about]: () =>
    import('../features/legal/about-screen').then((module) => module.AboutScreen),
  [PATHS.help]: () => import('../features/help/help-screen').then((module) => module.HelpScreen),
};

const loadGenericScreen: ScreenLoader = () =>
  import('./generic-screen').then((module) => module.GenericScreen);

export function screenLoaderFor(path: string): ScreenLoader {
  return FEATURE_SCREENS[path] ?? loadGenericScreen;
}
