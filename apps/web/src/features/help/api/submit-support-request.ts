import {
  submitSupportRequestCall,
  type TSubmitSupportRequestRequest,
  type TSubmittedSupportRequest,
} from '@konek/contract/submit-support-request';
import type { TSupportTopic } from '@konek/contract/support';
import { call, mapReply, type CallResult } from '../../../lib/call';
import { getCookie } from '../../../lib/cookies';
import { getSession } from '../../../lib/session';
import type { ContactValues } from '../contact-schema';

/**
 * The signed-in customer's account, when their session is still whole: a session whose token cookie
 * has gone would send the customer home with "Auth expired" (product §4.1) and lose what they wrote, so
 * the message goes without the account instead.
 */
function liveAccountId(): string | undefined {
  const session = getSession();
  if (!session?.accountId || getCookie('token') !== session.token) return undefined;
  return session.accountId;
}

/**
 * ADR 079: sends the contact form. Signed in, the account is named so the server attaches it and the
 * order (the one named, else the latest). An order the server does not attach (another account's) is
 * left out, and a token it no longer takes sends the message anonymously: either way it is sent.
 */
export async function submitSupportRequest(
  values: ContactValues,
  orderNumber?: string,
): Promise<CallResult<TSubmittedSupportRequest>> {
  const body: TSubmitSupportRequestRequest = {
    name: values.name,
    mobile_number: values.mobileNumber,
    topic: values.topic as TSupportTopic,
    message: values.message,
  };
  const accountId = liveAccountId();
  const attempts: TSubmitSupportRequestRequest[] = [];
  if (accountId) {
    const signedIn = { ...body, target_id: accountId } as const;
    if (orderNumber) attempts.push({ ...signedIn, order_number: orderNumber });
    attempts.push(signedIn);
  }
  for (const attempt of attempts) {
    const result = await call(submitSupportRequestCall, attempt, { signedIn: true });
    // A token no longer taken goes on anonymously; an order not the account's (403), without it.
    if (!result.ok && result.status === 401) break;
    if (result.ok || result.status !== 403)
      return mapReply(result, (reply) => reply.support_request);
  }
  const result = await call(submitSupportRequestCall, body);
  return mapReply(result, (reply) => reply.support_request);
}
