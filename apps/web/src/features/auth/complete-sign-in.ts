import type { TSessionResponse } from '@konek/contract/login';
import { ensureAccount, establishSession, loadSessionDetails } from '../../lib/auth-session';
import { readCheckedAddress, restoreAddress } from '../../lib/journey-store';
import {
  fetchJourney,
  saveJourney,
  withLocalOffer,
  type TStoredJourney,
} from '../../lib/session-journey';
import { getSession, updateSession } from '../../lib/session';
import { resumePlan } from './resume-plan';

// product §4.1: "Register and login store the user and cookies, copy the serviceability address, then load
// the stored context. Register first clears the stored context and saves it." The answer is where the
// customer continues.

export type Registration = { referenceId: string };

/** A new or returning customer just got `reply` from login: set up the session and pick the next screen. */
export async function completeSignIn(
  reply: TSessionResponse,
  operatorName: string,
  registration?: Registration,
): Promise<string> {
  establishSession(reply);
  await ensureAccount(operatorName);
  // The user and account fill in behind the next screen; nothing here waits for them.
  void loadSessionDetails();
  if (registration) return startJourney(registration);
  return resumeJourney();
}

/** A new account starts a fresh context: verified by SMS (product §3 OTP_Verification, referenceId). */
async function startJourney(registration: Registration): Promise<string> {
  const fresh: TStoredJourney = {
    OTP_Verification: true,
    referenceId: registration.referenceId,
  };
  const plan = resumePlan(fresh, readCheckedAddress());
  // The plan chosen before signing up goes with the account, so another device can order it.
  const journey = withLocalOffer(plan.journey ?? fresh);
  updateSession({ journey });
  const session = getSession();
  if (session) await saveJourney(session.userId, journey);
  return plan.destination;
}

/**
 * A signed-in customer continues: the stored context decides (resume-plan.ts). When it cannot be read,
 * nothing is overwritten and the customer goes on with what this browser knows.
 */
export async function resumeJourney(): Promise<string> {
  const session = getSession();
  const localAddress = readCheckedAddress();
  if (!session) return resumePlan({}, localAddress).destination;
  const stored = await fetchJourney(session.userId);
  const plan = resumePlan(stored ?? {}, localAddress);
  if (plan.addressToRestore) restoreAddress(plan.addressToRestore);
  if (stored !== null) {
    updateSession({ journey: stored });
    if (plan.journey) await saveJourney(session.userId, withLocalOffer(plan.journey));
  }
  return plan.destination;
}
