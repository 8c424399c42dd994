import * as z from 'zod';
import { defineCall } from './call';
import { TARGET_TYPE_USER } from './constants';
import { envelopeWith } from './envelope';
import { userTargetFields } from './targets';
import { ZContextName, ZStoredContext } from './client-storage-get';
import { findUnsafeInput } from './safe-text';

// product §7.1 "add context": saves `data` as the named context, replacing what was stored (the client
// always sends the whole context; product §4.1 "register first clears the stored context and saves it").

export const CLIENT_STORAGE_ADD_PATH = '/api/v3/clientstorage/add';

/** A stored context is small: flags, an address, a few ids. */
export const CLIENT_STORAGE_MAX_BYTES = 16 * 1024;

// The safe-text rule runs first: it bounds the depth, so measuring the size by JSON.stringify (which
// recurses) cannot overflow the stack on a deeply nested value (ADR 020).
export const ZContextData = z.record(z.string(), z.unknown()).check((ctx) => {
  const unsafe = findUnsafeInput(ctx.value);
  if (unsafe !== undefined) {
    ctx.issues.push({
      code: 'custom',
      message: unsafe.message,
      input: ctx.value,
      path: [...unsafe.path],
    });
  } else if (JSON.stringify(ctx.value).length > CLIENT_STORAGE_MAX_BYTES) {
    ctx.issues.push({
      code: 'custom',
      message: `must be at most ${CLIENT_STORAGE_MAX_BYTES} bytes of JSON`,
      input: ctx.value,
    });
  }
});

export const ZClientStorageAddRequest = z.object({
  ...userTargetFields,
  context: ZContextName,
  data: ZContextData,
});
export type TClientStorageAddRequest = z.infer<typeof ZClientStorageAddRequest>;

export const ZClientStorageAddResponse = envelopeWith({ result_set: z.array(ZStoredContext) });
export type TClientStorageAddResponse = z.infer<typeof ZClientStorageAddResponse>;

/** ADR 023: how many named contexts one user may keep; saving over an existing name always works. */
export const CLIENT_STORAGE_MAX_CONTEXTS = 20;

/** The call's one description (ADR 024). */
export const clientStorageAddCall = defineCall({
  path: CLIENT_STORAGE_ADD_PATH,
  auth: 'required',
  target: TARGET_TYPE_USER,
  request: ZClientStorageAddRequest,
  reply: ZClientStorageAddResponse,
  errors: ['clientstorage.TOO_MANY_CONTEXTS'],
});
