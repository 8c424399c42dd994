import Holidays from 'date-holidays';
import {
  AFTERNOON_END,
  AFTERNOON_START,
  MORNING_END,
  MORNING_START,
} from '@konek/contract/constants';
import type { TSlotPeriod } from '@konek/contract/slot-period';

// ADR 035: the installation calendar in Asia/Manila days. Manila is UTC+8 all year (no daylight saving
// since 1978), so a fixed offset is exact. Sundays and Philippine public holidays (the `date-holidays`
// package's PH rules, maintained upstream, Islamic holidays included) have no slots.

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
const holidaysByYear = new Map<number, Set<string>>();

/** The Philippine public holidays of a year, as YYYY-MM-DD. */
export function publicHolidays(year: number): Set<string> {
  let days = holidaysByYear.get(year);
  if (!days) {
    days = new Set(
      philippines
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public')
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    holidaysByYear.set(year, days);
  }
  return days;
}

export function isPublicHoliday(day: CalendarDay): boolean {
  return publicHolidays(Number(day.key.slice(0, 4))).has(day.key);
}

/** The first day installations can be booked: today in Manila plus the lead time. */
export function firstBookableDay(now: Date, leadDays: number): CalendarDay {
  return addDays(manilaDay(now), leadDays);
}

/**
 * The working days of the calendar: from the first bookable day through `weeks` weeks after today,
 * Sundays and public holidays left out.
 */
export function workingDays(now: Date, leadDays: number, weeks: number): CalendarDay[] {
  const today = manilaDay(now);
  const days: CalendarDay[] = [];
  for (let offset = leadDays; offset <= weeks * 7; offset++) {
    const day = addDays(today, offset);
    if (day.weekday !== SUNDAY && !isPublicHoliday(day)) days.push(day);
  }
  return days;
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
