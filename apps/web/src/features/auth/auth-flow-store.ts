import * as z from 'zod';
import { readParsed, writeJson } from '../../lib/browser-storage';
import { ZMsisdn } from '@konek/contract/msisdn';
import { AUTH_ENTRIES } from './auth-routes';

// The account screens hand the customer's number and the code they were sent from screen to screen in
// sessionStorage, so a refresh (or opening the SMS app and coming back) keeps the flow, and closing the
// tab forgets it. The PIN itself is never stored.

export const AUTH_FLOW_STORAGE_KEY = 'konek.auth-flow';

export const CODE_PURPOSES = ['signup', 'reset'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

const ZSentCode = z.object({
  purpose: z.enum(CODE_PURPOSES),
  /** create_otp's reference_id or create_challenge's challenge_id. */
  id: z.string().min(1),
  /** Epoch ms from which a new code may be asked for (the API's resend_after_seconds). */
  resendAt: z.number(),
  /** Epoch ms when the code stops working (the API's expires_in_seconds). */
  expiresAt: z.number(),
});
export type SentCode = z.infer<typeof ZSentCode>;

const ZAuthFlow = z.object({
  /** The route set the customer started from, so "Sign in" after a PIN reset returns there. */
  entry: z.enum(AUTH_ENTRIES),
  msisdn: ZMsisdn,
  code: ZSentCode.optional(),
  /** The reference_id of a verified sign-up code: the number may now register (ADR 009). */
  verifiedReferenceId: z.string().optional(),
  /** The reset code the customer typed; verify_challenge checks it together with the new PIN. */
  resetCode: z.string().optional(),
});
export type AuthFlow = z.infer<typeof ZAuthFlow>;

export function readAuthFlow(storage: Storage = window.sessionStorage): AuthFlow | null {
  return readParsed(storage, AUTH_FLOW_STORAGE_KEY, ZAuthFlow);
}

export function saveAuthFlow(flow: AuthFlow, storage: Storage = window.sessionStorage): void {
  writeJson(storage, AUTH_FLOW_STORAGE_KEY, flow);
}

export function clearAuthFlow(storage: Storage = window.sessionStorage): void {
  try {
    storage.removeItem(AUTH_FLOW_STORAGE_KEY);
  } catch {
    // nothing to clear
  }
}

/**
 * The flow for `msisdn` started from `entry`: what was kept for the same number stays (a code sent a
 * moment ago is still the one to type), anything kept for another number is dropped.
 */
export function flowForNumber(msisdn: string, entry: AuthFlow['entry']): AuthFlow {
  const kept = readAuthFlow();
  return kept?.msisdn === msisdn ? { ...kept, entry } : { entry, msisdn };
}

/** The code kept for this purpose, if it is still worth typing. */
export function openCode(
  flow: AuthFlow | null,
  purpose: CodePurpose,
  now: number = Date.now(),
): SentCode | null {
  const code = flow?.code;
  return code && code.purpose === purpose && code.expiresAt > now ? code : null;
}

/**
 * The code kept for this purpose while no new one may be sent yet (ADR 009: 60 s): the customer came
 * back a step moments after it was sent, and it is still the one to type.
 */
export function recentCode(
  flow: AuthFlow | null,
  purpose: CodePurpose,
  now: number = Date.now(),
): SentCode | null {
  const code = openCode(flow, purpose, now);
  return code && code.resendAt > now ? code : null;
}
