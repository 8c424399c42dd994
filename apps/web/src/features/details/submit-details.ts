import { PATHS } from '@konek/contract/routes';
import type { TResource } from '@konek/contract/resource';
import { ensureAccount } from '../../lib/auth-session';
import { isError, type CallFailure } from '../../lib/call';
import type { TDetailsValues } from '../../lib/details-draft';
import type { TCheckedAddress } from '../../lib/journey-store';
import { locationErrorState, type TReserveRefusal } from '../../lib/location-error-state';
import { toAlternateContact } from '../../lib/representative';
import { recordConsents } from '../../lib/consents';
import { getSession } from '../../lib/session';
import { recordJourneyStep } from '../../lib/session-journey';
import { fetchBookableSlots } from '../../lib/time-slots';
import { addressParts } from './address-parts';
import { addressErrorState } from './address-error-state';
import { fetchResource, reserveResource } from './api/resource';
import { saveInstallationAddress } from './api/save-address';
import { updateNotificationEmail, updatePersonalInfo } from './api/update-details';
import { msg } from '../../i18n/i18n';

// product §4.3 details submit, step by step, with each failure's destination (product §8). Every step is
// safe to repeat (the API makes add_address, add_account and reserve idempotent), so a customer who
// refreshes half-way, or comes back from an error page, presses Submit again and loses nothing.

/** What the submit is doing now, for the loading state. */
export type SubmitStep = 'account' | 'address' | 'details' | 'network' | 'slots';

export type SubmitOutcome =
  /**
   * Go on to the next step or to a result page (product §4.3, §8). A refused network (locationerror's
   * state) puts the earlier "available" answer aside once that page is on screen (problem-screens.tsx).
   */
  | { kind: 'go'; to: string; state?: unknown }
  /** Stay on the page and say what went wrong (e.g. no account id, product §4.3 step 2). */
  | { kind: 'problem'; message: string };

export type SubmitInput = {
  values: TDetailsValues;
  address: TCheckedAddress;
  /** product §2.4 update=true: update the saved address instead of adding one. */
  isUpdate: boolean;
  operatorName: string;
};

const NO_ACCOUNT = msg(/*i18n*/ "We couldn't set up your account just now. Please try again.");
const DETAILS_NOT_SAVED = msg(/*i18n*/ "We couldn't save your details just now. Please try again.");
const CONSENTS_NOT_SAVED = msg(
  /*i18n*/ "We couldn't record your consent just now. Please try again.",
);
const SIGNED_OUT = msg(/*i18n*/ 'Please sign in again to continue.');

type Go = Extract<SubmitOutcome, { kind: 'go' }>;

const go = (to: string, state?: unknown): Go => ({ kind: 'go', to, state });

/** A failure as the customer reads it: no network in the client's words, anything else in ours. */
function problem(failure: CallFailure, message: string): SubmitOutcome {
  return { kind: 'problem', message: failure.unreachable ? failure.message : message };
}

/** product §3 resource booking, as the stored context keeps it (product §4.1 flag resourceBook). */
function bookingRecord(resource: TResource) {
  return {
    resourceBook: {
      external_order_id: resource.external_order_id,
      external_order_action_id: resource.external_order_action_id,
      external_appointment_id: resource.external_appointment_id,
      expires_at: resource.expires_at,
    },
    resourceBookTime: Date.now(),
  };
}

function reserveRefusal(failure: CallFailure): TReserveRefusal {
  if (isError(failure, 'resource', 'NO_FREE_PORT')) return 'no-free-port';
  if (isError(failure, 'resource', 'NOT_SERVICEABLE')) return 'not-serviceable';
  return 'other';
}

export async function submitDetails(
  { values, address, isUpdate, operatorName }: SubmitInput,
  onStep: (step: SubmitStep) => void = () => undefined,
): Promise<SubmitOutcome> {
  const session = getSession();
  if (!session) return { kind: 'problem', message: SIGNED_OUT };
  const { userId } = session;

  // Step 2: an account to order with.
  onStep('account');
  const accountId = session.accountId ?? (await ensureAccount(operatorName));
  if (!accountId) return { kind: 'problem', message: NO_ACCOUNT };

  // Step 3: the installation address.
  onStep('address');
  const parts = addressParts(address);
  const saved = await saveInstallationAddress(accountId, parts, isUpdate);
  if (!saved.ok) return go(PATHS.addresserror, addressErrorState(saved));

  // Step 4: the details with the representative, the email, the consents.
  onStep('details');
  const phone = session.mobileId ?? session.user?.msisdns[0];
  if (!phone) return { kind: 'problem', message: SIGNED_OUT };
  const info = await updatePersonalInfo({
    userId,
    firstName: values.firstName,
    lastName: values.lastName,
    suffix: values.suffix,
    phone,
    alternateContact: values.isPresent === 'No' ? toAlternateContact(values.representative) : null,
  });
  if (!info.ok) return problem(info, DETAILS_NOT_SAVED);
  const email = await updateNotificationEmail(userId, values.email);
  if (!email.ok) return problem(email, DETAILS_NOT_SAVED);
  const consents = await recordConsents(userId, {
    prepaidTerms: true,
    informationSharing: values.consents.informationSharing,
  });
  if (!consents.ok) return problem(consents, CONSENTS_NOT_SAVED);

  // Steps 5–6: a reservation made before (a refresh, another device) decides where to go.
  onStep('network');
  const existing = await fetchResource(accountId);
  if (existing?.external_appointment_id) {
    await recordJourneyStep(PATHS.pay, { ...bookingRecord(existing), appointment_booking: true });
    return go(PATHS.pay);
  }
  if (existing?.external_order_id) {
    await recordJourneyStep(PATHS.schedule, bookingRecord(existing));
    return go(PATHS.schedule);
  }

  // Step 7: a fibre port for the home.
  const reserved = await reserveResource(accountId, parts, values);
  if (!reserved.ok) {
    const refusal = reserveRefusal(reserved);
    return go(PATHS.locationerror, locationErrorState(refusal));
  }
  await recordJourneyStep(PATHS.schedule, bookingRecord(reserved.reply.resource));

  // Step 8: installation slots to choose from.
  onStep('slots');
  const slots = await fetchBookableSlots(accountId);
  if (slots.kind === 'failed') return go(PATHS.scheduleerror);
  if (slots.slots.length === 0) return go(PATHS.noavailableslots);
  return go(PATHS.schedule);
}
