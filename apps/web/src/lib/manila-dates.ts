import { TZDate } from 'react-day-picker';
import { dayKey, dayParts, type DayKey } from './schedule-model';
import { i18n } from '../i18n/i18n';
import { NO_BREAK_SPACE, unbroken } from './unbroken';

// Installation times are shown in Asia/Manila (product §4.4), whatever zone the browser is in.

export const MANILA_TIME_ZONE = 'Asia/Manila';

/** Noon of a Manila day: a calendar date that reads as that day in Manila and everywhere else. */
export function manilaDate(key: DayKey): TZDate {
  const { year, month, day } = dayParts(key);
  return new TZDate(year, month - 1, day, 12, MANILA_TIME_ZONE);
}

/** The Manila day of a date the calendar gives (a TZDate in Manila). */
export function dayKeyOfDate(date: Date): DayKey {
  const manila = new TZDate(date, MANILA_TIME_ZONE);
  return dayKey(manila.getFullYear(), manila.getMonth() + 1, manila.getDate());
}

/** "Tuesday, December 1, 2026" in the catalogue's locale. */
export function longDayText(key: DayKey): string {
  return new Intl.DateTimeFormat(i18n.locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: MANILA_TIME_ZONE,
  }).format(manilaDate(key));
}

/**
 * "9:00 AM – 12:00 PM" for a slot's Manila start and end. On a narrow button or line it may break after
 * the dash, never inside a time: its other spaces do not break (Chromium writes "12:00 PM" with a plain
 * space, and a period button at 390 px showed "12:00" above "PM").
 */
export function timeRangeText(startTime: string, endTime: string): string {
  const range = new Intl.DateTimeFormat(i18n.locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: MANILA_TIME_ZONE,
  }).formatRange(new Date(startTime), new Date(endTime));
  return unbroken(range).replace(/\u00a0([–-])\u00a0/u, `${NO_BREAK_SPACE}$1 `);
}

/** "November 26, 8:00 AM": when a hold ends, in Manila. */
export function dayAndTimeText(timestamp: string): string {
  return new Intl.DateTimeFormat(i18n.locale, {
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: MANILA_TIME_ZONE,
  }).format(new Date(timestamp));
}
