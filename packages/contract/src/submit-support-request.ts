import * as z from 'zod';
import { defineCall } from './call';
import { TARGET_TYPE_ACCOUNT } from './constants';
import { envelopeWith } from './envelope';
import { supportMessage, supportMobileNumber, supportTopic, ZOrderNumber } from './support';
import { ZTargetId } from './targets';
import { personName } from './validation';

// Konek's own call, not among product §7.2's (ADR 079): the help page's contact form. Anyone may write;
// a signed-in customer names their account (target_id, type 2), and the server attaches the account and
// its latest order — or the order named, once it has checked the order is that account's.

export const SUBMIT_SUPPORT_REQUEST_PATH = '/api/v3/support/submit_request';

export const ZSubmitSupportRequestRequest = z
  .object({
    name: personName,
    mobile_number: supportMobileNumber,
    topic: supportTopic,
    message: supportMessage,
    /** Signed in: the caller's account, whose latest order is attached. */
    target_id: ZTargetId.optional(),
    target_type: z.literal(TARGET_TYPE_ACCOUNT).optional(),
    /** Signed in: the order the question is about (the track page's), instead of the latest. */
    order_number: ZOrderNumber.optional(),
  })
  .superRefine((body, context) => {
    if ((body.target_id === undefined) !== (body.target_type === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [body.target_id === undefined ? 'target_id' : 'target_type'],
        message: 'send target_id with target_type 2 (signed in), or neither',
      });
    }
    if (body.order_number !== undefined && body.target_id === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['order_number'],
        message: 'an order can be named only by its signed-in owner (target_id)',
      });
    }
  });
export type TSubmitSupportRequestRequest = z.input<typeof ZSubmitSupportRequestRequest>;

export const ZSubmittedSupportRequest = z.object({
  /** HELP-00000012: what the customer quotes, and what the answer SMS names. */
  reference: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  /** Signed in: the order attached, if the account has one. */
  order_number: z.string().nullable(),
  account_attached: z.boolean(),
});
export type TSubmittedSupportRequest = z.infer<typeof ZSubmittedSupportRequest>;

export const ZSubmitSupportRequestResponse = envelopeWith({
  support_request: ZSubmittedSupportRequest,
});

/** The call's one description (ADR 024). */
export const submitSupportRequestCall = defineCall({
  path: SUBMIT_SUPPORT_REQUEST_PATH,
  auth: 'optional',
  target: TARGET_TYPE_ACCOUNT,
  request: ZSubmitSupportRequestRequest,
  reply: ZSubmitSupportRequestResponse,
  rateLimited: true,
});
