import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validateReferralCall } from '@konek/contract/validate-referral';
import { getReferralCodeCall } from '@konek/contract/get-referral-code';
import { opsReferralRulesCall } from '@konek/contract/ops-offers';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import type { Auth } from '../../platform/auth/target-ownership';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { requireOperator } from '../operators/service';
import { referralCodeOf, referralRules, validateReferral } from './service';

const MODULE = 'referral';

export type ReferralPluginOptions = {
  db: Db;
  clock: Clock;
  auth: Auth;
  operatorName: string;
  /** Operator tokens (/api/ops): marketing's view of the referral rules (ADR 091). */
  opsAuth?: Auth;
};

/** product §7.2 /api/v3/referral/validate_referral, and get_my_code (ADR 014); account targets. */
export const referralPlugin: FastifyPluginAsyncZod<ReferralPluginOptions> = async (
  app,
  { db, clock, auth, operatorName, opsAuth },
) => {
  registerCall(app, validateReferralCall, { module: MODULE, auth }, async ({ body }) => {
    const referral = await validateReferral(db, {
      typedCode: body.referral_code,
      accountId: body.target_id,
      operatorName: body.operator_name,
      configuredOperator: operatorName,
    });
    return ok(MODULE, { referral_code: referral.code });
  });

  registerCall(app, getReferralCodeCall, { module: MODULE, auth }, async ({ body }) => {
    const referral = await referralCodeOf(db, clock, body.target_id);
    return ok(MODULE, {
      referral_code: referral.code,
      created_at: referral.createdAt.toISOString(),
    });
  });

  if (opsAuth) {
    registerCall(
      app,
      opsReferralRulesCall,
      { module: 'ops', auth: opsAuth },
      async ({ principal }) => {
        await requireOperator(db, principal, ['marketing']);
        return ok('ops', { referral: await referralRules(db) });
      },
    );
  }
};
