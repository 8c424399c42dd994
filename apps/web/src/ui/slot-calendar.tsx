import { DayPicker, type Modifiers } from 'react-day-picker';
import 'react-day-picker/style.css';
import { manilaDayOf } from '@konek/contract/slot-period';
import { calendarDate, dayKeyOfCalendarDate } from '../lib/manila-dates';
import { dayText, monthText } from '../lib/formats';
import type { DayKey, ScheduleModel } from '../lib/schedule-model';
import styles from './slot-calendar.module.css';
import { i18n } from '../i18n/i18n';

type SlotCalendarProps = {
  model: ScheduleModel;
  selectedDay: DayKey | null;
  onSelectDay: (day: DayKey) => void;
};

/**
 * product §2.5 / §4.4: the calendar from the earliest to the latest slot end, opening on the first day
 * with a free slot; days without a free place are disabled. Each day's name says whether it can be booked.
 * react-day-picker's grid gives the keyboard: arrows move between days, Home/End to the
 * week's ends, PageUp/PageDown by a month (screen test), to a day that can be booked.
 *
 * Its days are Manila days, given to it as local dates of the same year, month and day (calendarDate),
 * and "today" is Manila's: the calendar's own time zone support would make every date it computes a
 * time-zone date, each asking Intl for Manila's offset (ADR 075).
 */
/** The month of a calendar date (a local date standing for a Manila day, ADR 075). */
const calendarMonthText = (month: Date) => monthText(month.getFullYear(), month.getMonth() + 1);

export function SlotCalendar({ model, selectedDay, onSelectDay }: SlotCalendarProps) {
  const isBookable = (date: Date) => model.days.has(dayKeyOfCalendarDate(date));
  const dayLabel = (date: Date, modifiers: Modifiers) => {
    const day = dayText(dayKeyOfCalendarDate(date));
    if (modifiers.selected) return i18n._('{day}, selected', { day });
    if (modifiers.outside) return day;
    return modifiers.disabled
      ? i18n._('{day}, no installation slots', { day })
      : i18n._('{day}, installation slots available', { day });
  };
  return (
    <DayPicker
      className={styles.calendar}
      mode="single"
      required
      today={calendarDate(manilaDayOf(new Date().toISOString()))}
      selected={selectedDay ? calendarDate(selectedDay) : undefined}
      onSelect={(date) => onSelectDay(dayKeyOfCalendarDate(date))}
      defaultMonth={calendarDate(selectedDay ?? model.firstDay)}
      startMonth={calendarDate(model.earliest)}
      endMonth={calendarDate(model.latest)}
      disabled={(date) => !isBookable(date)}
      modifiers={{ bookable: isBookable }}
      modifiersClassNames={{ bookable: styles.bookable ?? '' }}
      // The month's caption and its grid's name are dates too: written as every other (ADR 083).
      formatters={{ formatCaption: calendarMonthText }}
      labels={{
        labelGrid: calendarMonthText,
        labelDayButton: dayLabel,
        labelNext: () => i18n._('Next month'),
        labelPrevious: () => i18n._('Previous month'),
        labelNav: () => i18n._('Months'),
      }}
    />
  );
}
