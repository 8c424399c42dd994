import { PATHS } from '@konek/contract/routes';

// ADR 030: the offers, the sign-up entry and the later steps open only for an address the server says
// fibre reaches, now (coverage-gate.tsx). Kept apart from the gate, which reads the journey store, so the
// router and the home page's notice know these without loading it.

/** The paths that need a confirmed address, as written in ROUTES. */
export const COVERAGE_PATHS: ReadonlySet<string> = new Set([
  PATHS.prepaid,
  PATHS.specialOffer,
  PATHS.entermobile,
  PATHS.signup,
  PATHS.filloutdetail,
  PATHS.schedule,
  PATHS.pay,
]);

/** The router state that tells the home page why the customer was sent there. */
export const CHECK_FIRST_STATE = { notice: 'check-first' } as const;

/**
 * product §2.4, §2.5: the pages that need a signed-in customer (sign-in-gate.tsx); pay and payloading too
 * (ADR 045): an order and its payment are the account's.
 */
export const SIGNED_IN_PATHS: ReadonlySet<string> = new Set([
  PATHS.filloutdetail,
  PATHS.schedule,
  PATHS.pay,
  PATHS.payloading,
]);
