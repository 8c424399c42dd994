import * as z from 'zod';
import { defineCall } from './call';
import { TARGET_TYPE_USER } from './constants';
import { envelopeWith } from './envelope';
import { NOTIFICATION_IDENTIFIER_TYPE_EMAIL } from './get-user';
import { userTargetFields } from './targets';
import { email } from './validation';

// product §7.1 "update notification info": the customer's email, where order news is sent. One identifier
// per type and user: a second call replaces the first. get_user then lists it in notification_identifiers.

export const UPDATE_NOTIFICATION_INFO_PATH = '/api/v3/user/update_notification_info';

export const ZUpdateNotificationInfoRequest = z.object({
  notification_identifier: email,
  notification_identifier_type: z.literal(NOTIFICATION_IDENTIFIER_TYPE_EMAIL),
  ...userTargetFields,
});
export type TUpdateNotificationInfoRequest = z.infer<typeof ZUpdateNotificationInfoRequest>;

export const ZUpdateNotificationInfoResponse = envelopeWith({
  notification_identifier: z.string(),
  notification_identifier_type: z.literal(NOTIFICATION_IDENTIFIER_TYPE_EMAIL),
  /**
   * What the email validation said of this address when it was saved (ADR 032): a status of product §5,
   * or "unverified" when the validation service could not answer in time.
   */
  verification: z.string(),
});
export type TUpdateNotificationInfoResponse = z.infer<typeof ZUpdateNotificationInfoResponse>;

/** The call's one description (ADR 024). */
export const updateNotificationInfoCall = defineCall({
  path: UPDATE_NOTIFICATION_INFO_PATH,
  auth: 'required',
  target: TARGET_TYPE_USER,
  request: ZUpdateNotificationInfoRequest,
  reply: ZUpdateNotificationInfoResponse,
  // ADR 097: an address not looked up yet, past the account's day or the client address's hour.
  errors: ['common.TOO_MANY_REQUESTS'],
});
