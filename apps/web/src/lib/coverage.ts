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
  type TCheckedAddress,
  type TCheckedOutcome,
} from './journey-store';
import { coverageKey, storedClaim } from './stored-coverage';

export { COVERAGE_FRESH_MS, coverageKey } from './stored-coverage';

// ADR 030: what may be claimed about fibre at the customer's address. Only the latest answer of the
// server for the address as it stands now counts (lib/stored-coverage.ts, which the first-paint script
// reads too); an answer older than COVERAGE_FRESH_MS is asked again (quietly, one call) before the
// offers, account or later steps use it.

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

export type Coverage =
  /** No address checked as it stands now: the customer checks one first. */
  | { status: 'none' }
  /** An answer exists for this address but is old (or from elsewhere): it is being asked again. */
  | { status: 'checking'; address: TCheckedAddress }
  | { status: 'available'; address: TCheckedAddress; result: TServiceabilityResult }
  | { status: 'unavailable'; address: TCheckedAddress; result: TServiceabilityResult }
  /** Asking again failed: nothing can be claimed. */
  | {
      status: 'failed';
      address: TCheckedAddress;
      failure: FailedCheck;
    };

/** What the stored answer says for the journey's current address at `now`, before asking again. */
export function storedCoverage(
  journey: { checkedAddress: TCheckedAddress | null; serviceability: TCheckedOutcome | null },
  now: number = Date.now(),
): Coverage {
  const address = journey.checkedAddress;
  const outcome = journey.serviceability;
  const claim = storedClaim(address, outcome, now);
  if (claim === 'none' || !address || !outcome) return { status: 'none' };
  if (claim === 'checking' || outcome.result === null) return { status: 'checking', address };
  return { status: claim, address, result: outcome.result };
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
