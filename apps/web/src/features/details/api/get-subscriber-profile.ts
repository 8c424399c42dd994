import {
  getPrepaidAccountCall,
  type TSubscriberProfile,
} from '@konek/contract/get-prepaid-account';
import { stripMobilePrefix } from '@konek/contract/msisdn';
import { call } from '../../../lib/call';

/**
 * product §7.1 get account (prepaid): the operator's subscriber profile for the number just verified by
 * SMS (the stored context's referenceId). Null when there is none (not a subscriber, the code's window
 * passed): the form then starts from what the account knows. Neither is a fault — most new customers
 * have no profile — so neither is reported as a client error.
 */
export async function fetchSubscriberProfile(
  ossSegment: string,
  msisdn: string,
  referenceId: string,
  signal?: AbortSignal,
): Promise<TSubscriberProfile | null> {
  const result = await call(
    getPrepaidAccountCall,
    { msisdn: stripMobilePrefix(msisdn), reference_id: referenceId },
    {
      ossSegment,
      signal,
      expectedErrors: [
        ['subscriber', 'PROFILE_NOT_FOUND'],
        ['subscriber', 'REFERENCE_NOT_VERIFIED'],
      ],
    },
  );
  return result.ok ? result.reply.result : null;
}
