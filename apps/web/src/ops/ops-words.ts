import {
  dayText,
  momentText,
  slotText,
  timeRangeText,
  type FormatStyle,
} from '@konek/contract/formats';
import { mobileText, pesoText } from '@konek/contract/number-formats';
import { centavosToPesos } from '@konek/contract/money';
import { manilaDayOf } from '@konek/contract/slot-period';
import {
  WO_COMPLETED,
  WO_COMPLETED_FOR_VISIT,
  WO_DELAYED,
  WO_DELAYED_WITH_START_ACTIVITY,
  WO_FOR_RESCUE,
  WO_DELAYED_FOR_CANCELLATION,
  WO_DELAYED_FOR_RESCHEDULE,
  WO_DELAYED_WITHOUT_VISIT,
  WO_DELAYED_WITH_VISIT,
  WO_ON_THE_WAY,
  WO_ONGOING,
  WO_ONGOING_ONHOLD,
  WO_ONGOING_UNHOLD,
  WO_OPEN,
  WO_PENDING_FOR_VISIT,
  WO_CANCELLED,
  type TOpsWorkOrder,
} from '@konek/contract/ops';

// ADR 051: what an operator reads for each §4.5 status — their own words, not the customer's.

const STATUS_WORDS: ReadonlyMap<string, string> = new Map([
  [WO_OPEN, 'Not assigned yet'],
  [WO_PENDING_FOR_VISIT, 'To visit'],
  [WO_ON_THE_WAY, 'On the way'],
  [WO_ONGOING, 'On site'],
  [WO_ONGOING_ONHOLD, 'On site — on hold'],
  [WO_ONGOING_UNHOLD, 'On site — resumed'],
  [WO_COMPLETED, 'Installed'],
  [WO_COMPLETED_FOR_VISIT, 'Installed — follow-up visit needed'],
  [WO_DELAYED, 'Delayed by us'],
  [WO_DELAYED_WITH_VISIT, 'Could not install'],
  [WO_DELAYED_WITHOUT_VISIT, 'Could not install'],
  [WO_DELAYED_WITH_START_ACTIVITY, 'Return visit needed'],
  [WO_DELAYED_FOR_RESCHEDULE, 'Missed — customer rebooks'],
  [WO_FOR_RESCUE, 'Rescue crew needed'],
  [WO_DELAYED_FOR_CANCELLATION, 'Marked for cancellation'],
  [WO_CANCELLED, 'Cancelled'],
]);

export type StatusTone = 'neutral' | 'active' | 'done' | 'problem';

export function statusWords(job: Pick<TOpsWorkOrder, 'status' | 'installation_status'>): string {
  return STATUS_WORDS.get(job.status) ?? job.installation_status;
}

/** What a dispatcher's status list names each status to set (the status's own words). */
export function statusChoiceWords(status: string): string {
  return STATUS_WORDS.get(status) ?? status;
}

export function statusTone(status: string): StatusTone {
  if (status === WO_COMPLETED || status === WO_COMPLETED_FOR_VISIT) return 'done';
  if ([WO_ON_THE_WAY, WO_ONGOING, WO_ONGOING_UNHOLD].includes(status)) return 'active';
  if (
    status.startsWith('Delayed') ||
    status === WO_FOR_RESCUE ||
    status === WO_CANCELLED ||
    status === WO_ONGOING_ONHOLD
  ) {
    return 'problem';
  }
  return 'neutral';
}

// ADR 083: times and days read on the operators' page as the customers read them (the contract's
// formats, in English: this page has no message catalogue, ADR 051).
const onPage: FormatStyle = { keepTogether: true };

/** "9:00 AM – 12:00 PM" in Manila time, or "No time booked". */
export function visitTime(job: Pick<TOpsWorkOrder, 'installation'>): string {
  if (!job.installation) return 'No time booked';
  return timeRangeText(job.installation.start_time, job.installation.end_time, onPage);
}

/** Today in Manila as YYYY-MM-DD (the API's day). */
export function manilaToday(now = new Date()): string {
  return manilaDayOf(now.toISOString());
}

/** "Tuesday, December 1, 2026, Morning (9:00 AM – 12:00 PM)": a slot a dispatcher can move a visit to. */
export function slotWords(slot: { start_time: string; end_time: string }): string {
  return slotText(slot, onPage);
}

/** "Wednesday, November 25, 2026" for a YYYY-MM-DD day. */
export function dayWords(day: string): string {
  return dayText(day, onPage);
}

/** "November 25, 2026, 9:05 AM": when something happened. */
export function momentWords(timestamp: string): string {
  return momentText(timestamp, onPage);
}

/** "0917 555 0101": a customer's number, on one line. */
export function mobileWords(msisdn: string): string {
  return mobileText(msisdn, onPage);
}

/** "₱1,499.00" for integer centavos. */
export function pesoWords(centavos: number): string {
  return pesoText(centavosToPesos(centavos));
}

/** A maps link that starts turn-by-turn directions to the customer's pin. */
export function directionsUrl(destination: { lat: number; lng: number }): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${destination.lat},${destination.lng}`;
}
