import { LOGIN_TYPE } from '@konek/contract/constants';
import {
  loginCall,
  type TLoginRequest,
  type TRegisterRequest,
  type TSessionResponse,
  type TUserProperties,
} from '@konek/contract/login';
import { hashPin } from '@konek/contract/pin-hash';
import { call, type CallResult } from '../../../lib/call';

// product §7.1 "login" and "register" share /api/v3/user/login; register adds user_properties. The PIN is
// sent as its hash for the number (ADR 006), never as digits.

export async function signInWithPin(
  applicationId: string,
  msisdn: string,
  pin: string,
): Promise<CallResult<TSessionResponse>> {
  const request: TLoginRequest = {
    application_id: applicationId,
    login_id: msisdn,
    login_type: LOGIN_TYPE,
    login_secret: await hashPin(msisdn, pin),
  };
  return call(loginCall, request);
}

export async function register(
  applicationId: string,
  msisdn: string,
  pin: string,
  properties: TUserProperties,
): Promise<CallResult<TSessionResponse>> {
  const request: TRegisterRequest = {
    application_id: applicationId,
    login_id: msisdn,
    login_type: LOGIN_TYPE,
    login_secret: await hashPin(msisdn, pin),
    user_properties: properties,
  };
  return call(loginCall, request);
}
