import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  arrivedAddressCall,
  opsCoverageAlertsCall,
  opsRetryCoverageAlertsCall,
  waitlistUnsubscribeCall,
  type TArrivedAddress,
} from '@konek/contract/coverage-alert';
import type { Auth } from '../../platform/auth/target-ownership';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import { requireOperator } from '../operators/service';
import {
  arrivedAddress,
  countAlerts,
  retryFailed,
  unsubscribe,
  type CoverageAlertDependencies,
} from './service';

const MODULE = 'waitlist';
const OPS_MODULE = 'ops';

export type CoverageAlertPluginOptions = {
  alerts: CoverageAlertDependencies;
  /** Operator tokens (/api/ops). */
  opsAuth: Auth;
};

/** ADR 094: the alert's links (no account: the signed token is the proof) and the planner's view. */
export const coverageAlertPlugin: FastifyPluginAsyncZod<CoverageAlertPluginOptions> = async (
  app,
  { alerts, opsAuth },
) => {
  registerCall(app, arrivedAddressCall, { module: MODULE }, async ({ body }) => {
    const address = (await arrivedAddress(alerts, body.token)) as TArrivedAddress;
    return ok(MODULE, { address });
  });

  registerCall(app, waitlistUnsubscribeCall, { module: MODULE }, async ({ body }) => {
    await unsubscribe(alerts, body.token);
    return ok(MODULE, { unsubscribed: true as const });
  });

  const opsCall = { module: OPS_MODULE, auth: opsAuth } as const;
  registerCall(app, opsCoverageAlertsCall, opsCall, async ({ principal }) => {
    await requireOperator(alerts.db, principal, ['network_planner']);
    return ok(OPS_MODULE, { counts: await countAlerts(alerts.db) });
  });

  registerCall(app, opsRetryCoverageAlertsCall, opsCall, async ({ principal }) => {
    await requireOperator(alerts.db, principal, ['network_planner']);
    return ok(OPS_MODULE, { requeued: await retryFailed(alerts, 'all') });
  });
};
