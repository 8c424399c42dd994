import Holidays from 'date-holidays';
import {
  AFTERNOON_END,
  AFTERNOON_START,
  MORNING_END,
  MORNING_START,
} from '@konek/contract/constants';
import type { TSlotPeriod } from '@konek/contract/slot-period';

// ADR 035: the installation calendar in Asia/Manila days. Manila is UTC+8 all year (no daylight saving
// since 1978), so a fixed offset is exact. Sundays and the days Philippine law closes have no slots: the
// regular holidays (the `date-holidays` package's PH type "public", Islamic holidays included) and, ADR
// 083, the special non-working days (its type "optional": for 2026 exactly the eight of Proclamation No.
// 1006, s. 2025). A dispatcher closes more days (the closed_days table, service.ts).

const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const SUNDAY = 0;

export type CalendarDay = {
  /** YYYY-MM-DD in Manila. */
  key: string;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  /** The Manila midnight that starts the day, as an instant. */
  midnight: Date;
};

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The Manila day an instant falls on. */
export function manilaDay(instant: Date): CalendarDay {
  const wallClock = new Date(instant.getTime() + MANILA_OFFSET_MS);
  const midnightWall = Date.UTC(
    wallClock.getUTCFullYear(),
    wallClock.getUTCMonth(),
    wallClock.getUTCDate(),
  );
  return {
    key: `${wallClock.getUTCFullYear()}-${twoDigits(wallClock.getUTCMonth() + 1)}-${twoDigits(wallClock.getUTCDate())}`,
    weekday: wallClock.getUTCDay(),
    midnight: new Date(midnightWall - MANILA_OFFSET_MS),
  };
}

/** The day `days` after `day` (Manila has no daylight saving: days are 24 hours). */
export function addDays(day: CalendarDay, days: number): CalendarDay {
  return manilaDay(new Date(day.midnight.getTime() + days * DAY_MS));
}

const secondsOf = (clock: string) => {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return (hours * 60 + minutes) * 60 * 1000;
};

const PERIOD_TIMES: Record<TSlotPeriod, [start: number, end: number]> = {
  am: [secondsOf(MORNING_START), secondsOf(MORNING_END)],
  pm: [secondsOf(AFTERNOON_START), secondsOf(AFTERNOON_END)],
};

/** product §4.4, §9: a period's start and end on a day, as instants (am 09:00–12:00, pm 14:00–17:00). */
export function periodTimes(
  day: CalendarDay,
  period: TSlotPeriod,
): { startsAt: Date; endsAt: Date } {
  const [start, end] = PERIOD_TIMES[period];
  return {
    startsAt: new Date(day.midnight.getTime() + start),
    endsAt: new Date(day.midnight.getTime() + end),
  };
}

const philippines = new Holidays('PH');
const closedByLawByYear = new Map<number, ReadonlyMap<string, string>>();

/**
 * The days Philippine law closes in a year, YYYY-MM-DD → the holiday's name: regular holidays ("public")
 * and special non-working days ("optional" in the package's PH rules; its "observance" days, such as
 * EDSA's anniversary, now a special working day, are working days).
 */
export function daysClosedByLaw(year: number): ReadonlyMap<string, string> {
  let days = closedByLawByYear.get(year);
  if (!days) {
    days = new Map(
      philippines
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public' || holiday.type === 'optional')
        .map((holiday) => [holiday.date.slice(0, 10), holiday.name]),
    );
    closedByLawByYear.set(year, days);
  }
  return days;
}

/** The holiday's name when the law closes the day; undefined for a day it leaves open. */
export function closedByLaw(day: Pick<CalendarDay, 'key'>): string | undefined {
  return daysClosedByLaw(Number(day.key.slice(0, 4))).get(day.key);
}

/** The first day installations can be booked: today in Manila plus the lead time. */
export function firstBookableDay(now: Date, leadDays: number): CalendarDay {
  return addDays(manilaDay(now), leadDays);
}

/** The days of the calendar: from the first bookable day through `weeks` weeks after today. */
export function calendarDays(now: Date, leadDays: number, weeks: number): CalendarDay[] {
  const today = manilaDay(now);
  const days: CalendarDay[] = [];
  for (let offset = leadDays; offset <= weeks * 7; offset++) days.push(addDays(today, offset));
  return days;
}

/**
 * The working days of the calendar: Sundays, the days the law closes and `closedDays` (a dispatcher's,
 * YYYY-MM-DD) left out.
 */
export function workingDays(
  now: Date,
  leadDays: number,
  weeks: number,
  closedDays: ReadonlySet<string> = new Set(),
): CalendarDay[] {
  return calendarDays(now, leadDays, weeks).filter(
    (day) => day.weekday !== SUNDAY && closedByLaw(day) === undefined && !closedDays.has(day.key),
  );
}

/**
 * The demo's full periods (booked through other channels), so a person sees disabled buttons: a fixed
 * pattern over days and zones — one morning in five, one afternoon in seven, and so one day in 35 with
 * both full (a day the calendar disables).
 */
export function isDemoFull(day: CalendarDay, period: TSlotPeriod, zoneIndex: number): boolean {
  const dayNumber = Math.round(day.midnight.getTime() / DAY_MS) + zoneIndex;
  return period === 'am' ? dayNumber % 5 === 3 : dayNumber % 7 === 5;
}
