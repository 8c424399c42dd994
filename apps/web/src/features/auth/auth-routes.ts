import { PATHS } from '@konek/contract/routes';

// product §2.2: the account screens exist under /serviceability/, under /serviceability/pcp/ for customers
// sent by a partner, and under /trackmyorder/ for customers following an order. A screen is one component
// given its route set, so each flow keeps its customer on its own paths. Forgot PIN exists only under
// /serviceability/, so the partner set borrows those screens. /trackmyorder has no signin route of its own:
// the entry asks for the number, then for the PIN on the same path (ADR 050), and one enterotp route
// takes both the sign-up code and the reset code.

export type AuthRoutes = {
  enterMobile: string;
  signUp: string;
  enterOtp: string;
  nominatePin: string;
  signIn: string;
  forgotPin: string;
  checkOtp: string;
  pinChanged: string;
  /** Where a signed-in customer goes; null: the stored journey decides (resume-plan.ts). */
  afterSignIn: string | null;
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
    afterSignIn: null,
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
    afterSignIn: null,
  },
  track: {
    enterMobile: PATHS.trackmyorder,
    // A number without an account has no order to follow: it signs up in the journey.
    signUp: PATHS.signup,
    enterOtp: PATHS.trackmyorderEnterotp,
    nominatePin: PATHS.trackmyorderNominateyourpin,
    signIn: PATHS.trackmyorder,
    forgotPin: PATHS.trackmyorderForgetpin,
    checkOtp: PATHS.trackmyorderEnterotp,
    pinChanged: PATHS.trackmyorderPinchanged,
    afterSignIn: PATHS.trackmyorderOrderstatus,
  },
} as const satisfies Record<string, AuthRoutes>;

/** Which route set a screen (and the flow it starts) belongs to. */
export type AuthEntry = keyof typeof AUTH_ROUTE_SETS;

export const AUTH_ENTRIES = [
  'serviceability',
  'partner',
  'track',
] as const satisfies readonly AuthEntry[];

/** product §4.2 step order: after the account comes the details form (step 2). */
export const FILL_OUT_DETAILS_PATH = PATHS.filloutdetail;

/** Step 0, for a customer who signs in before checking an address. */
