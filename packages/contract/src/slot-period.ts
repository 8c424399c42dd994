import * as z from 'zod';
import { AFTERNOON_END, AFTERNOON_START, MORNING_END, MORNING_START } from './constants';

// product §3 time slot and §4.4 period classification. Slots are classified by the wall clock in
// Asia/Manila, whatever offset the timestamp is written in: installations happen in the Philippines.
// Manila is UTC+8 all year (no daylight saving since 1978), so a fixed offset is exact and needs no
// time-zone database; the contract package stays free of a date library.

const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;

// An explicit offset (or Z) is required: a timestamp without one would be read in the machine's zone.
const ZTimestamp = z.iso.datetime({ offset: true });

export const ZTimeSlot = z.object({ start_time: ZTimestamp, end_time: ZTimestamp });
export type TTimeSlot = z.infer<typeof ZTimeSlot>;

export type TSlotPeriod = 'am' | 'pm';

/** Milliseconds since the epoch, or null for anything but an ISO-8601 timestamp with an offset. */
function instantOf(timestamp: string): number | null {
  if (!ZTimestamp.safeParse(timestamp).success) return null;
  const instant = Date.parse(timestamp);
  return Number.isNaN(instant) ? null : instant;
}

type ManilaTime = { date: string; year: number; month: number; day: number; seconds: number };

/** The Manila calendar date and seconds since Manila midnight of a timestamp, or null if unreadable. */
function manilaTime(timestamp: string): ManilaTime | null {
  const instant = instantOf(timestamp);
  if (instant === null) return null;
  const wallClock = new Date(instant + MANILA_OFFSET_MS);
  const year = wallClock.getUTCFullYear();
  const month = wallClock.getUTCMonth() + 1;
  const day = wallClock.getUTCDate();
  return {
    date: `${year}-${month}-${day}`,
    year,
    month,
    day,
    seconds:
      wallClock.getUTCHours() * 3600 + wallClock.getUTCMinutes() * 60 + wallClock.getUTCSeconds(),
  };
}

function requireManilaTime(timestamp: string): ManilaTime {
  const time = manilaTime(timestamp);
  if (!time) throw new RangeError(`Not an ISO-8601 timestamp with an offset: ${timestamp}`);
  return time;
}

/** The Manila wall clock of a timestamp (formats.ts writes it). Throws on an unreadable time. */
export function manilaWallClock(timestamp: string): { hours: number; minutes: number } {
  const { seconds } = requireManilaTime(timestamp);
  return { hours: Math.floor(seconds / 3600), minutes: Math.floor((seconds % 3600) / 60) };
}

/** 'HH:MM' (the constants of product §9) as seconds since midnight. */
function secondsOf(clock: string): number {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 3600 + minutes * 60;
}

const PERIOD_BOUNDS: readonly [TSlotPeriod, number, number][] = [
  ['am', secondsOf(MORNING_START), secondsOf(MORNING_END)],
  ['pm', secondsOf(AFTERNOON_START), secondsOf(AFTERNOON_END)],
];

/**
 * product §4.4: am = starts at or after 09:00 and ends by 12:00; pm = starts at or after 14:00 and ends by
 * 17:00 (Manila time). Any other slot — or one that ends before it starts, crosses midnight, or has an
 * unreadable time — has no period and is not offered.
 */
export function slotPeriod(slot: TTimeSlot): TSlotPeriod | null {
  const start = manilaTime(slot.start_time);
  const end = manilaTime(slot.end_time);
  if (!start || !end || start.date !== end.date || start.seconds >= end.seconds) return null;
  const match = PERIOD_BOUNDS.find(
    ([, earliestStart, latestEnd]) => start.seconds >= earliestStart && end.seconds <= latestEnd,
  );
  return match ? match[0] : null;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** product §3 derived date: the slot's Manila start date as MM-DD-YYYY. Throws on an unreadable time. */
export function slotDate(slot: TTimeSlot): string {
  const { year, month, day } = requireManilaTime(slot.start_time);
  return `${twoDigits(month)}-${twoDigits(day)}-${year}`;
}

/** product §4.4: slots sorted by end time, earliest first (stable; unreadable end times last). */
export function sortSlotsByEnd<T extends TTimeSlot>(slots: readonly T[]): T[] {
  const endOf = (slot: T) => instantOf(slot.end_time) ?? Number.POSITIVE_INFINITY;
  return [...slots].sort((left, right) => {
    const difference = endOf(left) - endOf(right);
    // Two unreadable ends (Infinity - Infinity) keep their order.
    return Number.isNaN(difference) ? 0 : difference;
  });
}

const MONTH_NAMES = [
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

const PERIOD_NAMES: Record<TSlotPeriod, string> = { am: 'Morning', pm: 'Afternoon' };

/** A Manila clock time as "h:mm AM" (9:00 AM, 12:00 PM): how times read on Philippine sites. */
function clockText(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${twoDigits(minutes)} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * product §3 stored context appointmentTime: "Month DD, YYYY - Morning/Afternoon - start - end", e.g.
 * "November 25, 2026 - Morning - 9:00 AM - 12:00 PM". Throws for a slot that is neither am nor pm.
 */
export function appointmentTimeText(slot: TTimeSlot): string {
  const period = slotPeriod(slot);
  if (!period) throw new RangeError('Only a morning or afternoon slot can be booked.');
  const start = requireManilaTime(slot.start_time);
  const end = requireManilaTime(slot.end_time);
  const monthName = MONTH_NAMES[start.month - 1];
  return [
    `${monthName} ${twoDigits(start.day)}, ${start.year}`,
    PERIOD_NAMES[period],
    clockText(start.seconds),
    clockText(end.seconds),
  ].join(' - ');
}

/** "9:00 AM" → seconds since midnight; null for anything else. */
function secondsOfClockText(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(text);
  if (!match) return null;
  const [hour, minutes] = [Number(match[1]), Number(match[2])];
  if (hour < 1 || hour > 12 || minutes > 59) return null;
  return ((hour % 12) + (match[3] === 'PM' ? 12 : 0)) * 3600 + minutes * 60;
}

const manilaTimestamp = (year: number, month: number, day: number, seconds: number) =>
  `${year}-${twoDigits(month)}-${twoDigits(day)}T${twoDigits(Math.floor(seconds / 3600))}:` +
  `${twoDigits(Math.floor((seconds % 3600) / 60))}:00+08:00`;

/**
 * The slot a stored appointmentTime names (appointmentTimeText's inverse), so a screen writes it as every
 * other slot is written (formats.ts); null for text of another shape.
 */
export function slotOfAppointmentTime(text: string): TTimeSlot | null {
  const match = /^([A-Z][a-z]+) (\d{2}), (\d{4}) - (Morning|Afternoon) - (.+) - (.+)$/.exec(text);
  if (!match) return null;
  const month = MONTH_NAMES.indexOf(match[1] as (typeof MONTH_NAMES)[number]) + 1;
  const [day, year] = [Number(match[2]), Number(match[3])];
  const start = secondsOfClockText(match[5]!);
  const end = secondsOfClockText(match[6]!);
  if (month === 0 || start === null || end === null) return null;
  const slot = {
    start_time: manilaTimestamp(year, month, day, start),
    end_time: manilaTimestamp(year, month, day, end),
  };
  // A date that does not exist (February 30) or a period that does not match its times is not a slot.
  const period = slotPeriod(slot);
  if (
    !period ||
    PERIOD_NAMES[period] !== match[4] ||
    manilaDayOf(slot.start_time) !== `${year}-${twoDigits(month)}-${twoDigits(day)}`
  ) {
    return null;
  }
  return slot;
}

/** A Manila calendar day as YYYY-MM-DD. */
export type TManilaDay = string;

/** The Manila date of a timestamp as YYYY-MM-DD (how the calendar names its days). */
export function manilaDayOf(timestamp: string): TManilaDay {
  const { year, month, day } = requireManilaTime(timestamp);
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/**
 * product §4.4: the calendar's first and last selectable day come from the earliest and the latest slot
 * end (Manila days). Null when there is no slot with a readable end.
 */
export function calendarBounds(
  slots: readonly TTimeSlot[],
): { first: TManilaDay; last: TManilaDay } | null {
  const readable = sortSlotsByEnd(slots).filter((slot) => instantOf(slot.end_time) !== null);
  const earliest = readable[0];
  const latest = readable.at(-1);
  if (!earliest || !latest) return null;
  return { first: manilaDayOf(earliest.end_time), last: manilaDayOf(latest.end_time) };
}

/** product §4.4: the periods a Manila day has a slot for (a button is disabled without one). */
export function periodsOn<T extends TTimeSlot>(
  slots: readonly T[],
  day: TManilaDay,
): Partial<Record<TSlotPeriod, T>> {
  const periods: Partial<Record<TSlotPeriod, T>> = {};
  for (const slot of sortSlotsByEnd(slots)) {
    const period = slotPeriod(slot);
    if (period && manilaDayOf(slot.start_time) === day) periods[period] ??= slot;
  }
  return periods;
}
