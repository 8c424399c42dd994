import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CREATE_CHALLENGE_PATH,
  ZCreateChallengeRequest,
  ZCreateChallengeResponse,
} from '@konek/contract/create-challenge';
import {
  VERIFY_CHALLENGE_PATH,
  ZVerifyChallengeRequest,
  ZVerifyChallengeResponse,
} from '@konek/contract/verify-challenge';
import { ok } from '../../platform/reply';
import { perIpPerMinute } from '../../platform/auth/rate-limit';
import type { RateLimits } from '../../platform/config';
import type { IdentityDependencies } from './identity-dependencies';
import { createPinResetChallenge, resetPin } from './pin-reset';

const MODULE = 'user';

export type PinResetRoutesOptions = { identity: IdentityDependencies; rateLimits: RateLimits };

/** spec §7.2 /api/v3/user/create_challenge and verify_challenge: forgot PIN (ADR 009). */
export const pinResetRoutes: FastifyPluginAsyncZod<PinResetRoutesOptions> = async (
  app,
  { identity, rateLimits },
) => {
  app.post(
    CREATE_CHALLENGE_PATH,
    {
      config: perIpPerMinute(rateLimits.smsPerMinute),
      schema: {
        tags: [MODULE],
        body: ZCreateChallengeRequest,
        response: { 200: ZCreateChallengeResponse },
      },
    },
    async (request) => {
      const issued = await createPinResetChallenge(identity, {
        msisdn: request.body.msisdn,
        clientAddress: request.ip,
      });
      return ok(MODULE, {
        challenge_id: issued.id,
        expires_in_seconds: issued.expiresInSeconds,
        resend_after_seconds: issued.resendAfterSeconds,
      });
    },
  );

  app.post(
    VERIFY_CHALLENGE_PATH,
    {
      config: perIpPerMinute(rateLimits.loginPerMinute),
      schema: {
        tags: [MODULE],
        body: ZVerifyChallengeRequest,
        response: { 200: ZVerifyChallengeResponse },
      },
    },
    async (request) => {
      const body = request.body;
      await resetPin(identity, {
        msisdn: body.msisdn,
        challengeId: body.challenge_id,
        code: body.otp_code,
        newSecret: body.new_secret,
        operatorName: body.operator_name,
      });
      return ok(MODULE, { pin_changed: true as const });
    },
  );
};
