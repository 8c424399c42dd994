import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
import { email } from './validation';

// product §7.1 "email verify" at /api/v3/{oss}/email_validation (product §7.2): the address → result.status.
// product §5: valid and catch-all are accepted; unknown, spamtrap, abuse, do_not_mail and any other status
// are refused with "Please enter a valid email address." (isAcceptedEmailStatus). Signed in only: the
// details page needs a session, and an open validator would be a free service for anyone's list.

export const emailValidationPath = (ossSegment: string) => `/api/v3/${ossSegment}/email_validation`;

/** The statuses a validation service answers (ZeroBounce's v2 names). */
export const EMAIL_STATUSES = [
  'valid',
  'invalid',
  'catch-all',
  'unknown',
  'spamtrap',
  'abuse',
  'do_not_mail',
] as const;
export type TEmailStatus = (typeof EMAIL_STATUSES)[number];

export const ZEmailValidationRequest = z.object({ email });
export type TEmailValidationRequest = z.infer<typeof ZEmailValidationRequest>;

export const ZEmailValidationResult = z.object({
  /** A status of EMAIL_STATUSES, kept as text: a provider may add one, and any other is refused. */
  status: z.string(),
  /** The provider's finer reason (ZeroBounce sub_status), e.g. "disposable", "role_based"; "" when none. */
  sub_status: z.string(),
  /**
   * False when the validation service could not answer in time (ADR 032): the status is then the one the
   * product accepts, and the address is saved as not verified.
   */
  verified: z.boolean(),
});
export type TEmailValidationResult = z.infer<typeof ZEmailValidationResult>;

export const ZEmailValidationResponse = envelopeWith({ result: ZEmailValidationResult });
export type TEmailValidationResponse = z.infer<typeof ZEmailValidationResponse>;

/** The call's one description (ADR 024). */
export const emailValidationCall = defineCall({
  path: emailValidationPath,
  auth: 'required',
  target: null,
  request: ZEmailValidationRequest,
  reply: ZEmailValidationResponse,
  rateLimited: true,
});
