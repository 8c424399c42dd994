/** When an offer or a voucher can be used: from `from` (inclusive) until `until` (exclusive); null is open. */
export type Window = { from: Date | null; until: Date | null };

export type WindowPosition = 'before' | 'within' | 'after';

export function windowPosition(window: Window, now: Date): WindowPosition {
  if (window.from !== null && now.getTime() < window.from.getTime()) return 'before';
  if (window.until !== null && now.getTime() >= window.until.getTime()) return 'after';
  return 'within';
}
