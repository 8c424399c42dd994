import * as z from 'zod';

// ADR 006: the client never sends the PIN itself. `login_secret` and `new_secret` are the lowercase hex
// SHA-256 of "konek-pin:v1:<msisdn>:<pin>": salted by the number, so one hash is useless for another
// number and a leaked request does not reveal a PIN reused elsewhere. Web Crypto runs in browsers (secure
// contexts) and in Node ≥ 20 alike, so the web app and the tests share this one function.

export const PIN_HASH_VERSION = 'v1';

const SECRET_PATTERN = /^[0-9a-f]{64}$/;

/** A PIN as the client sends it: the hash below, never the digits. */
export const ZPinSecret = z
  .string()
  .regex(SECRET_PATTERN, 'must be the hashed PIN (64 lowercase hex characters)');

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The `login_secret` for `pin` on the number `msisdn` (63 + 10 digits). */
export async function hashPin(msisdn: string, pin: string): Promise<string> {
  const input = new TextEncoder().encode(`konek-pin:${PIN_HASH_VERSION}:${msisdn}:${pin}`);
  return toHex(await globalThis.crypto.subtle.digest('SHA-256', input));
}
