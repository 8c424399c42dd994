import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createOtpPath, ZCreateOtpRequest, ZCreateOtpResponse } from '@konek/contract/create-otp';
import { verifyOtpPath, ZVerifyOtpRequest, ZVerifyOtpResponse } from '@konek/contract/verify-otp';
import { ok } from '../../platform/reply';
import { perIpPerMinute } from '../../platform/auth/rate-limit';
import type { OtpDependencies } from './service';
import { issueSignupCode, verifySignupCode } from './service';

const MODULE = 'otp';

export type OtpRoutesOptions = {
  otp: OtpDependencies;
  ossSegment: string;
  smsPerMinute: number;
};

/** spec §7.2 /api/v3/{oss}/otp/create_otp and verify_otp: the sign-up code (ADR 009). */
export const otpRoutes: FastifyPluginAsyncZod<OtpRoutesOptions> = async (app, options) => {
  app.post(
    createOtpPath(options.ossSegment),
    {
      config: perIpPerMinute(options.smsPerMinute),
      schema: {
        tags: [MODULE],
        body: ZCreateOtpRequest,
        response: { 200: ZCreateOtpResponse },
      },
    },
    async (request) => {
      const issued = await issueSignupCode(options.otp, {
        msisdn: request.body.msisdn,
        clientAddress: request.ip,
      });
      return ok(MODULE, {
        reference_id: issued.id,
        expires_in_seconds: issued.expiresInSeconds,
        resend_after_seconds: issued.resendAfterSeconds,
      });
    },
  );

  app.post(
    verifyOtpPath(options.ossSegment),
    {
      schema: {
        tags: [MODULE],
        body: ZVerifyOtpRequest,
        response: { 200: ZVerifyOtpResponse },
      },
    },
    async (request) => {
      const { msisdn, code, reference_id: referenceId } = request.body;
      await verifySignupCode(options.otp, { msisdn, code, referenceId });
      return ok(MODULE, { reference_id: referenceId, verified: true as const });
    },
  );
};
