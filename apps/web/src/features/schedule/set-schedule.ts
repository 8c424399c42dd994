import type { TAppointment, TBookableSlot } from '@konek/contract/appointments';
import { PATHS } from '@konek/contract/routes';
import { appointmentTimeText } from '@konek/contract/slot-period';
import { isError } from '../../lib/call';
import { readDetailsDraft } from '../../lib/details-draft';
import { saveChosenSlot } from '../../lib/journey-store';
import { ZRepresentative } from '../../lib/representative';
import { recordJourneyStep } from '../../lib/session-journey';
import { moveAppointment, reserveAppointment } from '../../lib/appointments';

// product §4.4 Set schedule: stop when a needed representative is not valid; hold the place (or move the
// booking the customer already has); on code 0 keep the booked time in the stored context and go to pay;
// otherwise servererror — except a place taken or a hold expired meanwhile, which the customer simply
// chooses again on a fresh calendar (product §8 TIME_SLOT_NOT_FOUND 3, RESERVATION_EXPIRED 6,
// INVALID_TIME_SLOT 15).

export type ChooseAgainReason = 'taken' | 'expired' | 'invalid';

export type SetScheduleOutcome =
  | { kind: 'go'; to: string }
  /** The customer said they will not be home, and their representative is not complete. */
  | { kind: 'representative-needed' }
  /** The network reservation is gone (its hold expired): the details step reserves it again. */
  | { kind: 'no-network' }
  | { kind: 'choose-again'; reason: ChooseAgainReason };

/** product §4.4: "If a representative is needed and invalid, stop." */
export function isRepresentativeMissing(userId: string): boolean {
  const draft = readDetailsDraft(userId);
  return draft?.isPresent === 'No' && !ZRepresentative.safeParse(draft.representative).success;
}

export async function setSchedule({
  userId,
  accountId,
  slot,
  appointment,
}: {
  userId: string;
  accountId: string;
  slot: TBookableSlot;
  /** The booking the customer holds already: it is moved rather than a second one made. */
  appointment: TAppointment | null;
}): Promise<SetScheduleOutcome> {
  if (isRepresentativeMissing(userId)) return { kind: 'representative-needed' };
  const result = appointment
    ? await moveAppointment(accountId, appointment.appointment_id, slot)
    : await reserveAppointment(accountId, slot);
  if (result.ok) {
    saveChosenSlot({ timeSlotId: slot.id, start: slot.start_time, end: slot.end_time });
    await recordJourneyStep(PATHS.pay, {
      appointment_booking: true,
      appointmentTime: appointmentTimeText(slot),
      internalAppointmentId: result.reply.appointment.appointment_id,
    });
    return { kind: 'go', to: PATHS.pay };
  }
  if (isError(result, 'appointments', 'TIME_SLOT_NOT_FOUND')) {
    return { kind: 'choose-again', reason: 'taken' };
  }
  if (isError(result, 'appointments', 'INVALID_TIME_SLOT')) {
    return { kind: 'choose-again', reason: 'invalid' };
  }
  if (
    isError(result, 'appointments', 'RESERVATION_EXPIRED') ||
    isError(result, 'appointments', 'APPOINTMENT_NOT_FOUND')
  ) {
    return { kind: 'choose-again', reason: 'expired' };
  }
  if (isError(result, 'appointments', 'NO_RESOURCE')) return { kind: 'no-network' };
  return { kind: 'go', to: PATHS.servererror };
}
