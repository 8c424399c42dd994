import * as z from 'zod';
import { MOBILE_PREFIX } from './constants';
import { MESSAGE_MOBILE } from './validation';

// product §5, §9: a mobile number travels as 63 followed by the 10-digit national number (what
// `toInternationalMsisdn` produces); the operator's prepaid calls take it with the prefix stripped.

const INTERNATIONAL_PATTERN = /^63\d{10}$/;
const LOCAL_PATTERN = /^\d{10}$/;

/** A mobile number as the account calls carry it: 63 + 10 digits. */
export const ZMsisdn = z.string().regex(INTERNATIONAL_PATTERN, MESSAGE_MOBILE);

/** product §7.1 get account (prepaid): the number with the 63 prefix stripped, 10 digits. */
export const ZLocalMsisdn = z.string().regex(LOCAL_PATTERN, MESSAGE_MOBILE);

/** 639171234567 → 9171234567. */
export function stripMobilePrefix(msisdn: string): string {
  return msisdn.startsWith(MOBILE_PREFIX) ? msisdn.slice(MOBILE_PREFIX.length) : msisdn;
}

/** 9171234567 → 639171234567. */
export function addMobilePrefix(local: string): string {
  return `${MOBILE_PREFIX}${local}`;
}
