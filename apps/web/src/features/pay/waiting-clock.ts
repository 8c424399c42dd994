import { readParsed, writeJson } from '../../lib/browser-storage';
import * as z from 'zod';

// ADR 045: payloading waits at most PAYLOADING_GIVE_UP_MS for the wallet's answer, counted from the first
// time this tab waited for this payment, so a refresh continues the wait instead of starting it again.

/** How long the payloading screen waits for the wallet's answer before it says so (timeout). */
export const PAYLOADING_GIVE_UP_MS = 90_000;
/** How often it asks meanwhile (each read also lasts at least product §9's 200 ms). */
export const PAYLOADING_POLL_MS = 2_000;

const CLOCK_KEY = 'konek.payloading';
const ZClock = z.object({ key: z.string(), since: z.number() });

/** Epoch ms when this tab started waiting for `key` (a payment session or an order id). */
export function waitingSince(key: string, now: number = Date.now()): number {
  const clock = readParsed(window.sessionStorage, CLOCK_KEY, ZClock);
  if (clock?.key === key) return clock.since;
  writeJson(window.sessionStorage, CLOCK_KEY, { key, since: now });
  return now;
}

/** A new wait for `key` (Check again on the timeout page). */
export function restartWaiting(key: string, now: number = Date.now()): void {
  writeJson(window.sessionStorage, CLOCK_KEY, { key, since: now });
}
