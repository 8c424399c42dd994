import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createOtpCall } from '@konek/contract/create-otp';
import { verifyOtpCall } from '@konek/contract/verify-otp';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import { issueSignupCode, verifySignupCode, type OtpDependencies } from './service';

const MODULE = 'otp';

export type OtpPluginOptions = {
  otp: OtpDependencies;
  ossSegment: string;
  smsPerMinute: number;
};

/** product §7.2 /api/v3/{oss}/otp/create_otp and verify_otp: the sign-up code (ADR 009). */
export const otpPlugin: FastifyPluginAsyncZod<OtpPluginOptions> = async (app, options) => {
  const { ossSegment } = options;
  registerCall(
    app,
    createOtpCall,
    { module: MODULE, ossSegment, perIpPerMinute: options.smsPerMinute },
    async ({ body, request }) => {
      const issued = await issueSignupCode(options.otp, {
        msisdn: body.msisdn,
        clientAddress: request.ip,
      });
      return ok(MODULE, {
        reference_id: issued.id,
        expires_in_seconds: issued.expiresInSeconds,
        resend_after_seconds: issued.resendAfterSeconds,
      });
    },
  );

  registerCall(app, verifyOtpCall, { module: MODULE, ossSegment }, async ({ body }) => {
    const { msisdn, code, reference_id: referenceId } = body;
    await verifySignupCode(options.otp, { msisdn, code, referenceId });
    return ok(MODULE, { reference_id: referenceId, verified: true as const });
  });
};
