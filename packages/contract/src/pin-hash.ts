import * as z from 'zod';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

// ADR 006: the client never sends the PIN itself. `login_secret` and `new_secret` are the lowercase hex
// SHA-256 of "konek-pin:v1:<msisdn>:<pin>": salted by the number, so one hash is useless for another
// number and a leaked request does not reveal a PIN reused elsewhere. The hash is @noble/hashes' SHA-256,
// not Web Crypto: Web Crypto exists only in secure contexts, so a phone opening the app over plain HTTP
// on a local network could not sign in. The web app, the API's checks and the tests share this function.

export const PIN_HASH_VERSION = 'v1';

const SECRET_PATTERN = /^[0-9a-f]{64}$/;

/** A PIN as the client sends it: the hash below, never the digits. */
export const ZPinSecret = z
  .string()
  .regex(SECRET_PATTERN, 'must be the hashed PIN (64 lowercase hex characters)');

/** The `login_secret` for `pin` on the number `msisdn` (63 + 10 digits). */
export function hashPin(msisdn: string, pin: string): Promise<string> {
  const input = utf8ToBytes(`konek-pin:${PIN_HASH_VERSION}:${msisdn}:${pin}`);
  return Promise.resolve(bytesToHex(sha256(input)));
}
