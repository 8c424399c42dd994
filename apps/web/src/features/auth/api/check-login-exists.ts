import { LOGIN_TYPE } from '@konek/contract/constants';
import {
  CHECK_LOGIN_EXISTS_PATH,
  ZCheckLoginExistsResponse,
  type TCheckLoginExistsRequest,
} from '@konek/contract/check-login-exists';
import { apiPost } from '../../../lib/api-client';
import { outcomeOf, type CallOutcome } from './call-outcome';

/** spec §7.1 "check exists": does this number have an account (sign in) or not (sign up)? */
export async function checkLoginExists(
  applicationId: string,
  msisdn: string,
): Promise<CallOutcome<boolean>> {
  const request: TCheckLoginExistsRequest = {
    application_id: applicationId,
    login_id: msisdn,
    login_type: LOGIN_TYPE,
  };
  const reply = await apiPost(CHECK_LOGIN_EXISTS_PATH, request);
  return outcomeOf(reply, ZCheckLoginExistsResponse, (data) => data.exists);
}
