import {
  serviceabilityCheckCall,
  type TServiceabilityCheckRequest,
  type TServiceabilityResult,
} from '@konek/contract/serviceability-check';
import { NO_STATUS_CODE, call, type CallResult } from '../../../lib/call';

// product §7.1 "serviceability check": latitude, longitude and, for a building, the floor.

export type CheckOutcome =
  | { kind: 'serviceable'; result: TServiceabilityResult }
  | { kind: 'not-serviceable'; result: TServiceabilityResult }
  /** No answer in time (a network error or a timeout). */
  | { kind: 'timeout' }
  /** A 5xx reply, or a success that could not be read. */
  | { kind: 'server-error' }
  /** The server refused the position itself (a 4xx-class code). */
  | { kind: 'location-error' };

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

export async function checkServiceability(
  request: TServiceabilityCheckRequest,
  signal?: AbortSignal,
): Promise<CheckOutcome> {
  return outcomeOfResult(await call(serviceabilityCheckCall, request, { signal }));
}
