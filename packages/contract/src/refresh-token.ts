import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';

// product §7.1 "refresh token": an empty body and the current token (Bearer); a new token replaces it,
// and the current one is spent (ADR 097): it refreshes once.

export const REFRESH_TOKEN_PATH = '/api/v3/user/refresh_token';

/** Empty: no body (Fastify reads it as null) or `{}`. */
export const ZRefreshTokenRequest = z.object({}).nullish();

export const ZRefreshTokenResponse = envelopeWith({
  api_token: z.string(),
  token_start: z.number().int(),
});
export type TRefreshTokenResponse = z.infer<typeof ZRefreshTokenResponse>;

/** The call's one description (ADR 024). */
export const refreshTokenCall = defineCall({
  path: REFRESH_TOKEN_PATH,
  auth: 'required',
  target: null,
  request: ZRefreshTokenRequest,
  reply: ZRefreshTokenResponse,
  // ADR 097: the token was spent by an earlier refresh.
  errors: ['auth.TOKEN_ALREADY_REFRESHED', 'auth.SESSION_ENDED_TOKEN_REUSED'],
});
