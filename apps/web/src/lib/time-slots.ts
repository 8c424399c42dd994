import { getAvailableTimeSlotsCall, type TBookableSlot } from '@konek/contract/appointments';
import { RETRY_DELAY_MS, TIMESLOT_FETCH_ATTEMPTS } from '@konek/contract/constants';
import { slotPeriod, sortSlotsByEnd } from '@konek/contract/slot-period';
import { call, type CallFailure } from './call';
import { retryCall } from './retry';

// product §4.3 step 8 and §4.4: the installation slots of the customer's account, fetched with up to 3
// tries 1 s apart (product §9). Only a morning or an afternoon slot can be booked (product §4.4
// classification), so the others are left out; what remains is sorted by end time. The details submit
// and the schedule page both ask, so it lives here.

export type SlotsOutcome =
  | { kind: 'ok'; slots: TBookableSlot[] }
  /** The fetch failed every try (product §8: scheduleerror). */
  | { kind: 'failed'; failure: CallFailure };

/** The bookable slots of `accountId`; for a reschedule, the slot `appointmentId` holds counts as free. */
export async function fetchBookableSlots(
  accountId: string,
  appointmentId?: string,
  signal?: AbortSignal,
): Promise<SlotsOutcome> {
  const result = await retryCall(
    () =>
      call(
        getAvailableTimeSlotsCall,
        {
          target_id: accountId,
          ...(appointmentId ? { appointment_id: appointmentId } : {}),
        },
        { signal },
      ),
    { attempts: TIMESLOT_FETCH_ATTEMPTS, delayMs: RETRY_DELAY_MS },
  );
  if (!result.ok) return { kind: 'failed', failure: result };
  return { kind: 'ok', slots: bookableSlots(result.reply.time_slots) };
}

/** product §3 time_slots keyed by id → the am/pm slots, sorted by end time (product §4.4). */
export function bookableSlots(
  timeSlots: Readonly<Record<string, { start_time: string; end_time: string }>>,
): TBookableSlot[] {
  const slots = Object.entries(timeSlots).map(([id, slot]) => ({ id, ...slot }));
  return sortSlotsByEnd(slots.filter((slot) => slotPeriod(slot) !== null));
}
