import { NO_BREAK_SPACE, type KeepTogether } from './number-formats';
import {
  manilaDayOf,
  manilaWallClock,
  slotPeriod,
  type TManilaDay,
  type TTimeSlot,
} from './slot-period';

// ADR 083: the one way a customer in the Philippines reads a date, a time and an installation slot —
// on every screen, on the operators' page and in the SMS texts (an amount and a mobile number:
// number-formats.ts). Each is
// written here from its parts, in Asia/Manila (UTC+8 all year), with no Intl formatter: making one
// loads its locale's data in the render that first needs it (ADR 057, 064, 075), and a browser set to
// another zone or language would write another date. The spec's stored appointmentTime ("Month DD,
// YYYY - Morning - start - end", slot-period.ts) is a stored value, not what a person reads.
//
// The words (month and weekday names, Morning, AM, the patterns that join the parts) are English
// catalogue messages: the web passes its message catalogue as `words` (ADR 027), everything else reads
// them as written.

/** The words a text is made of: an English message and the values of its {placeholders}. */
export type Words = (english: string, values?: Record<string, string>) => string;

/** The English words as written, placeholders filled. */
export const englishWords: Words = (english, values = {}) =>
  english.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);

export type FormatStyle = KeepTogether & { words?: Words };

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

export const PERIOD_NAMES = { am: 'Morning', pm: 'Afternoon' } as const;

/** How the parts are joined, each a catalogue message. */
export const FORMAT_PATTERNS = {
  /** December 9, 2026 */
  date: '{month} {day}, {year}',
  /** Wednesday, December 9, 2026 */
  day: '{weekday}, {date}',
  /** December 2026 (a calendar's month) */
  month: '{month} {year}',
  /** 9:00 AM */
  morningClock: '{hour}:{minute} AM',
  /** 2:00 PM */
  afternoonClock: '{hour}:{minute} PM',
  /** 9:00 AM – 12:00 PM */
  range: '{start} – {end}',
  /** Wednesday, December 9, 2026, Morning (9:00 AM – 12:00 PM) */
  slot: '{day}, {period} ({time})',
  /** Wednesday, December 9, 2026 (10:00 AM – 1:00 PM): a visit outside the two periods */
  slotWithoutPeriod: '{day} ({time})',
  /** December 9, 2026, 9:05 AM */
  moment: '{date}, {time}',
} as const;

/** Every English word and pattern of this module: the web's message catalogue lists them. */
export const FORMAT_MESSAGES: readonly string[] = [
  ...MONTH_NAMES,
  ...WEEKDAY_NAMES,
  ...Object.values(PERIOD_NAMES),
  ...Object.values(FORMAT_PATTERNS),
];

const twoDigits = (value: number) => String(value).padStart(2, '0');

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day key's year, month and day; a RangeError for anything but a real YYYY-MM-DD date. */
function dayParts(day: TManilaDay): { year: number; month: number; day: number; weekday: number } {
  const match = DAY_KEY.exec(day);
  const [year, month, date] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [];
  // A day key is a calendar date: read in UTC, it is that date whatever the machine's zone.
  const noon = year === undefined ? NaN : Date.UTC(year, month! - 1, date!, 12);
  const check = new Date(noon);
  if (Number.isNaN(noon) || check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== date) {
    throw new RangeError(`Not a day (YYYY-MM-DD): ${day}`);
  }
  return { year: year!, month: month!, day: date!, weekday: check.getUTCDay() };
}

const wordsOf = (style: FormatStyle) => style.words ?? englishWords;

/** "December 9, 2026": a date that is not chosen as a day (when a consent was given, a date expected). */
export function dateText(day: TManilaDay, style: FormatStyle = {}): string {
  const words = wordsOf(style);
  const parts = dayParts(day);
  return words(FORMAT_PATTERNS.date, {
    month: words(MONTH_NAMES[parts.month - 1]!),
    day: String(parts.day),
    year: String(parts.year),
  });
}

/** "Wednesday, December 9, 2026": a day that is chosen or booked (the calendar's days, a visit). */
export function dayText(day: TManilaDay, style: FormatStyle = {}): string {
  const words = wordsOf(style);
  return words(FORMAT_PATTERNS.day, {
    weekday: words(WEEKDAY_NAMES[dayParts(day).weekday]!),
    date: dateText(day, style),
  });
}

/** "December 2026": the month a calendar shows (year and month, 1–12). */
export function monthText(year: number, month: number, style: FormatStyle = {}): string {
  const words = wordsOf(style);
  const name = MONTH_NAMES[month - 1];
  if (name === undefined) throw new RangeError(`Not a month: ${month}`);
  return words(FORMAT_PATTERNS.month, { month: words(name), year: String(year) });
}

/** "9:05 AM", "12:00 PM": the Manila clock time of an instant (ISO-8601 with an offset). */
export function clockText(timestamp: string, style: FormatStyle = {}): string {
  const { hours, minutes } = manilaWallClock(timestamp);
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  const text = wordsOf(style)(
    hours < 12 ? FORMAT_PATTERNS.morningClock : FORMAT_PATTERNS.afternoonClock,
    { hour: String(hour), minute: twoDigits(minutes) },
  );
  return style.keepTogether ? text.replace(/\s+/gu, NO_BREAK_SPACE) : text;
}

/** "9:00 AM – 12:00 PM": from one Manila time to another; on a screen it breaks only after the dash. */
export function timeRangeText(startTime: string, endTime: string, style: FormatStyle = {}): string {
  const text = wordsOf(style)(FORMAT_PATTERNS.range, {
    start: clockText(startTime, style),
    end: clockText(endTime, style),
  });
  return style.keepTogether ? text.replace(/ ([–-]) /u, `${NO_BREAK_SPACE}$1 `) : text;
}

/**
 * "Wednesday, December 9, 2026, Morning (9:00 AM – 12:00 PM)": an installation slot, in Manila. A visit
 * outside the two periods (a dispatcher's) reads without one.
 */
export function slotText(slot: TTimeSlot, style: FormatStyle = {}): string {
  const words = wordsOf(style);
  const period = slotPeriod(slot);
  const values = {
    day: dayText(manilaDayOf(slot.start_time), style),
    time: timeRangeText(slot.start_time, slot.end_time, style),
  };
  return period
    ? words(FORMAT_PATTERNS.slot, { ...values, period: words(PERIOD_NAMES[period]) })
    : words(FORMAT_PATTERNS.slotWithoutPeriod, values);
}

/** "December 9, 2026, 9:05 AM": when something happened (a payment, a step of the installation). */
export function momentText(timestamp: string, style: FormatStyle = {}): string {
  return wordsOf(style)(FORMAT_PATTERNS.moment, {
    date: dateText(manilaDayOf(timestamp), style),
    time: clockText(timestamp, style),
  });
}
