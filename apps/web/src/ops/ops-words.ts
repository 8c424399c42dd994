import {
  dateText,
  dayText,
  englishWords,
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
  type TOpsRole,
  type TOpsWorkOrder,
} from '@konek/contract/ops';
import { i18n, msg } from '../i18n/i18n';

// ADR 051: what an operator reads for each §4.5 status — their own words, not the customer's, each a
// message of the catalogue (ADR 027), translated where it is shown.

const STATUS_WORDS: ReadonlyMap<string, string> = new Map([
  [WO_OPEN, msg(/*i18n*/ 'Not assigned yet')],
  [WO_PENDING_FOR_VISIT, msg(/*i18n*/ 'To visit')],
  [WO_ON_THE_WAY, msg(/*i18n*/ 'On the way')],
  [WO_ONGOING, msg(/*i18n*/ 'On site')],
  [WO_ONGOING_ONHOLD, msg(/*i18n*/ 'On site — on hold')],
  [WO_ONGOING_UNHOLD, msg(/*i18n*/ 'On site — resumed')],
  [WO_COMPLETED, msg(/*i18n*/ 'Installed')],
  [WO_COMPLETED_FOR_VISIT, msg(/*i18n*/ 'Installed — follow-up visit needed')],
  [WO_DELAYED, msg(/*i18n*/ 'Delayed by us')],
  [WO_DELAYED_WITH_VISIT, msg(/*i18n*/ 'Could not install')],
  [WO_DELAYED_WITHOUT_VISIT, msg(/*i18n*/ 'Could not install')],
  [WO_DELAYED_WITH_START_ACTIVITY, msg(/*i18n*/ 'Return visit needed')],
  [WO_DELAYED_FOR_RESCHEDULE, msg(/*i18n*/ 'Missed — customer rebooks')],
  [WO_FOR_RESCUE, msg(/*i18n*/ 'Rescue crew needed')],
  [WO_DELAYED_FOR_CANCELLATION, msg(/*i18n*/ 'Marked for cancellation')],
  [WO_CANCELLED, msg(/*i18n*/ 'Cancelled')],
]);

/** ADR 089: each operator role as the screens name it. */
const ROLE_WORDS: Readonly<Record<TOpsRole, string>> = {
  admin: msg(/*i18n*/ 'Admin'),
  network_planner: msg(/*i18n*/ 'Network planner'),
  dispatcher: msg(/*i18n*/ 'Dispatcher'),
  marketing: msg(/*i18n*/ 'Marketing'),
  technician: msg(/*i18n*/ 'Technician'),
};

export function roleWords(role: TOpsRole): string {
  return i18n._(ROLE_WORDS[role]);
}

export type StatusTone = 'neutral' | 'active' | 'done' | 'problem';

export function statusWords(job: Pick<TOpsWorkOrder, 'status' | 'installation_status'>): string {
  const words = STATUS_WORDS.get(job.status);
  return words === undefined ? job.installation_status : i18n._(words);
}

/** What a dispatcher's status list names each status to set (the status's own words). */
export function statusChoiceWords(status: string): string {
  const words = STATUS_WORDS.get(status);
  return words === undefined ? status : i18n._(words);
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

// ADR 083: times and days read on the operators' page as the customers read them: the contract's
// formats, with the words of the message catalogue (as lib/formats.ts does for the customer app, which
// this page does not import).
const onPage: FormatStyle = {
  // A message the compiled catalogue lacks comes back as written, placeholders and all: filled here.
  words: (english, values) => englishWords(i18n._(english, values), values),
  keepTogether: true,
};

/** "9:00 AM – 12:00 PM" in Manila time, or "No time booked". */
export function visitTime(job: Pick<TOpsWorkOrder, 'installation'>): string {
  if (!job.installation) return i18n._('No time booked');
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

/** "November 25, 2026" for a YYYY-MM-DD day (a planned NAP's expected date). */
export function dateWords(day: string): string {
  return dateText(day, onPage);
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
