import * as z from 'zod';
import { defineCall } from './call';
import { LOGIN_TYPE } from './constants';
import { envelopeWith } from './envelope';
import { ZMsisdn } from './msisdn';

// product §7.1 "check exists": is there an account for this mobile number (sign in) or not (sign up)?

export const CHECK_LOGIN_EXISTS_PATH = '/api/v3/user/check_login_exists';

export const ZCheckLoginExistsRequest = z.object({
  application_id: z.string().min(1).max(64),
  login_id: ZMsisdn,
  login_type: z.literal(LOGIN_TYPE),
});
export type TCheckLoginExistsRequest = z.infer<typeof ZCheckLoginExistsRequest>;

export const ZCheckLoginExistsResponse = envelopeWith({ exists: z.boolean() });
export type TCheckLoginExistsResponse = z.infer<typeof ZCheckLoginExistsResponse>;

/** The call's one description (ADR 024). */
export const checkLoginExistsCall = defineCall({
  path: CHECK_LOGIN_EXISTS_PATH,
  auth: 'none',
  target: null,
  request: ZCheckLoginExistsRequest,
  reply: ZCheckLoginExistsResponse,
  rateLimited: true,
});
