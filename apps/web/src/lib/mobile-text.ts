import { toDisplayMobile } from '@konek/contract/validation';
import { NO_BREAK_SPACE } from './unbroken';

/**
 * product §2.4 "shown with a leading 0", grouped as people read it: 639171234567 → "0917 123 4567". The
 * groups are joined by no-break spaces, so a number in a sentence stays on one line.
 */
export function mobileText(msisdn: string): string {
  const local = toDisplayMobile(msisdn);
  return /^0\d{10}$/.test(local)
    ? [local.slice(0, 4), local.slice(4, 7), local.slice(7)].join(NO_BREAK_SPACE)
    : local;
}
