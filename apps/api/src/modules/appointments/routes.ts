import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getAppointmentsCall,
  getAvailableTimeSlotsCall,
  reserveAppointmentCall,
  updateAppointmentCall,
} from '@konek/contract/appointments';
import {
  opsAddClosedDayCall,
  opsClosedDaysCall,
  opsRemoveClosedDayCall,
  type TClosedDay,
} from '@konek/contract/ops-closed-days';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import type { Auth } from '../../platform/auth/target-ownership';
import { operatorById, requireOperator } from '../operators/service';
import {
  appointmentsOf,
  availableTimeSlots,
  closeDay,
  closedDaysAhead,
  ensureCalendar,
  openDay,
  type ClosedDay,
  reserveAppointment,
  updateAppointment,
  type AppointmentDependencies,
} from './service';

const MODULE = 'appointments';
const OPS_MODULE = 'ops';

export type AppointmentsPluginOptions = AppointmentDependencies & {
  auth: Auth;
  /** Operator tokens (/api/ops): the dispatchers' closed days (ADR 083). */
  opsAuth: Auth;
};

/** product §7.2 /api/v3/appointmentv4/* (account target, ADR 035). */
export const appointmentsPlugin: FastifyPluginAsyncZod<AppointmentsPluginOptions> = async (
  app,
  options,
) => {
  const { auth, opsAuth, ...deps } = options;
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

  // ADR 083: the days closed to installations, for dispatchers (a technician's token is refused).
  const opsCall = { module: OPS_MODULE, auth: opsAuth };
  const closedDayReply = async (closed: ClosedDay): Promise<TClosedDay> => {
    const by = closed.addedBy === null ? undefined : await operatorById(deps.db, closed.addedBy);
    return {
      day: closed.day,
      source: closed.source,
      reason: closed.reason,
      added_by: by ? { user_id: by.id, first_name: by.firstName } : null,
      added_at: closed.addedAt?.toISOString() ?? null,
      bookings: closed.bookings,
    };
  };

  registerCall(app, opsClosedDaysCall, opsCall, async ({ principal }) => {
    await requireOperator(deps.db, principal, ['dispatcher']);
    const days = await closedDaysAhead(deps);
    return ok(OPS_MODULE, { closed_days: await Promise.all(days.map(closedDayReply)) });
  });

  registerCall(app, opsAddClosedDayCall, opsCall, async ({ body, principal }) => {
    const dispatcher = await requireOperator(deps.db, principal, ['dispatcher']);
    const closed = await closeDay(deps, dispatcher.id, body.day, body.reason);
    return ok(OPS_MODULE, { closed_day: await closedDayReply(closed) });
  });

  registerCall(app, opsRemoveClosedDayCall, opsCall, async ({ body, principal }) => {
    const dispatcher = await requireOperator(deps.db, principal, ['dispatcher']);
    await openDay(deps, dispatcher.id, body.day);
    return ok(OPS_MODULE, { day: body.day });
  });
};
