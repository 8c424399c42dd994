import { RESERVE_RESOURCE_ATTEMPTS, RETRY_DELAY_MS } from '@konek/contract/constants';
import type { TAddressParts } from '@konek/contract/address-book';
import { getResourceCall, reserveResourceCall, type TResource } from '@konek/contract/resource';
import { call } from '../../../lib/call';
import { retryCall } from '../../../lib/retry';

/**
 * product §7.1 get resource: the account's network reservation, or null. Its errors are not shown
 * (product §7.1): a failure reads as "none yet", and reserving (idempotent on the server) follows.
 */
export async function fetchResource(accountId: string): Promise<TResource | null> {
  const result = await call(getResourceCall, {
    target_id: accountId,
  });
  return result.ok ? result.reply.resource : null;
}

/**
 * product §7.1 reserve resource: no timeout, up to 3 attempts 1 s apart (product §9). A refusal of the
 * request itself (no free port, not serviceable) ends the attempts: it is the server's answer.
 */
export function reserveResource(
  accountId: string,
  address: TAddressParts,
  customer: { firstName: string; lastName: string },
) {
  return retryCall(
    () =>
      call(
        reserveResourceCall,
        {
          address,
          customer: { first_name: customer.firstName, last_name: customer.lastName },
          target_id: accountId,
        },
        { timeout: null },
      ),
    { attempts: RESERVE_RESOURCE_ATTEMPTS, delayMs: RETRY_DELAY_MS },
  );
}
