// spec §2.2: the one route list. The web router registers exactly these, and the server answers any
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

// spec §1: the step indicator's five steps, in order.
export const JOURNEY_STEPS = [
  'Check Address',
  'Create Account',
  'Fill Out Form',
  'Select Schedule',
  'Confirm and Pay',
] as const;

const route = (path: string, title: string, layout: LayoutKind, step: JourneyStepIndex) => ({
  path,
  title,
  layout,
  step,
});

export const ROUTES: readonly RouteEntry[] = [
  route('/', 'Check your address', 'default', 0),
  route('/healthy', 'Service status', 'default', null),
  route('/serviceability', 'Check your address', 'default', 0),
  route('/trackmyorder', 'Track my order', 'default', null),

  route('/serviceability/addresserror', "We couldn't save your address", 'no-footer', 2),
  route('/serviceability/checkotp', 'Verify your mobile number', 'no-footer', 1),
  route('/serviceability/entermobile', 'Enter your mobile number', 'no-footer', 1),
  route('/serviceability/enterotp', 'Enter the code we sent you', 'no-footer', 1),
  route('/serviceability/failed', 'Payment failed', 'no-footer', 4),
  route('/serviceability/filloutdetail', 'Fill out your details', 'no-footer', 2),
  route('/serviceability/forgotPin', 'Forgot your PIN', 'no-footer', 1),
  route('/serviceability/loading', 'Checking your address', 'header-only', 0),
  route('/serviceability/locationerror', "We couldn't reserve your location", 'no-footer', 2),
  route('/serviceability/noavailableslots', 'No installation slots available', 'no-footer', 3),
  route('/serviceability/nominateyourpin', 'Nominate your PIN', 'no-footer', 1),
  route('/serviceability/notifyme', 'Get notified when fibre arrives', 'default', 0),
  route('/serviceability/ordercancelled', 'Order cancelled', 'no-footer', 4),
  route('/serviceability/pay', 'Confirm and pay', 'no-footer', 4),
  route('/serviceability/payloading', 'Confirming your payment', 'header-only', 4),
  route('/serviceability/pinchanged', 'PIN changed', 'no-footer', 1),
  route('/serviceability/prepaid', 'Choose your prepaid fibre plan', 'default', 0),
  route('/serviceability/schedule', 'Schedule installation', 'no-footer', 3),
  route('/serviceability/scheduleerror', "We couldn't load installation slots", 'no-footer', 3),
  route('/serviceability/servererror', 'Something went wrong on our side', 'no-footer', null),
  route('/serviceability/signin', 'Sign in', 'no-footer', 1),
  route('/serviceability/signup', 'Create your account', 'no-footer', 1),
  route('/serviceability/specialOffer', 'Your special offer', 'default', 0),
  route('/serviceability/specialOfferOrderconfirmed', 'Order confirmed', 'default', null),
  route('/serviceability/terms&conditions', 'Prepaid Terms & Conditions', 'default', null),
  route('/serviceability/thanks', 'Thank you', 'default', null),
  route('/serviceability/timeout', 'This is taking longer than expected', 'no-footer', null),

  route('/serviceability/pcp/decryptionerror', "We couldn't open your link", 'no-footer', 1),
  route('/serviceability/pcp/entermobile', 'Enter your mobile number', 'no-footer', 1),
  route('/serviceability/pcp/enterotp', 'Enter the code we sent you', 'no-footer', 1),
  route('/serviceability/pcp/nominateyourpin', 'Nominate your PIN', 'no-footer', 1),
  route('/serviceability/pcp/redirect', 'Opening your link', 'header-only', 1),
  route('/serviceability/pcp/signin', 'Sign in', 'no-footer', 1),
  route('/serviceability/pcp/utils', 'Partner link builder', 'default', null),

  route('/trackmyorder/enterotp', 'Enter the code we sent you', 'no-footer', null),
  route('/trackmyorder/forgetpin', 'Forgot your PIN', 'no-footer', null),
  route('/trackmyorder/nominateyourpin', 'Nominate your PIN', 'no-footer', null),
  route('/trackmyorder/orderstatus', 'Order status', 'default', null),
  route('/trackmyorder/pinchanged', 'PIN changed', 'no-footer', null),
  route('/trackmyorder/stillthere', 'Are you still there?', 'no-footer', null),
  route('/trackmyorder/trackmytechnician', 'Track my technician', 'header-only', null),
  route('/trackmyorder/viewmyorder', 'View my order', 'default', null),
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
