import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';

// Not among product §7.2's paths (ADR 007): signing out revokes every token the user holds so far, on every
// device (ADR 008), so a copied token stops working too.

export const LOGOUT_PATH = '/api/v3/user/logout';

/** Empty: no body (Fastify reads it as null) or `{}`. */
export const ZLogoutRequest = z.object({}).nullish();

export const ZLogoutResponse = envelopeWith({});
export type TLogoutResponse = z.infer<typeof ZLogoutResponse>;

/** The call's one description (ADR 024). */
export const logoutCall = defineCall({
  path: LOGOUT_PATH,
  auth: 'required',
  target: null,
  request: ZLogoutRequest,
  reply: ZLogoutResponse,
});
