import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TBookableSlot } from '@konek/contract/appointments';
import { manilaDayOf, type TSlotPeriod, type TTimeSlot } from '@konek/contract/slot-period';
import { moveAppointment } from '../../lib/appointments';
import { isError } from '../../lib/call';
import { dayText } from '../../lib/formats';
import { scheduleModel, type DayKey, type ScheduleModel } from '../../lib/schedule-model';
import { fetchBookableSlots } from '../../lib/time-slots';
import { Button } from '../../ui/button';
import { FormAlert } from '../../ui/form-alert';
import { PeriodPicker } from '../../ui/period-picker';
import { ScreenLoading } from '../../ui/screen-loading';
import { SlotCalendar } from '../../ui/slot-calendar';
import styles from './track.module.css';
import { i18n, msg } from '../../i18n/i18n';

// ADR 050: a new installation time for a paid order (before the visit, or after a missed or delayed
// one): the schedule step's calendar with the places free for this booking (get_available_time_slots with
// its appointment_id), then update_appointment. ADR 080: the calendar opens on the booked day while it
// can still be booked (the booking's own place counts as free), else on the first free day.

type ReschedulePanelProps = {
  accountId: string;
  appointmentId: string;
  /** The time booked now, if any. */
  booked: TTimeSlot | null;
  onDone: (slot: TBookableSlot) => void;
  onClose: () => void;
};

type Problem = 'taken' | 'refused' | 'failed';

const PROBLEM_TEXTS: Record<Problem, string> = {
  taken: msg(
    /*i18n*/ 'Sorry, someone else just booked that time. Please choose another day or time.',
  ),
  refused: msg(
    /*i18n*/ "The installation time can't be changed any more: your technician may already be on the way.",
  ),
  failed: msg(/*i18n*/ "We couldn't change your installation time. Please try again."),
};

export function ReschedulePanel({
  accountId,
  appointmentId,
  booked,
  onDone,
  onClose,
}: ReschedulePanelProps) {
  const slots = useQuery({
    queryKey: ['track-slots', appointmentId],
    queryFn: ({ signal }) => fetchBookableSlots(accountId, appointmentId, signal),
    staleTime: 0,
    gcTime: 0,
  });
  const model =
    slots.data?.kind === 'ok' && !slots.isFetching ? scheduleModel(slots.data.slots) : null;
  return (
    <section className={styles.card} aria-labelledby="reschedule-title">
      <h2 id="reschedule-title" className={styles.cardTitle}>
        {i18n._('Choose a new installation time')}
      </h2>
      {slots.isPending || slots.isFetching ? (
        <ScreenLoading label={i18n._('Finding installation dates…')} />
      ) : slots.data?.kind !== 'ok' ? (
        <FormAlert tone="error">{i18n._("We couldn't load installation dates.")}</FormAlert>
      ) : model ? (
        <SlotChooser
          key={slots.dataUpdatedAt}
          model={model}
          bookedDay={booked ? manilaDayOf(booked.start_time) : null}
          accountId={accountId}
          appointmentId={appointmentId}
          onDone={onDone}
          onTaken={() => void slots.refetch()}
        />
      ) : (
        <FormAlert tone="warning">
          {i18n._('There are no free installation times right now. Please check again later.')}
        </FormAlert>
      )}
      <div>
        <Button variant="link" onClick={onClose} data-tag="track_reschedule_close">
          {i18n._('Keep my current time')}
        </Button>
      </div>
    </section>
  );
}

type SlotChooserProps = {
  model: ScheduleModel;
  bookedDay: DayKey | null;
  accountId: string;
  appointmentId: string;
  onDone: (slot: TBookableSlot) => void;
  onTaken: () => void;
};

function SlotChooser({
  model,
  bookedDay,
  accountId,
  appointmentId,
  onDone,
  onTaken,
}: SlotChooserProps) {
  const [day, setDay] = useState<DayKey>(
    bookedDay && model.days.has(bookedDay) ? bookedDay : model.firstDay,
  );
  const [period, setPeriod] = useState<TSlotPeriod | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const slot = period ? model.days.get(day)?.[period] : undefined;

  const onConfirm = async () => {
    if (!slot) return;
    setIsBusy(true);
    setProblem(null);
    const result = await moveAppointment(accountId, appointmentId, slot);
    setIsBusy(false);
    if (result.ok) {
      onDone(slot);
      return;
    }
    if (
      isError(result, 'appointments', 'TIME_SLOT_NOT_FOUND') ||
      isError(result, 'appointments', 'INVALID_TIME_SLOT')
    ) {
      setProblem('taken');
      onTaken();
      return;
    }
    setProblem(result.status === 409 || result.status === 403 ? 'refused' : 'failed');
  };

  return (
    <div className={styles.stack}>
      <SlotCalendar
        model={model}
        selectedDay={day}
        onSelectDay={(next) => {
          setDay(next);
          setPeriod(null);
        }}
      />
      <div className={styles.periodsBlock}>
        <p className={styles.dayText}>{dayText(day)}</p>
        <PeriodPicker day={model.days.get(day) ?? {}} chosen={period} onChoose={setPeriod} />
      </div>
      {problem ? <FormAlert tone="warning">{i18n._(PROBLEM_TEXTS[problem])}</FormAlert> : null}
      {slot ? null : (
        <p id="reschedule-hint" className={styles.text}>
          {i18n._('Choose Morning or Afternoon to continue.')}
        </p>
      )}
      <Button
        size="large"
        disabled={!slot}
        aria-describedby={slot ? undefined : 'reschedule-hint'}
        isLoading={isBusy}
        onClick={() => void onConfirm()}
        data-tag="track_reschedule_confirm"
      >
        {i18n._('Set new time')}
      </Button>
    </div>
  );
}
