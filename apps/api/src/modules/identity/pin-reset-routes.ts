import { createChallengeCall } from '@konek/contract/create-challenge';
import { verifyChallengeCall } from '@konek/contract/verify-challenge';
import { ok } from '../../platform/reply';
import { registerCall, type CallApp } from '../../platform/route';
import type { RateLimits } from '../../platform/config';
import type { IdentityDependencies } from './identity-dependencies';
import { confirmResetCode, createPinResetChallenge, resetPin } from './pin-reset';

const MODULE = 'user';

/** product §7.2 /api/v3/user/create_challenge and verify_challenge: forgot PIN (ADR 009). */
export function registerPinResetRoutes(
  app: CallApp,
  { identity, rateLimits }: { identity: IdentityDependencies; rateLimits: RateLimits },
): void {
  registerCall(
    app,
    createChallengeCall,
    { module: MODULE, perIpPerMinute: rateLimits.smsPerMinute },
    async ({ body, request }) => {
      const issued = await createPinResetChallenge(identity, {
        msisdn: body.msisdn,
        clientAddress: request.ip,
      });
      return ok(MODULE, {
        challenge_id: issued.id,
        expires_in_seconds: issued.expiresInSeconds,
        resend_after_seconds: issued.resendAfterSeconds,
      });
    },
  );

  registerCall(
    app,
    verifyChallengeCall,
    { module: MODULE, perIpPerMinute: rateLimits.loginPerMinute },
    async ({ body }) => {
      const attempt = {
        msisdn: body.msisdn,
        challengeId: body.challenge_id,
        code: body.otp_code,
        operatorName: body.operator_name,
      };
      // ADR 029: without a new PIN the call only confirms the code.
      if (body.new_secret === undefined) {
        await confirmResetCode(identity, attempt);
        return ok(MODULE, { pin_changed: false });
      }
      await resetPin(identity, { ...attempt, newSecret: body.new_secret });
      return ok(MODULE, { pin_changed: true });
    },
  );
}
