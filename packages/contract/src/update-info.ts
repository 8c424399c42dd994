import * as z from 'zod';
import { defineCall } from './call';
import { TARGET_TYPE_USER } from './constants';
import { envelopeWith } from './envelope';
import { ZMsisdn } from './msisdn';
import { userTargetFields } from './targets';
import { MESSAGE_MOBILE, personName, SUFFIX_OPTIONS } from './validation';

// product §7.1 "update info": the customer's name, suffix and number, and the authorized representative
// who will be at the installation when the customer will not (product §3 alternate contact, isAlternate).
// The names follow the details page rules (product §5); the representative's number is sent as "639" plus
// the 9 digits after the "09" the customer sees (product §5, §9: toAlternatePhone).

export const UPDATE_INFO_PATH = '/api/v3/user/update_info';

/** "639" + 9 digits: a Philippine mobile number as the alternate contact travels. */
export const ZAlternatePhone = z.string().regex(/^639\d{9}$/, MESSAGE_MOBILE);

export const ZAlternateContact = z.object({
  first_name: personName,
  last_name: personName,
  phone_number: ZAlternatePhone,
});
export type TAlternateContact = z.infer<typeof ZAlternateContact>;

export const ZUpdateInfoRequest = z.object({
  first_name: personName,
  last_name: personName,
  /** The account's own number (product §2.4: read-only on the page). */
  phone: ZMsisdn,
  /** Sent only when it is one of the allowed options (product §5 suffixForSending). */
  suffix: z.enum(SUFFIX_OPTIONS).optional(),
  /** The representative; absent or null when the customer will be present (isAlternate false). */
  alternate_contact: ZAlternateContact.nullable().optional(),
  ...userTargetFields,
});
export type TUpdateInfoRequest = z.infer<typeof ZUpdateInfoRequest>;

/** The profile as saved, so the page can show what the server kept. */
export const ZUserProfile = z.object({
  first_name: z.string(),
  last_name: z.string(),
  suffix: z.enum(SUFFIX_OPTIONS).nullable(),
  phone: z.string(),
  alternate_contact: ZAlternateContact.nullable(),
});
export type TUserProfile = z.infer<typeof ZUserProfile>;

export const ZUpdateInfoResponse = envelopeWith({ profile: ZUserProfile });
export type TUpdateInfoResponse = z.infer<typeof ZUpdateInfoResponse>;

/** The call's one description (ADR 024). */
export const updateInfoCall = defineCall({
  path: UPDATE_INFO_PATH,
  auth: 'required',
  target: TARGET_TYPE_USER,
  request: ZUpdateInfoRequest,
  reply: ZUpdateInfoResponse,
  // The user is gone by the time the profile is written (their number is read first).
  errors: ['common.NOT_FOUND'],
});

/**
 * Konek's own beside the spec: the profile update_info saved, so the details page's update mode
 * (product §2.4 `update=true`) can show the suffix and the representative as well. null before the first
 * update_info.
 */
export const GET_PROFILE_PATH = '/api/v3/user/get_profile';

export const ZGetProfileRequest = z.object(userTargetFields);

export const ZGetProfileResponse = envelopeWith({ profile: ZUserProfile.nullable() });
export type TGetProfileResponse = z.infer<typeof ZGetProfileResponse>;

export const getProfileCall = defineCall({
  path: GET_PROFILE_PATH,
  auth: 'required',
  target: TARGET_TYPE_USER,
  request: ZGetProfileRequest,
  reply: ZGetProfileResponse,
});
