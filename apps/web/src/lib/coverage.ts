import { useQuery } from '@tanstack/react-query';
import {
  serviceabilityCheckCall,
  type TServiceabilityCheckRequest,
  type TServiceabilityResult,
} from '@konek/contract/serviceability-check';
import { NO_STATUS_CODE, call, type CallResult } from './call';
import {
  saveCheckedOutcome,
  useJourney,
  type Journey,
  type TCheckedAddress,
  type TCheckedOutcome,
} from './journey-store';

// ADR 030: what may be claimed about fibre at the customer's address. Only the latest answer of the
// server for the address as it stands now counts: an answer for an address since edited, a failed
// check, or no check at all claims nothing. An answer older than COVERAGE_FRESH_MS is asked again
// (quietly, one call) before the offers, account or later steps use it.

/** How long an answer stands before the server is asked again. */
export const COVERAGE_FRESH_MS = 10 * 60_000;

export type CheckOutcome =
  | { kind: 'serviceable'; result: TServiceabilityResult }
  | { kind: 'not-serviceable'; result: TServiceabilityResult }
  /** No answer in time (a network error or a timeout). */
  | { kind: 'timeout' }
  /** A 5xx reply, or a success that could not be read. */
  | { kind: 'server-error' }
  /** The server refused the position itself (a 4xx-class code). */
  | { kind: 'location-error' };

export type FailedCheck = Extract<
  CheckOutcome,
  { kind: 'timeout' | 'server-error' | 'location-error' }
>;

export function outcomeOfResult(
  checked: CallResult<{ result: TServiceabilityResult }>,
): CheckOutcome {
  if (checked.ok) {
    const { result } = checked.reply;
    return { kind: result.serviceable ? 'serviceable' : 'not-serviceable', result };
  }
  // No answer, or the gateway's own 502 without a reply of ours.
  const isNoAnswer = checked.status === NO_STATUS_CODE && checked.code === NO_STATUS_CODE;
  if (checked.unreachable || isNoAnswer) return { kind: 'timeout' };
  // A 5xx, or a reply that could not be read (the client's 502).
  if (checked.code >= 500) return { kind: 'server-error' };
  return { kind: 'location-error' };
}

/** product §7.1 "serviceability check": latitude, longitude and, for a building, the floor. */
export async function checkServiceability(
  request: TServiceabilityCheckRequest,
  signal?: AbortSignal,
): Promise<CheckOutcome> {
  return outcomeOfResult(await call(serviceabilityCheckCall, request, { signal }));
}

/** The check request for an address: its pinned position and, in a building, the floor. */
export function checkRequestFor(address: TCheckedAddress): TServiceabilityCheckRequest {
  const floor =
    address.radioTypeValue === 'Condominium' ? address.condominium.floor.trim() : undefined;
  return {
    latitude: address.searchResult.lat,
    longitude: address.searchResult.lng,
    ...(floor ? { floor } : {}),
  };
}

/**
 * What decides coverage in an address: the property type, the barangay, the pinned position and, in a
 * building, its name and floor. Two addresses with the same key get the same answer.
 */
export function coverageKey(address: TCheckedAddress): string {
  const isBuilding = address.radioTypeValue === 'Condominium';
  return JSON.stringify([
    address.radioTypeValue,
    address.area.barangay.address_code,
    address.searchResult.lat,
    address.searchResult.lng,
    isBuilding ? address.condominium.buildingName.trim().toLowerCase() : null,
    isBuilding ? address.condominium.floor.trim() : null,
  ]);
}

export type Coverage =
  /** No address checked as it stands now: the customer checks one first. */
  | { status: 'none' }
  /** An answer exists for this address but is old (or from elsewhere): it is being asked again. */
  | { status: 'checking'; address: TCheckedAddress }
  | { status: 'available'; address: TCheckedAddress; result: TServiceabilityResult }
  | { status: 'unavailable'; address: TCheckedAddress; result: TServiceabilityResult }
  /** Asking again failed: nothing can be claimed. */
  | { status: 'failed'; address: TCheckedAddress; failure: FailedCheck };

/** What the stored answer says for the journey's current address at `now`, before asking again. */
export function storedCoverage(
  journey: Pick<Journey, 'checkedAddress' | 'serviceability'>,
  now: number = Date.now(),
): Coverage {
  const address = journey.checkedAddress;
  const outcome = journey.serviceability;
  if (!address || !outcome || coverageKey(outcome.address) !== coverageKey(address)) {
    return { status: 'none' };
  }
  const isFresh = outcome.result !== null && now - outcome.checkedAt < COVERAGE_FRESH_MS;
  if (!isFresh || outcome.result === null) return { status: 'checking', address };
  return outcome.result.serviceable
    ? { status: 'available', address, result: outcome.result }
    : { status: 'unavailable', address, result: outcome.result };
}

/** The answer as the journey keeps it, for the address it was given for. */
export function recordCheck(
  address: TCheckedAddress,
  result: TServiceabilityResult,
  now: number = Date.now(),
): TCheckedOutcome {
  return { address, result, checkedAt: now };
}

/**
 * The coverage of the customer's address now: the stored answer when it is fresh, else the server's
 * answer asked again (saved, so every screen sees it). A screen that claims anything reads this.
 */
export function useCoverage(): Coverage {
  const journey = useJourney();
  const stored = storedCoverage(journey);
  const address = stored.status === 'none' ? null : stored.address;
  const recheck = useQuery({
    queryKey: ['coverage-recheck', address ? coverageKey(address) : null],
    enabled: stored.status === 'checking',
    queryFn: async ({ signal }) => {
      if (!address) throw new Error('no address to check');
      const outcome = await checkServiceability(checkRequestFor(address), signal);
      if (signal.aborted) return outcome;
      if (outcome.kind === 'serviceable' || outcome.kind === 'not-serviceable') {
        saveCheckedOutcome(recordCheck(address, outcome.result));
      }
      return outcome;
    },
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
  if (stored.status !== 'checking') return stored;
  const outcome = recheck.data;
  if (outcome && outcome.kind !== 'serviceable' && outcome.kind !== 'not-serviceable') {
    return { status: 'failed', address: stored.address, failure: outcome };
  }
  if (recheck.isError) {
    return { status: 'failed', address: stored.address, failure: { kind: 'server-error' } };
  }
  return stored;
}
