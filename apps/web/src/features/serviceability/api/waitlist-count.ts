import { queryOptions, skipToken } from '@tanstack/react-query';
import { waitlistCountCall, type TWaitlistCountRequest } from '@konek/contract/waitlist-count';
import { call } from '../../../lib/call';

/** How many notify-me requests the area already has; 0 when the count is unavailable. */
export async function fetchWaitlistCount(
  area: TWaitlistCountRequest,
  signal?: AbortSignal,
): Promise<number> {
  const result = await call(waitlistCountCall, area, { signal });
  return result.ok ? result.reply.requests : 0;
}

export function waitlistCountQuery(area: TWaitlistCountRequest | undefined) {
  return queryOptions({
    queryKey: ['waitlist-count', area ?? null],
    queryFn: area ? ({ signal }) => fetchWaitlistCount(area, signal) : skipToken,
  });
}
