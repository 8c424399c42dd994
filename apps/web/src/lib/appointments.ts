import {
  ACTIVITY_TYPE_INSTALLATION,
  getAppointmentsCall,
  reserveAppointmentCall,
  updateAppointmentCall,
  type TAppointment,
  type TBookableSlot,
} from '@konek/contract/appointments';
import { RESERVE_APPOINTMENT_ATTEMPTS, RETRY_DELAY_MS } from '@konek/contract/constants';
import { call } from './call';
import { retryCall } from './retry';

const RETRIES = { attempts: RESERVE_APPOINTMENT_ATTEMPTS, delayMs: RETRY_DELAY_MS };

/**
 * product §7.1 get appointments: the installations the customer holds now (held for payment or
 * confirmed). A failure reads as none: booking then reserves anew.
 */
export async function fetchActiveAppointments(
  accountId: string,
  signal?: AbortSignal,
): Promise<TAppointment[]> {
  const result = await call(getAppointmentsCall, { target_id: accountId }, { signal });
  if (!result.ok) return [];
  return result.reply.appointments.filter(
    (appointment) => appointment.status === 'held' || appointment.status === 'confirmed',
  );
}

/** Of the active installations, the one the stored context names, else the first; null for none. */
export function currentAppointmentOf(
  active: readonly TAppointment[],
  preferredId: string | undefined,
): TAppointment | null {
  return (
    active.find((appointment) => appointment.appointment_id === preferredId) ?? active[0] ?? null
  );
}

/** product §7.1 reserve appointment: up to 3 attempts, 1 s apart (product §9). */
export function reserveAppointment(accountId: string, slot: TBookableSlot) {
  return retryCall(
    () =>
      call(reserveAppointmentCall, {
        target_id: accountId,
        time_slot: slot,
      }),
    RETRIES,
  );
}

/** product §7.1 update appointment: the booking moves to `slot` (activity_type "Installation"). */
export function moveAppointment(accountId: string, appointmentId: string, slot: TBookableSlot) {
  return retryCall(
    () =>
      call(updateAppointmentCall, {
        target_id: accountId,
        time_slot: slot,
        appointment_id: appointmentId,
        activity_type: ACTIVITY_TYPE_INSTALLATION,
      }),
    RETRIES,
  );
}
