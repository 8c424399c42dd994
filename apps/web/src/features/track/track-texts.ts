import type { TTimeSlot } from '@konek/contract/slot-period';
import { manilaDayOf } from '@konek/contract/slot-period';
import { dateFormatPerLocale } from '../../lib/per-locale';
import { longDayText, timeRangeText } from '../../lib/manila-dates';
import { i18n } from '../../i18n/i18n';

/** "Tuesday, December 1, 2026, 9:00 AM – 12:00 PM" in Manila. */
export function slotText(slot: TTimeSlot): string {
  return i18n._('{day}, {time}', {
    day: longDayText(manilaDayOf(slot.start_time)),
    time: timeRangeText(slot.start_time, slot.end_time),
  });
}

const momentFormat = dateFormatPerLocale({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Manila',
});

/** "Nov 26, 2026, 9:05 AM" in Manila: when a step of the timeline happened. */
export function momentText(timestamp: string): string {
  return momentFormat(i18n.locale).format(new Date(timestamp));
}
