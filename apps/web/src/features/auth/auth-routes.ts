// product §2.2: the account screens exist under /serviceability/ and, for customers sent by a partner, under
import { PATHS } from '@konek/contract/routes';
// /serviceability/pcp/ (the track-my-order routes will add their own set). A screen is one component
// given its route set, so each flow keeps its customer on its own paths. Forgot PIN exists only under
// /serviceability/, so the partner set borrows those screens.

export type AuthRoutes = {
  enterMobile: string;
  signUp: string;
  enterOtp: string;
  nominatePin: string;
  signIn: string;
  forgotPin: string;
  checkOtp: string;
  pinChanged: string;
};

export const AUTH_ROUTE_SETS = {
  serviceability: {
    enterMobile: PATHS.entermobile,
    signUp: PATHS.signup,
    enterOtp: PATHS.enterotp,
    nominatePin: PATHS.nominateyourpin,
    signIn: PATHS.signin,
    forgotPin: PATHS.forgotPin,
    checkOtp: PATHS.checkotp,
    pinChanged: PATHS.pinchanged,
  },
  partner: {
    enterMobile: PATHS.partnerEntermobile,
    signUp: PATHS.partnerEntermobile,
    enterOtp: PATHS.partnerEnterotp,
    nominatePin: PATHS.partnerNominateyourpin,
    signIn: PATHS.partnerSignin,
    forgotPin: PATHS.forgotPin,
    checkOtp: PATHS.checkotp,
    pinChanged: PATHS.pinchanged,
  },
} as const satisfies Record<string, AuthRoutes>;

/** Which route set a screen (and the flow it starts) belongs to. */
export type AuthEntry = keyof typeof AUTH_ROUTE_SETS;

export const AUTH_ENTRIES = ['serviceability', 'partner'] as const satisfies readonly AuthEntry[];

/** product §4.2 step order: after the account comes the details form (step 2). */
export const FILL_OUT_DETAILS_PATH = PATHS.filloutdetail;

/** Step 0, for a customer who signs in before checking an address. */
