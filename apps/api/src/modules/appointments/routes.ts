import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getAppointmentsCall,
  getAvailableTimeSlotsCall,
  reserveAppointmentCall,
  updateAppointmentCall,
} from '@konek/contract/appointments';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import type { Auth } from '../../platform/auth/target-ownership';
import {
  appointmentsOf,
  availableTimeSlots,
  ensureCalendar,
  reserveAppointment,
  updateAppointment,
  type AppointmentDependencies,
} from './service';

const MODULE = 'appointments';

export type AppointmentsPluginOptions = AppointmentDependencies & { auth: Auth };

/** product §7.2 /api/v3/appointmentv4/* (account target, ADR 035). */
export const appointmentsPlugin: FastifyPluginAsyncZod<AppointmentsPluginOptions> = async (
  app,
  options,
) => {
  const { auth, ...deps } = options;
  const call = { module: MODULE, auth };
  // ADR 035: the demo calendar is topped up on every start (and once a day after).
  await ensureCalendar(deps, deps.clock.now());

  registerCall(app, getAvailableTimeSlotsCall, call, async ({ body }) =>
    ok(MODULE, {
      time_slots: await availableTimeSlots(deps, body.target_id, body.appointment_id),
    }),
  );

  // ADR 043: one round trip — the statement that books also checks the token's revocation cutoff.
  // ADR 037: its reply is built from literals of the reply's type (service.ts toAppointment) and is
  // always below the compression threshold, so it is written without the zod encode and the hook.
  const reserveCall = {
    ...call,
    revocationCheckedByHandler: true as const,
    isReplyTrusted: true,
    isNeverCompressed: true,
  };
  registerCall(app, reserveAppointmentCall, reserveCall, async ({ body, principal }) => {
    const result = await reserveAppointment(deps, principal, body.target_id, body.time_slot);
    return ok(MODULE, { reservation_id: result.reservationId, appointment: result.appointment });
  });

  registerCall(app, updateAppointmentCall, call, async ({ body }) => {
    const result = await updateAppointment(
      deps,
      body.target_id,
      body.appointment_id,
      body.time_slot,
    );
    return ok(MODULE, { reservation_id: result.reservationId, appointment: result.appointment });
  });

  registerCall(app, getAppointmentsCall, call, async ({ body }) =>
    ok(MODULE, { appointments: await appointmentsOf(deps, body.target_id) }),
  );
};
