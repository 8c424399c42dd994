import {
  WO_COMPLETED,
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
  [WO_ONGOING_UNHOLD, 'On site'],
  [WO_COMPLETED, 'Installed'],
  [WO_DELAYED_WITH_VISIT, 'Could not install'],
  [WO_DELAYED_WITHOUT_VISIT, 'Could not install'],
  [WO_DELAYED_FOR_RESCHEDULE, 'Missed — customer rebooks'],
  [WO_DELAYED_FOR_CANCELLATION, 'Waiting for cancellation'],
  [WO_CANCELLED, 'Cancelled'],
]);

export type StatusTone = 'neutral' | 'active' | 'done' | 'problem';

export function statusWords(job: Pick<TOpsWorkOrder, 'status' | 'installation_status'>): string {
  return STATUS_WORDS.get(job.status) ?? job.installation_status;
}

export function statusTone(status: string): StatusTone {
  if (status === WO_COMPLETED) return 'done';
  if ([WO_ON_THE_WAY, WO_ONGOING, WO_ONGOING_UNHOLD].includes(status)) return 'active';
  if (status.startsWith('Delayed') || status === WO_CANCELLED || status === WO_ONGOING_ONHOLD) {
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

/** "Wednesday, November 25" for a YYYY-MM-DD day. */
export function dayWords(day: string): string {
  return dayFormat.format(new Date(`${day}T12:00:00+08:00`));
}

/** A maps link that starts turn-by-turn directions to the customer's pin. */
export function directionsUrl(destination: { lat: number; lng: number }): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${destination.lat},${destination.lng}`;
}
