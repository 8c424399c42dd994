import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAppointment } from '@konek/contract/appointments';
import { ensureAccount } from '../../lib/auth-session';
import { isError } from '../../lib/call';
import { getSession } from '../../lib/session';
import { loadJourney } from '../../lib/session-journey';
import { fetchBookableSlots } from '../../lib/time-slots';
import { webConfigQuery } from '../../lib/web-config';
import { currentAppointmentOf, fetchActiveAppointments } from '../../lib/appointments';
import { scheduleModel, type ScheduleModel } from '../../lib/schedule-model';

export type ScheduleData =
  | { kind: 'ready'; accountId: string; appointment: TAppointment | null; model: ScheduleModel }
  /** No morning or afternoon slot at all (product §4.4: noavailableslots). */
  | { kind: 'none' }
  /** The slots could not be fetched in 3 tries (product §8: scheduleerror). */
  | { kind: 'failed' }
  /** No network reservation to book for (none yet, or its hold expired): the details step makes it. */
  | { kind: 'no-network' };

/**
 * The slots of a customer who holds no booking, asked for beside the reads that say whether they hold
 * one; `cancel` stops it when they do (a reschedule asks again with the booking's id).
 */
function slotsIfNoBooking(accountId: string, signal: AbortSignal) {
  const controller = new AbortController();
  const stop = () => controller.abort(signal.reason);
  signal.addEventListener('abort', stop, { once: true });
  const slots = fetchBookableSlots(accountId, undefined, controller.signal).finally(() =>
    signal.removeEventListener('abort', stop),
  );
  // Cancelled, it is not awaited: its rejection is nobody's error.
  slots.catch(() => undefined);
  return { slots, cancel: () => controller.abort() };
}

async function loadSchedule(
  loadOperatorName: () => Promise<string>,
  signal: AbortSignal,
): Promise<ScheduleData> {
  const session = getSession();
  if (!session) return { kind: 'failed' };
  const accountId = session.accountId ?? (await ensureAccount(await loadOperatorName()));
  if (!accountId) return { kind: 'failed' };
  // On a phone's network each read is a round trip, so they go together rather than one after another:
  // the stored context, the bookings and, unless this session already knows of a booking, the slots.
  const early = session.journey?.internalAppointmentId ? null : slotsIfNoBooking(accountId, signal);
  const [journey, active] = await Promise.all([
    loadJourney(),
    fetchActiveAppointments(accountId, signal),
  ]);
  // product §7.1: a reschedule passes the booking's id, so its own place counts as free.
  const appointment = currentAppointmentOf(active, journey?.internalAppointmentId);
  if (appointment) early?.cancel();
  const slots =
    appointment || !early
      ? await fetchBookableSlots(accountId, appointment?.appointment_id, signal)
      : await early.slots;
  if (slots.kind === 'failed') {
    return isError(slots.failure, 'appointments', 'NO_RESOURCE')
      ? { kind: 'no-network' }
      : { kind: 'failed' };
  }
  const model = scheduleModel(slots.slots);
  return model ? { kind: 'ready', accountId, appointment, model } : { kind: 'none' };
}

/** product §4.4 "On load, fetch time slots": fetched each time the page opens, and again on demand. */
export function useScheduleData() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['schedule'],
    queryFn: ({ signal }) =>
      loadSchedule(async () => (await queryClient.fetchQuery(webConfigQuery)).operatorName, signal),
    staleTime: 0,
    gcTime: 0,
  });
}
