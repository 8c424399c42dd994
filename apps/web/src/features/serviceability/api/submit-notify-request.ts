import {
  submitEventsUnregisteredCall,
  type TNonserviceableAddressEvent,
} from '@konek/contract/submit-events';
import { call } from '../../../lib/call';

export class NotifyRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotifyRequestError';
  }
}

/**
 * product §7.1 "unregistered (notify-me)": one nonserviceable_address event with the web app's
 * application_id. Resolves with how many requests the barangay now has.
 */
export async function submitNotifyRequest(
  applicationId: string,
  event: TNonserviceableAddressEvent,
): Promise<{ requests: number | null }> {
  const result = await call(submitEventsUnregisteredCall, {
    application_id: applicationId,
    events: [event],
  });
  if (!result.ok) throw new NotifyRequestError(result.message);
  return { requests: result.reply.waitlist?.requests ?? null };
}
