import * as z from 'zod';
import { defineCall } from './call';
import { TARGET_TYPE_ACCOUNT } from './constants';
import { envelopeWith } from './envelope';
import { accountTargetFields } from './targets';

// product §7.1 "get account (session)" (target_type 2). Its reply is not shown; product §3 "Account response":
// account_info.addresses is a map by id, each entry with a type.

export const GET_ACCOUNT_PATH = '/api/v3/user/get_account';

export const ZGetAccountRequest = z.object(accountTargetFields);
export type TGetAccountRequest = z.infer<typeof ZGetAccountRequest>;

export const ZAccountAddressEntry = z.looseObject({ type: z.number().int() });

export const ZAccountInfo = z.object({
  account_id: z.string(),
  user_id: z.string(),
  provider_id: z.string(),
  msisdn: z.string(),
  /** Saved addresses by id (filled by add_address). */
  addresses: z.record(z.string(), ZAccountAddressEntry),
  /** ISO 8601. */
  created_at: z.string(),
});
export type TAccountInfo = z.infer<typeof ZAccountInfo>;

export const ZGetAccountResponse = envelopeWith({ account_info: ZAccountInfo });
export type TGetAccountResponse = z.infer<typeof ZGetAccountResponse>;

/** The call's one description (ADR 024). */
export const getAccountCall = defineCall({
  path: GET_ACCOUNT_PATH,
  auth: 'required',
  target: TARGET_TYPE_ACCOUNT,
  request: ZGetAccountRequest,
  reply: ZGetAccountResponse,
  errors: ['common.NOT_FOUND'],
});
