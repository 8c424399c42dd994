import * as formats from '@konek/contract/formats';
import { manilaDayOf, slotOfAppointmentTime, type TTimeSlot } from '@konek/contract/slot-period';
import { i18n } from '../i18n/i18n';

// ADR 083: every date, time and slot a customer reads is written here, by the contract's formats (the
// same the SMS texts use), with the words of the message catalogue and kept on one line where a break
// would split a time (an amount and a mobile number: number-formats.ts). No Intl formatter is made (ADR 057, 064, 075):
// the calendar names its ~42 days on every render, and string building costs nothing next to Intl.
// `npm run lint` refuses a date formatted anywhere else in the web app.

const onScreen: formats.FormatStyle = {
  // A message the compiled catalogue lacks comes back as written, placeholders and all: filled here.
  words: (english, values) => formats.englishWords(i18n._(english, values), values),
  keepTogether: true,
};

/** "December 9, 2026" (a Manila day, YYYY-MM-DD). */
export const dateText = (day: string): string => formats.dateText(day, onScreen);

/** "December 9, 2026": the Manila date of an instant (when a consent was given). */
export const dateOfMomentText = (timestamp: string): string =>
  formats.dateText(manilaDayOf(timestamp), onScreen);

/** "Wednesday, December 9, 2026": a day that is chosen or booked. */
export const dayText = (day: string): string => formats.dayText(day, onScreen);

/** "December 2026": the month a calendar shows. */
export const monthText = (year: number, month: number): string =>
  formats.monthText(year, month, onScreen);

/** "9:05 AM": the Manila clock time of an instant, on one line. */
export const clockText = (timestamp: string): string => formats.clockText(timestamp, onScreen);

/** "9:00 AM – 12:00 PM" in Manila; breaks only after the dash. */
export const timeRangeText = (startTime: string, endTime: string): string =>
  formats.timeRangeText(startTime, endTime, onScreen);

/** "Wednesday, December 9, 2026, Morning (9:00 AM – 12:00 PM)". */
export const slotText = (slot: TTimeSlot): string => formats.slotText(slot, onScreen);

/**
 * The stored appointmentTime (product §3, "December 09, 2026 - Morning - 9:00 AM - 12:00 PM") as every
 * other slot reads; text of another shape is shown as it is.
 */
export function storedSlotText(appointmentTime: string): string {
  const slot = slotOfAppointmentTime(appointmentTime);
  return slot ? slotText(slot) : appointmentTime;
}

/** "December 9, 2026, 9:05 AM": when something happened, in Manila. */
export const momentText = (timestamp: string): string => formats.momentText(timestamp, onScreen);
