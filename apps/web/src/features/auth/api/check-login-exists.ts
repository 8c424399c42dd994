import { LOGIN_TYPE } from '@konek/contract/constants';
import { checkLoginExistsCall } from '@konek/contract/check-login-exists';
import { call, mapReply, type CallResult } from '../../../lib/call';

/** product §7.1 "check exists": does this number have an account (sign in) or not (sign up)? */
export async function checkLoginExists(
  applicationId: string,
  msisdn: string,
): Promise<CallResult<boolean>> {
  const result = await call(checkLoginExistsCall, {
    application_id: applicationId,
    login_id: msisdn,
    login_type: LOGIN_TYPE,
  });
  return mapReply(result, (reply) => reply.exists);
}
