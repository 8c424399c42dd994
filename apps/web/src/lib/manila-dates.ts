import { dayKey, dayParts, type DayKey } from './schedule-model';

// Installation days are Manila days (product §4.4), whatever zone the browser is in. How a day reads is
// formats.ts's (ADR 083); here a Manila day goes to the calendar and back.

/**
 * The calendar's date for a Manila day: noon of that date in the browser's own zone (the calendar works
 * in local dates, ADR 075), so it shows as that day wherever the browser is.
 */
export function calendarDate(key: DayKey): Date {
  const { year, month, day } = dayParts(key);
  return new Date(year, month - 1, day, 12);
}

/** The Manila day a calendar date stands for (calendarDate's inverse). */
export function dayKeyOfCalendarDate(date: Date): DayKey {
  return dayKey(date.getFullYear(), date.getMonth() + 1, date.getDate());
}
