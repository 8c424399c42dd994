import { dayKey, dayParts, type DayKey } from './schedule-model';
import { i18n } from '../i18n/i18n';
import { dateFormatPerLocale } from './per-locale';
import { NO_BREAK_SPACE, unbroken } from './unbroken';

// Installation times are shown in Asia/Manila (product §4.4), whatever zone the browser is in.

export const MANILA_TIME_ZONE = 'Asia/Manila';

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

// A day key is a calendar date: written from noon UTC of that date, in UTC, it reads as that date.
const longDayFormat = dateFormatPerLocale({
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Tuesday, December 1, 2026" in the catalogue's locale. */
export function longDayText(key: DayKey): string {
  const { year, month, day } = dayParts(key);
  return longDayFormat(i18n.locale).format(Date.UTC(year, month - 1, day, 12));
}

const timeRangeFormat = dateFormatPerLocale({
  hour: 'numeric',
  minute: '2-digit',
  timeZone: MANILA_TIME_ZONE,
});

/**
 * "9:00 AM – 12:00 PM" for a slot's Manila start and end. On a narrow button or line it may break after
 * the dash, never inside a time: its other spaces do not break (Chromium writes "12:00 PM" with a plain
 * space, and a period button at 390 px showed "12:00" above "PM").
 */
export function timeRangeText(startTime: string, endTime: string): string {
  const range = timeRangeFormat(i18n.locale).formatRange(new Date(startTime), new Date(endTime));
  return unbroken(range).replace(/\u00a0([–-])\u00a0/u, `${NO_BREAK_SPACE}$1 `);
}

const dayAndTimeFormat = dateFormatPerLocale({
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: MANILA_TIME_ZONE,
});

/** "November 26, 8:00 AM": when a hold ends, in Manila. */
export function dayAndTimeText(timestamp: string): string {
  return dayAndTimeFormat(i18n.locale).format(new Date(timestamp));
}
