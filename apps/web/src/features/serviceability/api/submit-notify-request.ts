import {
  submitEventsUnregisteredCall,
  type TNonserviceableAddressEvent,
} from '@konek/contract/submit-events';
import { call, mapReply, type CallResult } from '../../../lib/call';

/**
 * product §7.1 "unregistered (notify-me)": one nonserviceable_address event with the web app's
 * application_id. Answers how many requests the barangay now has (null when the server does not say).
 */
export async function submitNotifyRequest(
  applicationId: string,
  event: TNonserviceableAddressEvent,
): Promise<CallResult<number | null>> {
  const result = await call(submitEventsUnregisteredCall, {
    application_id: applicationId,
    events: [event],
  });
  return mapReply(result, (reply) => reply.waitlist?.requests ?? null);
}
