import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { waitlistCountCall } from '@konek/contract/waitlist-count';
import { slotAlertCall } from '@konek/contract/slot-alert';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import type { Auth } from '../../platform/auth/target-ownership';
import { countRequestsInArea } from './service';
import { requestSlotAlert, type SlotAlertChecks, type SlotAlertDependencies } from './slot-alerts';

const MODULE = 'waitlist';

export type WaitlistPluginOptions = {
  auth: Auth;
  slotAlerts: SlotAlertDependencies;
  slotAlertChecks: SlotAlertChecks;
};

/**
 * The number of notify-me requests in an area (the waitlist counter of the no-coverage screen), and
 * "tell me when a slot opens" on noavailableslots (ADR 044).
 */
export const waitlistPlugin: FastifyPluginAsyncZod<WaitlistPluginOptions> = async (
  app,
  { auth, slotAlerts, slotAlertChecks },
) => {
  registerCall(app, waitlistCountCall, { module: MODULE }, async ({ body }) =>
    ok(MODULE, { requests: await countRequestsInArea(slotAlerts.db, body) }),
  );

  registerCall(app, slotAlertCall, { module: MODULE, auth }, async ({ body, principal }) => {
    const slotAlert = await requestSlotAlert(slotAlerts, principal, body.target_id);
    // A place may be open already (a hold that has just expired): checked soon, not in this request.
    slotAlertChecks.poke();
    return ok(MODULE, { slot_alert: slotAlert });
  });
};
