import * as z from 'zod';
import { defineCall } from './call';
import { LOGIN_TYPE } from './constants';
import { envelopeWith } from './envelope';
import { ZMsisdn } from './msisdn';
import { ZPinSecret } from './pin-hash';
import { personName } from './validation';

// product §7.1 "login" and "register" share one path (§7.2 "login (also used for register)"): a body with
// user_properties registers the number, one without signs in. Both answer with a session.

export const LOGIN_PATH = '/api/v3/user/login';

export const ZUserProperties = z.object({ first_name: personName, last_name: personName });
export type TUserProperties = z.infer<typeof ZUserProperties>;

const loginFields = {
  application_id: z.string().min(1).max(64),
  login_id: ZMsisdn,
  login_type: z.literal(LOGIN_TYPE),
  /** `hashPin(login_id, pin)` from pin-hash.ts — never the PIN itself. */
  login_secret: ZPinSecret,
};

/** Sign in. */
export const ZLoginRequest = z.object(loginFields);
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** Register (product §7.1 "register"): the same call with the customer's name. */
export const ZRegisterRequest = z.object({ ...loginFields, user_properties: ZUserProperties });
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/** What the login path accepts: either of the two above. */
export const ZLoginPathRequest = z.object({
  ...loginFields,
  user_properties: ZUserProperties.optional(),
});
export type TLoginPathRequest = z.infer<typeof ZLoginPathRequest>;

/** product §7.1 register reply: api_token, user_id, account_id, msisdns, token_start (epoch ms). */
export const ZSessionResponse = envelopeWith({
  api_token: z.string(),
  user_id: z.string(),
  account_id: z.string(),
  msisdns: z.array(z.string()),
  token_start: z.number().int(),
});
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

/** The call's one description (ADR 024). */
export const loginCall = defineCall({
  path: LOGIN_PATH,
  auth: 'none',
  target: null,
  request: ZLoginPathRequest,
  reply: ZSessionResponse,
  errors: [
    'auth.LOGIN_NOT_FOUND',
    'auth.INVALID_PIN',
    'auth.ACCOUNT_LOCKED',
    'auth.PIN_TOO_COMMON',
    'auth.LOGIN_EXISTS',
    'auth.SIGNUP_NOT_VERIFIED',
  ],
  rateLimited: true,
});
