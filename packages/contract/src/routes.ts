// product §2.2: the one route list. The web router registers exactly these, and the server answers any
// other non-API path with status 404 — both read this file.

export type LayoutKind = 'default' | 'header-only' | 'no-footer';

/** Index into JOURNEY_STEPS, or null for screens outside the five-step journey. */
export type JourneyStepIndex = 0 | 1 | 2 | 3 | 4 | null;

export type RouteEntry = {
  path: string;
  /** The screen's heading when it has no richer screen of its own yet, and the document title. */
  title: string;
  layout: LayoutKind;
  step: JourneyStepIndex;
};

// product §1: the step indicator's five steps, in order.
export const JOURNEY_STEPS = [
  'Check Address',
  'Create Account',
  'Fill Out Form',
  'Select Schedule',
  'Confirm and Pay',
] as const;

/** Every route's path by name: screens link and navigate with these, never with written paths. */
export const PATHS = {
  home: '/',
  healthy: '/healthy',
  checkAddress: '/serviceability',
  trackmyorder: '/trackmyorder',
  privacy: '/privacy',
  termsOfUse: '/terms-of-use',
  cookies: '/cookies',
  about: '/about',
  help: '/help',
  addresserror: '/serviceability/addresserror',
  checkotp: '/serviceability/checkotp',
  entermobile: '/serviceability/entermobile',
  enterotp: '/serviceability/enterotp',
  failed: '/serviceability/failed',
  filloutdetail: '/serviceability/filloutdetail',
  forgotPin: '/serviceability/forgotPin',
  loading: '/serviceability/loading',
  locationerror: '/serviceability/locationerror',
  noavailableslots: '/serviceability/noavailableslots',
  nominateyourpin: '/serviceability/nominateyourpin',
  notifyme: '/serviceability/notifyme',
  ordercancelled: '/serviceability/ordercancelled',
  pay: '/serviceability/pay',
  payloading: '/serviceability/payloading',
  pinchanged: '/serviceability/pinchanged',
  prepaid: '/serviceability/prepaid',
  schedule: '/serviceability/schedule',
  scheduleerror: '/serviceability/scheduleerror',
  servererror: '/serviceability/servererror',
  signin: '/serviceability/signin',
  signup: '/serviceability/signup',
  specialOffer: '/serviceability/specialOffer',
  specialOfferOrderconfirmed: '/serviceability/specialOfferOrderconfirmed',
  termsAndconditions: '/serviceability/terms&conditions',
  thanks: '/serviceability/thanks',
  timeout: '/serviceability/timeout',
  partnerDecryptionerror: '/serviceability/pcp/decryptionerror',
  partnerEntermobile: '/serviceability/pcp/entermobile',
  partnerEnterotp: '/serviceability/pcp/enterotp',
  partnerNominateyourpin: '/serviceability/pcp/nominateyourpin',
  partnerRedirect: '/serviceability/pcp/redirect',
  partnerSignin: '/serviceability/pcp/signin',
  partnerUtils: '/serviceability/pcp/utils',
  trackmyorderEnterotp: '/trackmyorder/enterotp',
  trackmyorderForgetpin: '/trackmyorder/forgetpin',
  trackmyorderNominateyourpin: '/trackmyorder/nominateyourpin',
  trackmyorderOrderstatus: '/trackmyorder/orderstatus',
  trackmyorderPinchanged: '/trackmyorder/pinchanged',
  trackmyorderStillthere: '/trackmyorder/stillthere',
  trackmyorderTrackmytechnician: '/trackmyorder/trackmytechnician',
  trackmyorderViewmyorder: '/trackmyorder/viewmyorder',
} as const;

const route = (path: string, title: string, layout: LayoutKind, step: JourneyStepIndex) => ({
  path,
  title,
  layout,
  step,
});

export const ROUTES: readonly RouteEntry[] = [
  route(PATHS.home, 'Check your address', 'default', 0),
  route(PATHS.healthy, 'Service status', 'default', null),
  route(PATHS.checkAddress, 'Check your address', 'default', 0),
  route(PATHS.trackmyorder, 'Track my order', 'default', null),

  // Konek's own pages beside the spec's list: what the service must publish itself (the privacy notice
  // the Data Privacy Act asks for, terms, cookies) rather than link to another company's.
  route(PATHS.privacy, 'Privacy notice', 'default', null),
  route(PATHS.termsOfUse, 'Terms of use', 'default', null),
  route(PATHS.cookies, 'Cookie policy', 'default', null),
  route(PATHS.about, 'About Konek', 'default', null),
  // ADR 079: the answers to the questions customers ask, and a way to write to Konek, from every screen.
  route(PATHS.help, 'Help and contact', 'default', null),

  route(PATHS.addresserror, "We couldn't save your address", 'no-footer', 2),
  route(PATHS.checkotp, 'Verify your mobile number', 'no-footer', 1),
  route(PATHS.entermobile, 'Enter your mobile number', 'no-footer', 1),
  route(PATHS.enterotp, 'Enter the code we sent you', 'no-footer', 1),
  route(PATHS.failed, 'Payment failed', 'no-footer', 4),
  route(PATHS.filloutdetail, 'Fill out your details', 'no-footer', 2),
  route(PATHS.forgotPin, 'Forgot your PIN', 'no-footer', 1),
  route(PATHS.loading, 'Checking your address', 'header-only', 0),
  route(PATHS.locationerror, "We couldn't reserve your location", 'no-footer', 2),
  route(PATHS.noavailableslots, 'No installation slots available', 'no-footer', 3),
  route(PATHS.nominateyourpin, 'Nominate your PIN', 'no-footer', 1),
  route(PATHS.notifyme, 'Get notified when fibre arrives', 'default', 0),
  route(PATHS.ordercancelled, 'Order cancelled', 'no-footer', 4),
  route(PATHS.pay, 'Confirm and pay', 'no-footer', 4),
  route(PATHS.payloading, 'Confirming your payment', 'header-only', 4),
  route(PATHS.pinchanged, 'PIN changed', 'no-footer', 1),
  route(PATHS.prepaid, 'Choose your prepaid fibre plan', 'default', 0),
  route(PATHS.schedule, 'Schedule installation', 'no-footer', 3),
  route(PATHS.scheduleerror, "We couldn't load installation slots", 'no-footer', 3),
  route(PATHS.servererror, 'Something went wrong on our side', 'no-footer', null),
  route(PATHS.signin, 'Sign in', 'no-footer', 1),
  route(PATHS.signup, 'Create your account', 'no-footer', 1),
  route(PATHS.specialOffer, 'Your special offer', 'default', 0),
  route(PATHS.specialOfferOrderconfirmed, 'Order confirmed', 'default', null),
  route(PATHS.termsAndconditions, 'Prepaid Terms & Conditions', 'default', null),
  route(PATHS.thanks, 'Thank you', 'default', null),
  route(PATHS.timeout, 'This is taking longer than expected', 'no-footer', null),

  route(PATHS.partnerDecryptionerror, "We couldn't open your link", 'no-footer', 1),
  route(PATHS.partnerEntermobile, 'Enter your mobile number', 'no-footer', 1),
  route(PATHS.partnerEnterotp, 'Enter the code we sent you', 'no-footer', 1),
  route(PATHS.partnerNominateyourpin, 'Nominate your PIN', 'no-footer', 1),
  route(PATHS.partnerRedirect, 'Opening your link', 'header-only', 1),
  route(PATHS.partnerSignin, 'Sign in', 'no-footer', 1),
  route(PATHS.partnerUtils, 'Partner link builder', 'default', null),

  route(PATHS.trackmyorderEnterotp, 'Enter the code we sent you', 'no-footer', null),
  route(PATHS.trackmyorderForgetpin, 'Forgot your PIN', 'no-footer', null),
  route(PATHS.trackmyorderNominateyourpin, 'Nominate your PIN', 'no-footer', null),
  route(PATHS.trackmyorderOrderstatus, 'Order status', 'default', null),
  route(PATHS.trackmyorderPinchanged, 'PIN changed', 'no-footer', null),
  route(PATHS.trackmyorderStillthere, 'Are you still there?', 'no-footer', null),
  route(PATHS.trackmyorderTrackmytechnician, 'Track my technician', 'header-only', null),
  route(PATHS.trackmyorderViewmyorder, 'View my order', 'default', null),
];

/** The terms page's path as it appears in a URL (spec writes it `terms%26conditions`). */
export const TERMS_PATH = '/serviceability/terms%26conditions';

function normalisePath(pathname: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
  return decoded.length > 1 && decoded.endsWith('/') ? decoded.slice(0, -1) : decoded;
}

const routeByPath = new Map(ROUTES.map((entry) => [entry.path, entry]));

/** The route a browser path (without query) resolves to, or undefined for the 404 page. */
export function findRoute(pathname: string): RouteEntry | undefined {
  return routeByPath.get(normalisePath(pathname));
}
