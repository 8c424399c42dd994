import Cookies from 'js-cookie';
import { COOKIE_LIFETIME_MS } from '@konek/contract/constants';
import { SESSION_COOKIE } from '../first-paint';

// product §9 "Cookies" and §3 "Session state": the token lives 30 minutes, user/account/mobile ids 7 days,
// the device id 365 days.

export type CookieKind = keyof typeof COOKIE_LIFETIME_MS;

export const COOKIE_NAMES: Readonly<Record<CookieKind, string>> = {
  // The <head> script of index.html reads it too (ADR 041).
  token: SESSION_COOKIE,
  user: 'userid',
  account: 'accountid',
  mobile: 'mobileid',
  deviceId: 'uuid',
};

export type CookieAttributes = {
  expires: Date;
  path: string;
  sameSite: 'Lax';
  secure: boolean;
};

export function cookieAttributes(
  kind: CookieKind,
  now: number = Date.now(),
  protocol: string = window.location.protocol,
): CookieAttributes {
  return {
    expires: new Date(now + COOKIE_LIFETIME_MS[kind]),
    path: '/',
    sameSite: 'Lax',
    // Secure cookies are dropped on plain http, which local development uses.
    secure: protocol === 'https:',
  };
}

export function setCookie(kind: CookieKind, value: string): void {
  Cookies.set(COOKIE_NAMES[kind], value, cookieAttributes(kind));
}

export function getCookie(kind: CookieKind): string | undefined {
  return Cookies.get(COOKIE_NAMES[kind]);
}

export function removeCookie(kind: CookieKind): void {
  Cookies.remove(COOKIE_NAMES[kind], { path: '/' });
}

/** crypto.randomUUID exists only in secure contexts; a phone testing over a LAN address is not one. */
function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The anonymous visitor's id for analytics (id_type 100), created once per browser. */
export function getOrCreateDeviceId(): string {
  const existing = getCookie('deviceId');
  if (existing) return existing;
  const created = randomUuid();
  setCookie('deviceId', created);
  return created;
}
