import crypto from 'node:crypto';
import type { WebhookRefusal, WebhookVerdict } from './payment-provider';
import { parsePayMongoEvent } from './paymongo-resources';

// PayMongo's webhook signature (developers.paymongo.com "Securing a webhook"): the Paymongo-Signature
// header is `t=<unix seconds>,te=<test mode signature>,li=<live mode signature>`, each signature the hex
// HMAC-SHA256, keyed with the webhook's secret, of `<t>.<raw body>`. A test-mode event carries its
// signature in te and leaves li empty; a live one the other way round. The local gateway signs with this
// same code, so the verifier Konek trusts is the one the sandbox is tested against.

export const SIGNATURE_HEADER = 'paymongo-signature';

/** How far a signature's time may be from Konek's clock, either way, by default (5 minutes). */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300;

/** Test mode: te is checked (PayMongo's sk_test_ keys, and the local gateway); live: li. */
export type SignatureMode = 'test' | 'live';

export type WebhookSecret = Buffer | string;

function hmacHex(secret: WebhookSecret, timestamp: string, rawBody: string): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`${timestamp}.${rawBody}`, 'utf8')
    .digest('hex');
}

/** The header PayMongo would send for this body at `unixSeconds`. */
export function signatureHeader(
  secret: WebhookSecret,
  rawBody: string,
  unixSeconds: number,
  mode: SignatureMode,
): string {
  const timestamp = String(Math.floor(unixSeconds));
  const signature = hmacHex(secret, timestamp, rawBody);
  return mode === 'test'
    ? `t=${timestamp},te=${signature},li=`
    : `t=${timestamp},te=,li=${signature}`;
}

type ParsedHeader = { timestamp: string; te: string; li: string };

function parseHeader(header: string): ParsedHeader | undefined {
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator <= 0) return undefined;
    const key = part.slice(0, separator).trim();
    if (parts.has(key)) return undefined;
    parts.set(key, part.slice(separator + 1).trim());
  }
  const timestamp = parts.get('t');
  const te = parts.get('te');
  const li = parts.get('li');
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) return undefined;
  if (te === undefined || li === undefined) return undefined;
  return { timestamp, te, li };
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/**
 * Whether the header signs exactly this raw body with the secret, in the mode's field, at a time within
 * `toleranceSeconds` of `now`. Answers why not otherwise; the comparison takes the same time whatever
 * the signature holds.
 */
export function checkSignature(
  rawBody: string,
  header: string | undefined,
  secret: WebhookSecret,
  mode: SignatureMode,
  now: Date,
  toleranceSeconds = DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
): { ok: true } | { ok: false; reason: WebhookRefusal } {
  if (header === undefined || header.trim() === '') return { ok: false, reason: 'missing' };
  const parsed = parseHeader(header);
  if (!parsed) return { ok: false, reason: 'malformed' };
  const age = now.getTime() / 1000 - Number(parsed.timestamp);
  if (Math.abs(age) > toleranceSeconds) return { ok: false, reason: 'stale' };
  const given = mode === 'test' ? parsed.te : parsed.li;
  if (!HEX_SHA256.test(given)) return { ok: false, reason: 'mismatch' };
  const expected = Buffer.from(hmacHex(secret, parsed.timestamp, rawBody), 'hex');
  const received = Buffer.from(given, 'hex');
  return crypto.timingSafeEqual(expected, received)
    ? { ok: true }
    : { ok: false, reason: 'mismatch' };
}

/**
 * A webhook as both gateways verify it: the signature first (nothing of an unsigned body is read), then
 * the event. A test-mode event never passes a live check and the other way round, so a sandbox or test
 * payment can never settle a live order.
 */
export function verifyPayMongoWebhook(
  rawBody: string,
  header: string | undefined,
  secret: WebhookSecret,
  mode: SignatureMode,
  now: Date,
  toleranceSeconds = DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
): WebhookVerdict {
  const signed = checkSignature(rawBody, header, secret, mode, now, toleranceSeconds);
  if (!signed.ok) return signed;
  const event = parsePayMongoEvent(rawBody);
  if (!event) return { ok: false, reason: 'unreadable' };
  if (event.livemode !== (mode === 'live')) return { ok: false, reason: 'mismatch' };
  return { ok: true, event };
}
