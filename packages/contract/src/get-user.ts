import * as z from 'zod';
import { defineCall } from './call';
import { TARGET_TYPE_USER } from './constants';
import { envelopeWith } from './envelope';
import { userTargetFields } from './targets';

// product §7.1 "get user" (target_type 3) → user_info; product §3 session state "userDetail" reads
// properties.first_name and the notification_identifiers entry whose identifier_type is "email".

export const GET_USER_PATH = '/api/v3/user/get_user';

export const ZGetUserRequest = z.object(userTargetFields);
export type TGetUserRequest = z.infer<typeof ZGetUserRequest>;

export const NOTIFICATION_IDENTIFIER_TYPE_EMAIL = 'email';

export const ZNotificationIdentifier = z.object({
  identifier_type: z.string(),
  identifier: z.string(),
});
export type TNotificationIdentifier = z.infer<typeof ZNotificationIdentifier>;

export const ZUserInfo = z.object({
  user_id: z.string(),
  msisdns: z.array(z.string()),
  properties: z.object({ first_name: z.string(), last_name: z.string() }),
  /** Empty until the customer gives an email (product §7.1 "update notification info"). */
  notification_identifiers: z.array(ZNotificationIdentifier),
  account_ids: z.array(z.string()),
  /** ISO 8601. */
  created_at: z.string(),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

export const ZGetUserResponse = envelopeWith({ user_info: ZUserInfo });
export type TGetUserResponse = z.infer<typeof ZGetUserResponse>;

/** The call's one description (ADR 024). */
export const getUserCall = defineCall({
  path: GET_USER_PATH,
  auth: 'required',
  target: TARGET_TYPE_USER,
  request: ZGetUserRequest,
  reply: ZGetUserResponse,
  errors: ['common.NOT_FOUND'],
});
