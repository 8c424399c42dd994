import * as z from 'zod';
import { ZMsisdn } from '@konek/contract/msisdn';

// product §2.2 pcp/redirect → pcp/entermobile: a partner's link pre-fills the customer's number. It travels
// in the navigation's history state (kept across a refresh, never in the URL, ADR 010), in this one
// shape that the partner and account features both read.

const ZPrefill = z.object({ prefillMsisdn: ZMsisdn });

export function prefillState(msisdn: string): z.infer<typeof ZPrefill> {
  return { prefillMsisdn: msisdn };
}

/** The number a screen was opened with (63 + 10 digits), or null. */
export function readPrefilledMsisdn(state: unknown): string | null {
  const parsed = ZPrefill.safeParse(state);
  return parsed.success ? parsed.data.prefillMsisdn : null;
}
