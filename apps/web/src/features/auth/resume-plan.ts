import { JOURNEY_STEPS, findRoute, PATHS } from '@konek/contract/routes';
import type { TCheckedAddress } from '../../lib/journey-store';
import { journeyAddress, type TStoredJourney } from '../../lib/session-journey';
import { FILL_OUT_DETAILS_PATH } from './auth-routes';

// Resume anywhere (ADR 016): after signing in, the customer continues where the stored context says
// they were, with the address they were ordering for.

/** product §1 step indicator: "Fill Out Form", the step after "Create Account". */
const NEXT_STEP = JOURNEY_STEPS.indexOf('Fill Out Form');

/** The pages a paid order records (use-payment-result.ts): the order is placed. */
const ORDER_PLACED_PATHS: readonly string[] = [PATHS.thanks, PATHS.specialOfferOrderconfirmed];

export type ResumePlan = {
  destination: string;
  /** The context to save (null: it stays as stored). */
  journey: TStoredJourney | null;
  /** An address to put back in this browser (journey-store) because it came from the context. */
  addressToRestore: TCheckedAddress | null;
};

/**
 * - A paid order (its thank-you page recorded) is followed on its status page, not ordered again.
 * - A step past the details form (schedule, pay, …) recorded in the context wins: the customer goes
 *   there with the context's address, and the context is left as it is.
 * - Otherwise the next step is the details form, for the address checked in this browser (the freshest)
 *   or else the stored one; the context records both.
 * - With no address anywhere (a partner link opened before any address check), the customer checks
 *   one first: the details form has nothing to fill in without it.
 */
export function resumePlan(
  stored: TStoredJourney,
  localAddress: TCheckedAddress | null,
): ResumePlan {
  const storedAddress = journeyAddress(stored);
  if (stored.journey_path && ORDER_PLACED_PATHS.includes(stored.journey_path)) {
    return {
      destination: PATHS.trackmyorderOrderstatus,
      journey: null,
      addressToRestore: storedAddress,
    };
  }
  const storedStep = stored.journey_path ? findRoute(stored.journey_path)?.step : undefined;
  if (stored.journey_path && typeof storedStep === 'number' && storedStep > NEXT_STEP) {
    return { destination: stored.journey_path, journey: null, addressToRestore: storedAddress };
  }
  const address = localAddress ?? storedAddress;
  if (!address) return { destination: PATHS.checkAddress, journey: null, addressToRestore: null };
  return {
    destination: FILL_OUT_DETAILS_PATH,
    journey: { ...stored, address, journey_path: FILL_OUT_DETAILS_PATH },
    addressToRestore: localAddress ? null : storedAddress,
  };
}
