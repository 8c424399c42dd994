import * as z from 'zod';
import { defineCall } from './call';
import { TARGET_TYPE_USER } from './constants';
import { envelopeWith } from './envelope';
import { userTargetFields } from './targets';

// product §7.1 "add account": account_properties{provider_id (the operator identifier)} for the user target
// → account_id. product §4.3 calls it when the session has no account id; it is idempotent per user and
// operator (ADR 007), so a retry or a second device gets the same account.

export const ADD_ACCOUNT_PATH = '/api/v3/user/add_account';

export const ZAddAccountRequest = z.object({
  account_properties: z.object({ provider_id: z.string().min(1).max(64) }),
  ...userTargetFields,
});
export type TAddAccountRequest = z.infer<typeof ZAddAccountRequest>;

export const ZAddAccountResponse = envelopeWith({ account_id: z.string() });
export type TAddAccountResponse = z.infer<typeof ZAddAccountResponse>;

/** The call's one description (ADR 024). */
export const addAccountCall = defineCall({
  path: ADD_ACCOUNT_PATH,
  auth: 'required',
  target: TARGET_TYPE_USER,
  request: ZAddAccountRequest,
  reply: ZAddAccountResponse,
});
