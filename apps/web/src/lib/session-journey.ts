import { clientStorageAddCall } from '@konek/contract/client-storage-add';
import { clientStorageGetCall } from '@konek/contract/client-storage-get';
import {
  JOURNEY_CONTEXT_NAME,
  ZStoredJourney,
  type TStoredJourney,
} from '@konek/contract/journey-context';
import { call } from './call';
import {
  ZCheckedAddress,
  ZChosenOffer,
  readCheckedAddress,
  readChosenOffer,
  type TCheckedAddress,
  type TChosenOffer,
} from './journey-store';
import { getSession, updateSession } from './session';

// product §3 "Stored per-user context" (clientstorage, ADR 011): the journey's flags and address, kept on
// the server so the customer resumes on any device. The web app adds the
// path of the step the customer reached; the server keeps unknown keys.

export type { TStoredJourney };

/** The context's address when it is a complete checked address (journey-store's format). */
export function journeyAddress(journey: TStoredJourney): TCheckedAddress | null {
  const parsed = ZCheckedAddress.safeParse(journey.address);
  return parsed.success ? parsed.data : null;
}

/** The context's chosen plan, when it is one (journey-store's format). */
export function journeyOffer(journey: TStoredJourney): TChosenOffer | null {
  const parsed = ZChosenOffer.safeParse(journey.offer);
  return parsed.success ? parsed.data : null;
}

/** The context with this browser's chosen plan in it, when it has one (the freshest). */
export function withLocalOffer(journey: TStoredJourney): TStoredJourney {
  const offer = readChosenOffer();
  return offer ? { ...journey, offer } : journey;
}

/** The stored context ({} when there is none yet), or null when it could not be read. */
export async function fetchJourney(userId: string): Promise<TStoredJourney | null> {
  const result = await call(clientStorageGetCall, {
    target_id: userId,
    context: JOURNEY_CONTEXT_NAME,
  });
  if (!result.ok) return null;
  const stored = result.reply.result_set.find((entry) => entry.context === JOURNEY_CONTEXT_NAME);
  if (!stored) return {};
  const journey = ZStoredJourney.safeParse(stored.value);
  // A context some other client wrote in another shape is started afresh rather than trusted.
  return journey.success ? journey.data : {};
}

/** Saves the whole context (clientstorage add replaces it, ADR 011); true when the server kept it. */
export async function saveJourney(userId: string, journey: TStoredJourney): Promise<boolean> {
  const result = await call(clientStorageAddCall, {
    target_id: userId,
    context: JOURNEY_CONTEXT_NAME,
    data: journey,
  });
  if (result.ok) updateSession({ journey });
  return result.ok;
}

/**
 * The signed-in customer's stored context, read from the server once per session (a refresh restores
 * the session from cookies without it) and kept in the session, so the flags it holds (product §4.1) —
 * and the step indicator's ticks — are known on any page. Null when signed out or unreadable.
 */
export async function loadJourney(): Promise<TStoredJourney | null> {
  const session = getSession();
  if (!session) return null;
  if (session.journey) return session.journey;
  const journey = await fetchJourney(session.userId);
  if (journey !== null && getSession()?.userId === session.userId) updateSession({ journey });
  return journey;
}

/**
 * For the later steps: records that the signed-in customer reached `path` (and the address they are
 * ordering for, plus any flags the step sets), so signing in elsewhere lands there. The context is read
 * first when this session has not loaded it, so nothing stored is lost; when it cannot be read, nothing
 * is written.
 */
export async function recordJourneyStep(
  path: string,
  changes: Partial<TStoredJourney> = {},
): Promise<boolean> {
  const session = getSession();
  if (!session) return false;
  const base = session.journey ?? (await fetchJourney(session.userId));
  if (base === null) return false;
  const address = readCheckedAddress() ?? journeyAddress(base);
  return saveJourney(
    session.userId,
    withLocalOffer({
      ...base,
      ...changes,
      ...(address ? { address } : {}),
      journey_path: path,
    }),
  );
}
