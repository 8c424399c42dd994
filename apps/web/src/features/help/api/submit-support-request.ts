import {
  submitSupportRequestCall,
  type TSubmitSupportRequestRequest,
  type TSubmittedSupportRequest,
} from '@konek/contract/submit-support-request';
import type { TSupportTopic } from '@konek/contract/support';
import { call } from '../../../lib/call';
import { getCookie } from '../../../lib/cookies';
import { getSession } from '../../../lib/session';
import type { ContactValues } from '../contact-schema';

export type SubmitOutcome =
  { ok: true; request: TSubmittedSupportRequest } | { ok: false; message: string };

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
): Promise<SubmitOutcome> {
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
    if (result.ok) return { ok: true, request: result.reply.support_request };
    if (result.status === 401) break;
    if (result.status !== 403) return { ok: false, message: result.message };
  }
  const result = await call(submitSupportRequestCall, body);
  if (result.ok) return { ok: true, request: result.reply.support_request };
  return { ok: false, message: result.message };
}
