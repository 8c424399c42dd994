import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
import { ZMsisdn } from './msisdn';

// docs/architecture.md: the local SMS provider's outbox. GET /sandbox/outbox is a page for people; with
// `Accept: application/json` and ?msisdn=… it is JSON, which the browser tests read codes from. Only the
// named number's messages are shown, never everyone's. Served only while the sandbox is enabled, and
// only to the machine itself unless remote callers are allowed (ADR 019).

export const SANDBOX_OUTBOX_PATH = '/sandbox/outbox';

export const ZSandboxOutboxQuery = z.object({ msisdn: ZMsisdn.optional() });
export type TSandboxOutboxQuery = z.infer<typeof ZSandboxOutboxQuery>;

export const ZOutboxMessage = z.object({
  id: z.number().int(),
  msisdn: z.string(),
  body: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

/** Newest first. */
export const ZSandboxOutboxResponse = envelopeWith({ messages: z.array(ZOutboxMessage) });
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
