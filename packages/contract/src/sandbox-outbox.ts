import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
import { ZMsisdn } from './msisdn';

// docs/architecture.md: the local SMS and email providers' outbox (ADR 093). GET /sandbox/outbox is a
// page for people; with `Accept: application/json` and ?msisdn=… and/or ?email=… it is JSON, which the
// browser tests read codes from. Only the named number's texts and the named address's emails are shown,
// never everyone's. Served only while the sandbox is enabled, and only to the machine itself unless
// remote callers are allowed (ADR 019).

export const SANDBOX_OUTBOX_PATH = '/sandbox/outbox';

/**
 * The address whose emails to show: any address the outbox may hold (its case ignored), not only those
 * the details step accepts.
 */
export const ZOutboxEmailAddress = z
  .string()
  .trim()
  .max(254)
  .regex(/^[^\s@<>]+@[^\s@<>]+$/, 'an email address');

export const ZSandboxOutboxQuery = z.object({
  msisdn: ZMsisdn.optional(),
  email: ZOutboxEmailAddress.optional(),
});
export type TSandboxOutboxQuery = z.infer<typeof ZSandboxOutboxQuery>;

export const ZOutboxMessage = z.object({
  id: z.number().int(),
  msisdn: z.string(),
  body: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

/** One email as it was handed to the local email provider. */
export const ZOutboxEmail = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  /** Extra headers by name, e.g. List-Unsubscribe. */
  headers: z.record(z.string(), z.string()),
  /** ISO 8601. */
  created_at: z.string(),
});
export type TOutboxEmail = z.infer<typeof ZOutboxEmail>;

/**
 * Newest first: `messages` the named number's texts, `emails` the named address's emails (each empty
 * when nothing of its kind was named).
 */
export const ZSandboxOutboxResponse = envelopeWith({
  messages: z.array(ZOutboxMessage),
  emails: z.array(ZOutboxEmail),
});
export type TSandboxOutboxResponse = z.infer<typeof ZSandboxOutboxResponse>;

/** The call's one description (ADR 024). */
export const sandboxOutboxCall = defineCall({
  method: 'GET',
  path: SANDBOX_OUTBOX_PATH,
  auth: 'none',
  target: null,
  request: null,
  query: ZSandboxOutboxQuery,
  reply: ZSandboxOutboxResponse,
  errors: ['common.NOT_FOUND'],
});
