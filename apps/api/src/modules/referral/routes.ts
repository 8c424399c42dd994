import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  VALIDATE_REFERRAL_PATH,
  ZValidateReferralRequest,
  ZValidateReferralResponse,
} from '@konek/contract/validate-referral';
import {
  GET_REFERRAL_CODE_PATH,
  ZGetReferralCodeRequest,
  ZGetReferralCodeResponse,
} from '@konek/contract/get-referral-code';
import { ok } from '../../platform/reply';
import type { Auth } from '../../platform/auth/target-ownership';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { referralCodeOf, validateReferral } from './service';

const MODULE = 'referral';

export type ReferralRoutesOptions = { db: Db; clock: Clock; auth: Auth; operatorName: string };

/** spec §7.2 /api/v3/referral/validate_referral, and get_my_code (ADR 014); account targets. */
export const referralRoutes: FastifyPluginAsyncZod<ReferralRoutesOptions> = async (
  app,
  { db, clock, auth, operatorName },
) => {
  app.post(
    VALIDATE_REFERRAL_PATH,
    {
      schema: {
        tags: [MODULE],
        body: ZValidateReferralRequest,
        response: { 200: ZValidateReferralResponse },
      },
    },
    async (request) => {
      const body = request.body;
      await auth.requireAccountTarget(request, body.target_id);
      const referral = await validateReferral(db, {
        typedCode: body.referral_code,
        accountId: body.target_id,
        operatorName: body.operator_name,
        configuredOperator: operatorName,
      });
      return ok(MODULE, { referral_code: referral.code });
    },
  );

  app.post(
    GET_REFERRAL_CODE_PATH,
    {
      schema: {
        tags: [MODULE],
        body: ZGetReferralCodeRequest,
        response: { 200: ZGetReferralCodeResponse },
      },
    },
    async (request) => {
      await auth.requireAccountTarget(request, request.body.target_id);
      const referral = await referralCodeOf(db, clock, request.body.target_id);
      return ok(MODULE, {
        referral_code: referral.code,
        created_at: referral.createdAt.toISOString(),
      });
    },
  );
};
