import { queryOptions, skipToken } from '@tanstack/react-query';
import {
  WAITLIST_COUNT_PATH,
  ZWaitlistCountResponse,
  type TWaitlistCountRequest,
} from '@konek/contract/waitlist-count';
import { SUCCESS_CODE } from '@konek/contract/envelope';
import { apiPost } from '../../../lib/api-client';

/** How many notify-me requests the area already has; 0 when the count is unavailable. */
export async function fetchWaitlistCount(
  area: TWaitlistCountRequest,
  signal?: AbortSignal,
): Promise<number> {
  const parsed = ZWaitlistCountResponse.safeParse(
    await apiPost(WAITLIST_COUNT_PATH, area, { signal }),
  );
  return parsed.success && parsed.data.code === SUCCESS_CODE ? parsed.data.requests : 0;
}

export function waitlistCountQuery(area: TWaitlistCountRequest | undefined) {
  return queryOptions({
    queryKey: ['waitlist-count', area ?? null],
    queryFn: area ? ({ signal }) => fetchWaitlistCount(area, signal) : skipToken,
  });
}
