import {
  SERVICEABILITY_CHECK_PATH,
  ZServiceabilityCheckResponse,
  type TServiceabilityCheckRequest,
  type TServiceabilityResult,
} from '@konek/contract/serviceability-check';
import { SUCCESS_CODE } from '@konek/contract/envelope';
import { apiPost, NO_STATUS_CODE, type ApiReply } from '../../../lib/api-client';

// spec §7.1 "serviceability check": latitude, longitude and, for a building, the floor.

export type CheckOutcome =
  | { kind: 'serviceable'; result: TServiceabilityResult }
  | { kind: 'not-serviceable'; result: TServiceabilityResult }
  /** No answer in time (the api client's 502). */
  | { kind: 'timeout' }
  /** A 5xx reply, or a success that could not be read. */
  | { kind: 'server-error' }
  /** The server refused the position itself (a 4xx-class code). */
  | { kind: 'location-error' };

export function outcomeOfReply(reply: ApiReply): CheckOutcome {
  if (reply.code === NO_STATUS_CODE) return { kind: 'timeout' };
  if (reply.code >= 500) return { kind: 'server-error' };
  if (reply.code !== SUCCESS_CODE) return { kind: 'location-error' };
  const parsed = ZServiceabilityCheckResponse.safeParse(reply);
  if (!parsed.success) return { kind: 'server-error' };
  const { result } = parsed.data;
  return { kind: result.serviceable ? 'serviceable' : 'not-serviceable', result };
}

export async function checkServiceability(
  request: TServiceabilityCheckRequest,
  signal?: AbortSignal,
): Promise<CheckOutcome> {
  return outcomeOfReply(await apiPost(SERVICEABILITY_CHECK_PATH, request, { signal }));
}
