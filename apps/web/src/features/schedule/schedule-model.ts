import type { TBookableSlot } from '@konek/contract/appointments';
import {
  slotDate,
  slotPeriod,
  sortSlotsByEnd,
  type TSlotPeriod,
} from '@konek/contract/slot-period';

// product §4.4: what the calendar and the period buttons show, from the bookable slots. Days are Manila
// calendar days written YYYY-MM-DD (installations happen in the Philippines, whatever the browser's zone).

export type DayKey = string;

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

/** MM-DD-YYYY (product §3 derived date) → YYYY-MM-DD. */
function dayKeyOf(slot: TBookableSlot): DayKey {
  const [month, day, year] = slotDate(slot).split('-');
  return `${year}-${month}-${day}`;
}

/** The Manila day a slot ends on. */
function endDayKeyOf(slot: TBookableSlot): DayKey {
  return dayKeyOf({ ...slot, start_time: slot.end_time });
}

/** The model of `slots` (any order), or null when none of them is a morning or an afternoon slot. */
export function scheduleModel(slots: readonly TBookableSlot[]): ScheduleModel | null {
  const sorted = sortSlotsByEnd(slots.filter((slot) => slotPeriod(slot) !== null));
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return null;
  const days = new Map<DayKey, DaySlots>();
  for (const slot of sorted) {
    const period = slotPeriod(slot);
    if (!period) continue;
    const key = dayKeyOf(slot);
    const day = days.get(key) ?? {};
    day[period] ??= slot;
    days.set(key, day);
  }
  return {
    days,
    firstDay: dayKeyOf(first),
    earliest: endDayKeyOf(first),
    latest: endDayKeyOf(last),
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
