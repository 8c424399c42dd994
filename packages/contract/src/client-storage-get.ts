import * as z from 'zod';
import { defineCall } from './call';
import { TARGET_TYPE_USER } from './constants';
import { envelopeWith } from './envelope';
import { userTargetFields } from './targets';

// product §7.1 "get / add context" and §3 "stored per-user context": a named context kept on the server as
// JSON per user, so the journey resumes on any device (docs/architecture.md). The journey's own context and
// its fields are in journey-context.ts.

export const CLIENT_STORAGE_GET_PATH = '/api/v3/clientstorage/get';

/** A context's name: letters, digits, underscore, dot or hyphen. */
export const ZContextName = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1–64 letters, digits, _, . or -');

export const ZClientStorageGetRequest = z.object({ ...userTargetFields, context: ZContextName });
export type TClientStorageGetRequest = z.infer<typeof ZClientStorageGetRequest>;

export const ZStoredContext = z.object({
  context: z.string(),
  value: z.record(z.string(), z.unknown()),
  /** ISO 8601: when it was last saved. */
  updated_at: z.string(),
});
export type TStoredContext = z.infer<typeof ZStoredContext>;

/** product §7.1: result_set[].value — empty when nothing is stored under that name yet. */
export const ZClientStorageGetResponse = envelopeWith({ result_set: z.array(ZStoredContext) });
export type TClientStorageGetResponse = z.infer<typeof ZClientStorageGetResponse>;

/** The call's one description (ADR 024). */
export const clientStorageGetCall = defineCall({
  path: CLIENT_STORAGE_GET_PATH,
  auth: 'required',
  target: TARGET_TYPE_USER,
  request: ZClientStorageGetRequest,
  reply: ZClientStorageGetResponse,
});
