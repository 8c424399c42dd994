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

const MANILA = 'Asia/Manila';
const timeFormat = new Intl.DateTimeFormat('en-PH', {
  timeZone: MANILA,
  hour: 'numeric',
  minute: '2-digit',
});
const shortDayFormat = new Intl.DateTimeFormat('en-PH', {
  timeZone: MANILA,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});
const manilaHour = new Intl.DateTimeFormat('en-GB', { timeZone: MANILA, hour: '2-digit' });
const dayFormat = new Intl.DateTimeFormat('en-PH', {
  timeZone: MANILA,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
});

/** "9:00 AM – 12:00 PM" in Manila time, or "No time booked". */
export function visitTime(job: Pick<TOpsWorkOrder, 'installation'>): string {
  if (!job.installation) return 'No time booked';
  const start = timeFormat.format(new Date(job.installation.start_time));
  const end = timeFormat.format(new Date(job.installation.end_time));
  return `${start} – ${end}`;
}

/** Today in Manila as YYYY-MM-DD (the API's day). */
export function manilaToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: MANILA }).format(now);
}

/** "Tue, Dec 1 · Morning, 9:00 AM – 12:00 PM" in Manila: a slot a dispatcher can move a visit to. */
export function slotWords(slot: { start_time: string; end_time: string }): string {
  const start = new Date(slot.start_time);
  const period = Number(manilaHour.format(start)) < 12 ? 'Morning' : 'Afternoon';
  return `${shortDayFormat.format(start)} · ${period}, ${visitTime({ installation: slot })}`;
}

/** "Wednesday, November 25" for a YYYY-MM-DD day. */
export function dayWords(day: string): string {
  return dayFormat.format(new Date(`${day}T12:00:00+08:00`));
}

/** A maps link that starts turn-by-turn directions to the customer's pin. */
export function directionsUrl(destination: { lat: number; lng: number }): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${destination.lat},${destination.lng}`;
}
