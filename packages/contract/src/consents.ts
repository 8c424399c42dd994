import * as z from 'zod';
import { defineCall } from './call';
import { TARGET_TYPE_USER } from './constants';
import { envelopeWith } from './envelope';
import { userTargetFields } from './targets';

// product §2.4 consent checks (product §3: prepaid, required; information, optional), kept as the Data
// Privacy Act asks (RA 10173; NPC Circular 2023-04): what the customer agreed to, the version of the terms
// and of the privacy notice they were shown, and when. The optional consent can be withdrawn later. Not in
// the spec's call list: Konek's own calls beside it, under /api/v3/user (ADR 033).

export const GET_CONSENTS_PATH = '/api/v3/user/get_consents';
export const RECORD_CONSENTS_PATH = '/api/v3/user/record_consents';

/** The versions shown now: the dates at the top of the prepaid terms and of the privacy notice. */
export const PREPAID_TERMS_VERSION = '2026-11-01';
export const PRIVACY_NOTICE_VERSION = '2026-11-01';

export const CONSENT_KINDS = ['prepaid_terms', 'information_sharing'] as const;
export type TConsentKind = (typeof CONSENT_KINDS)[number];

const ZVersion = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ZRecordConsentsRequest = z.object({
  /** The prepaid terms (product §2.4: mandatory to order). Only true can be recorded. */
  prepaid_terms: z.literal(true).optional(),
  /** "Information We Share" (optional): true gives it, false withdraws it. */
  information_sharing: z.boolean().optional(),
  /** The versions on screen when the customer ticked the boxes. */
  terms_version: ZVersion,
  privacy_notice_version: ZVersion,
  ...userTargetFields,
});
export type TRecordConsentsRequest = z.infer<typeof ZRecordConsentsRequest>;

export const ZConsent = z.object({
  kind: z.enum(CONSENT_KINDS),
  granted: z.boolean(),
  terms_version: z.string(),
  privacy_notice_version: z.string(),
  /** ISO 8601: when it was given or withdrawn. */
  recorded_at: z.string(),
});
export type TConsent = z.infer<typeof ZConsent>;

/** The latest decision of each kind, and every decision before it, newest first. */
export const ZConsentsReply = envelopeWith({
  consents: z.array(ZConsent),
  history: z.array(ZConsent),
});
export type TConsentsReply = z.infer<typeof ZConsentsReply>;

export const ZGetConsentsRequest = z.object(userTargetFields);

/** The calls' one descriptions (ADR 024). */
export const recordConsentsCall = defineCall({
  path: RECORD_CONSENTS_PATH,
  auth: 'required',
  target: TARGET_TYPE_USER,
  request: ZRecordConsentsRequest,
  reply: ZConsentsReply,
});

export const getConsentsCall = defineCall({
  path: GET_CONSENTS_PATH,
  auth: 'required',
  target: TARGET_TYPE_USER,
  request: ZGetConsentsRequest,
  reply: ZConsentsReply,
});
