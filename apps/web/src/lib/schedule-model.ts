import type { TBookableSlot } from '@konek/contract/appointments';
import {
  calendarBounds,
  manilaDayOf,
  periodsOn,
  slotPeriod,
  sortSlotsByEnd,
  type TManilaDay,
  type TSlotPeriod,
} from '@konek/contract/slot-period';

// product §4.4: what the calendar and the period buttons show, from the bookable slots, with the
// contract's rules (calendarBounds, periodsOn). Days are Manila calendar days written YYYY-MM-DD
// (installations happen in the Philippines, whatever the browser's zone).

export type DayKey = TManilaDay;

export type DaySlots = Partial<Record<TSlotPeriod, TBookableSlot>>;

export type ScheduleModel = {
  /** Each day with a free place, and its morning and afternoon slot (the first of each, by end). */
  days: ReadonlyMap<DayKey, DaySlots>;
  /** The first day with a free slot: the calendar opens on it. */
  firstDay: DayKey;
  /** product §4.4: the calendar runs from the earliest to the latest slot end. */
  earliest: DayKey;
  latest: DayKey;
};

/** The model of `slots` (any order), or null when none of them is a morning or an afternoon slot. */
export function scheduleModel(slots: readonly TBookableSlot[]): ScheduleModel | null {
  const bookable = sortSlotsByEnd(slots.filter((slot) => slotPeriod(slot) !== null));
  const bounds = calendarBounds(bookable);
  const first = bookable[0];
  if (!bounds || !first) return null;
  const dayKeys = new Set(bookable.map((slot) => manilaDayOf(slot.start_time)));
  return {
    days: new Map([...dayKeys].map((day) => [day, periodsOn(bookable, day)])),
    firstDay: manilaDayOf(first.start_time),
    earliest: bounds.first,
    latest: bounds.last,
  };
}

/** The calendar parts of a day key. */
export function dayParts(key: DayKey): { year: number; month: number; day: number } {
  const [year = 0, month = 1, day = 1] = key.split('-').map(Number);
  return { year, month, day };
}

/** The day key of a calendar date's year, month (1-12) and day. */
export function dayKey(year: number, month: number, day: number): DayKey {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
