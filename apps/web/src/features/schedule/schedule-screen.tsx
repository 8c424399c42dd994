import { useDeferredValue, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { TAppointment } from '@konek/contract/appointments';
import { PATHS } from '@konek/contract/routes';
import type { TSlotPeriod } from '@konek/contract/slot-period';
import { readScheduleNotice, type TScheduleNotice } from '../../lib/schedule-notice';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { ButtonLink } from '../../ui/button-link';
import { FormAlert } from '../../ui/form-alert';
import { InfoIcon } from '../../ui/icons';
import { ScreenLoading } from '../../ui/screen-loading';
import { ScreenPage } from '../../ui/screen-page';
import { dayText, slotText } from '../../lib/formats';
import { PeriodPicker } from '../../ui/period-picker';
import type { DayKey, ScheduleModel } from '../../lib/schedule-model';
import { setSchedule, type ChooseAgainReason } from './set-schedule';
import { SlotCalendar } from '../../ui/slot-calendar';
import { useScheduleData } from './use-schedule-data';
import styles from './schedule-screen.module.css';
import { i18n, msg } from '../../i18n/i18n';

const CHOOSE_AGAIN_TEXTS: Record<ChooseAgainReason, string> = {
  taken: msg(
    /*i18n*/ 'Sorry, someone else just booked that time. The calendar now shows what is still free: please choose another day or time.',
  ),
  expired: msg(
    /*i18n*/ 'Your earlier booking is no longer held for you. Please choose a day and time again.',
  ),
  invalid: msg(
    /*i18n*/ 'That time can no longer be booked. The calendar now shows what is still free: please choose another.',
  ),
};

// ADR 045: why the pay step sent the customer back here.
const PAY_NOTICE_TEXTS: Record<TScheduleNotice, string> = {
  'hold-expired': msg(
    /*i18n*/ 'The installation time we held for you has run out. Please choose a day and time again, then pay. Nothing was charged.',
  ),
  'paid-needs-new-time': msg(
    /*i18n*/ 'We received your payment, but the installation time you chose was taken while you paid. Please choose a new day and time — there is nothing more to pay.',
  ),
  'period-blocked': msg(
    /*i18n*/ 'We cannot install at the time you had booked. Please choose a new day and time — your payment is kept and there is nothing more to pay.',
  ),
};

/**
 * product §2.5 /serviceability/schedule (journey step 3): a calendar of the days with a free installation
 * place, the day's Morning / Afternoon, and Set schedule, which holds the place and goes to pay. The
 * route needs a signed-in customer whose address fibre reaches (app/sign-in-gate, app/coverage-gate).
 */
export function ScheduleScreen() {
  const data = useScheduleData();
  const location = useLocation();
  const payNotice = readScheduleNotice(location.state);
  const [notice, setNotice] = useState<ChooseAgainReason | null>(null);
  // The day the customer had chosen when a time was refused: the fresh calendar stays on it if it still
  // has a free place.
  const [refusedDay, setRefusedDay] = useState<DayKey | null>(null);
  const ready = data.data?.kind === 'ready' && !data.isFetching ? data.data : null;
  // The calendar is the screen's largest render: React draws it in the background, in slices, while the
  // loading card stays, so a slow phone keeps responding meanwhile. A refresh takes it away at once.
  const deferred = useDeferredValue(ready);
  const picker = ready === null ? null : deferred;
  if (data.data?.kind === 'failed') return <Navigate to={PATHS.scheduleerror} replace />;
  if (data.data?.kind === 'none') return <Navigate to={PATHS.noavailableslots} replace />;
  return (
    <ScreenPage className={styles.screen} aria-labelledby="schedule-title">
      <div className={`container ${styles.layout}`}>
        {/* ADR 072: the page carries this intro for a signed-in customer, drawn before the app runs. */}
        <div className={styles.intro} data-intro="">
          <header className={styles.header}>
            <h1 id="schedule-title" className={styles.title}>
              {i18n._('Schedule installation')}
            </h1>
            <p className={styles.lead}>
              {i18n._('Please select an installation date and time below.')}
            </p>
          </header>
          <div className={styles.note}>
            <InfoIcon className={styles.noteIcon} />
            <p>
              {i18n._(
                'Please have any permits your building or subdivision requires ready on the day, and note that the technician may mount the modem on a wall near where the fibre enters your home.',
              )}
            </p>
          </div>
        </div>
        {payNotice ? (
          <FormAlert tone="warning">{i18n._(PAY_NOTICE_TEXTS[payNotice])}</FormAlert>
        ) : null}
        {data.data?.kind === 'no-network' ? (
          <NoNetwork />
        ) : picker !== null ? (
          <SchedulePicker
            // A fresh calendar after a refusal: the chosen day and time start again.
            key={data.dataUpdatedAt}
            accountId={picker.accountId}
            appointment={picker.appointment}
            model={picker.model}
            notice={notice}
            refusedDay={refusedDay}
            onChooseAgain={(reason, day) => {
              setNotice(reason);
              setRefusedDay(day);
              void data.refetch();
            }}
          />
        ) : (
          <div className={styles.card}>
            <ScreenLoading label={i18n._('Finding installation dates…')} />
          </div>
        )}
      </div>
    </ScreenPage>
  );
}

/** The network reservation is gone (its hold expired): the details step reserves it again. */
function NoNetwork() {
  return (
    <div className={styles.card}>
      <FormAlert
        tone="warning"
        title={i18n._('Your fibre connection is no longer reserved')}
        action={
          <ButtonLink to={PATHS.filloutdetail} data-tag="schedule_reserve_again">
            {i18n._('Reserve it again')}
          </ButtonLink>
        }
      >
        {i18n._(
          'The connection we held for your home has been released. Submit your details again to reserve one, then choose your installation time.',
        )}
      </FormAlert>
    </div>
  );
}

type SchedulePickerProps = {
  accountId: string;
  appointment: TAppointment | null;
  model: ScheduleModel;
  notice: ChooseAgainReason | null;
  /** The day chosen when the last time was refused, if any. */
  refusedDay: DayKey | null;
  onChooseAgain: (reason: ChooseAgainReason, day: DayKey) => void;
};

function SchedulePicker({
  accountId,
  appointment,
  model,
  notice,
  refusedDay,
  onChooseAgain,
}: SchedulePickerProps) {
  const navigate = useNavigate();
  const session = useSession();
  const bookedDay = appointment ? bookedDayOf(appointment, model) : null;
  // product §4.4: the calendar opens on the first day with a free slot (or the day already booked, or
  // the day whose time was just taken, while it still has a free one).
  const stillFreeDay = refusedDay !== null && model.days.has(refusedDay) ? refusedDay : null;
  const [day, setDay] = useState<DayKey>(stillFreeDay ?? bookedDay ?? model.firstDay);
  const [period, setPeriod] = useState<TSlotPeriod | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [problem, setProblem] = useState<'representative' | 'no-network' | null>(null);
  const daySlots = model.days.get(day) ?? {};
  const slot = period ? daySlots[period] : undefined;

  const chooseDay = (next: DayKey) => {
    // product §4.4: clicking a day resets the selection.
    setDay(next);
    setPeriod(null);
    setProblem(null);
  };

  const onSetSchedule = async () => {
    if (!slot || !session) return;
    setIsBusy(true);
    setProblem(null);
    const outcome = await setSchedule({ userId: session.userId, accountId, slot, appointment });
    setIsBusy(false);
    if (outcome.kind === 'go') await navigate(outcome.to);
    else if (outcome.kind === 'choose-again') onChooseAgain(outcome.reason, day);
    else setProblem(outcome.kind === 'representative-needed' ? 'representative' : 'no-network');
  };

  if (problem === 'no-network') return <NoNetwork />;
  return (
    <div className={styles.picker}>
      <section className={styles.card} aria-labelledby="schedule-date-title">
        <h2 id="schedule-date-title" className={styles.cardTitle}>
          {i18n._('Choose a date')}
        </h2>
        <SlotCalendar model={model} selectedDay={day} onSelectDay={chooseDay} />
        <p className={styles.legend}>
          <span className={styles.legendDot} aria-hidden="true" />
          {i18n._('Days with a dot have installation slots open.')}
        </p>
      </section>
      <section className={styles.card} aria-labelledby="schedule-time-title">
        <h2 id="schedule-time-title" className={styles.cardTitle}>
          {i18n._('Choose a time')}
        </h2>
        <p className={styles.dayText}>{dayText(day)}</p>
        <PeriodPicker day={daySlots} chosen={period} onChoose={setPeriod} />
        {appointment && bookedDay ? (
          <p className={styles.muted}>
            {i18n._('Your installation is booked for {time}. Choose a new time to change it.', {
              time: slotText(appointment.time_slot),
            })}
          </p>
        ) : null}
        {notice ? <FormAlert tone="warning">{i18n._(CHOOSE_AGAIN_TEXTS[notice])}</FormAlert> : null}
        {problem === 'representative' ? (
          <FormAlert
            action={
              <ButtonLink to={PATHS.filloutdetail} variant="link" data-tag="schedule_edit_details">
                {i18n._('Edit my details')}
              </ButtonLink>
            }
          >
            {i18n._(
              'You said you will not be home, but your authorized representative’s details are not complete. Please add them before booking.',
            )}
          </FormAlert>
        ) : null}
        <p className={styles.choice} role="status">
          {slot && period
            ? i18n._('Installation on {time}', { time: slotText(slot) })
            : i18n._('Choose Morning or Afternoon to continue.')}
        </p>
        <div className={styles.actions}>
          <Button
            size="large"
            className={styles.submit}
            disabled={!slot}
            isLoading={isBusy}
            onClick={() => void onSetSchedule()}
            data-tag="schedule_set"
          >
            {i18n._('Set schedule')}
          </Button>
          <ButtonLink to={PATHS.filloutdetail} variant="link" data-tag="schedule_back">
            {i18n._('Back')}
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}

/** The day of the booking the customer holds, when the calendar can show it. */
function bookedDayOf(appointment: TAppointment, model: ScheduleModel): DayKey | null {
  for (const [key, slots] of model.days) {
    if (slots.am?.id === appointment.time_slot.id || slots.pm?.id === appointment.time_slot.id) {
      return key;
    }
  }
  return null;
}
