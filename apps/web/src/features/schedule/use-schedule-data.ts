import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAppointment } from '@konek/contract/appointments';
import { ensureAccount } from '../../lib/auth-session';
import { isError } from '../../lib/call';
import { getSession } from '../../lib/session';
import { loadJourney } from '../../lib/session-journey';
import { fetchBookableSlots } from '../../lib/time-slots';
import { webConfigQuery } from '../../lib/web-config';
import { fetchCurrentAppointment } from '../../lib/appointments';
import { scheduleModel, type ScheduleModel } from '../../lib/schedule-model';

export type ScheduleData =
  | { kind: 'ready'; accountId: string; appointment: TAppointment | null; model: ScheduleModel }
  /** No morning or afternoon slot at all (product §4.4: noavailableslots). */
  | { kind: 'none' }
  /** The slots could not be fetched in 3 tries (product §8: scheduleerror). */
  | { kind: 'failed' }
  /** No network reservation to book for (none yet, or its hold expired): the details step makes it. */
  | { kind: 'no-network' };

async function loadSchedule(
  loadOperatorName: () => Promise<string>,
  signal: AbortSignal,
): Promise<ScheduleData> {
  const session = getSession();
  if (!session) return { kind: 'failed' };
  const journey = await loadJourney();
  const accountId = session.accountId ?? (await ensureAccount(await loadOperatorName()));
  if (!accountId) return { kind: 'failed' };
  // product §7.1: a reschedule passes the booking's id, so its own place counts as free.
  const appointment = await fetchCurrentAppointment(
    accountId,
    journey?.internalAppointmentId,
    signal,
  );
  const slots = await fetchBookableSlots(accountId, appointment?.appointment_id, signal);
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
