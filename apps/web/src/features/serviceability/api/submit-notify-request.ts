import {
  ZSubmitEventsResponse,
  type TNonserviceableAddressEvent,
} from '@konek/contract/submit-events';
import { SUBMIT_EVENTS_UNREGISTERED_PATH } from '@konek/contract/event-constants';
import { SUCCESS_CODE } from '@konek/contract/envelope';
import { apiPost } from '../../../lib/api-client';

export class NotifyRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotifyRequestError';
  }
}

/**
 * spec §7.1 "unregistered (notify-me)": one nonserviceable_address event with the web app's
 * application_id. Resolves with how many requests the barangay now has.
 */
export async function submitNotifyRequest(
  applicationId: string,
  event: TNonserviceableAddressEvent,
): Promise<{ requests: number | null }> {
  const reply = await apiPost(SUBMIT_EVENTS_UNREGISTERED_PATH, {
    application_id: applicationId,
    events: [event],
  });
  const parsed = ZSubmitEventsResponse.safeParse(reply);
  if (!parsed.success || parsed.data.code !== SUCCESS_CODE) {
    throw new NotifyRequestError(reply.message);
  }
  return { requests: parsed.data.waitlist?.requests ?? null };
}
