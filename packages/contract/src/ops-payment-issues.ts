import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
import { REFUND_CAUSES } from './lifecycle';

// ADR 077: payments an operator should look at — a wallet that took another amount than was asked (given
// back automatically, and flagged), and any payment Konek does not keep whose refund the gateway has not
// taken yet (the repair sweep keeps trying; an operator may need to call the gateway). Dispatchers see
// them on /ops.

export const OPS_PAYMENT_ISSUES_PATH = '/api/ops/payment_issues';

export const ZOpsPaymentIssue = z.object({
  payment_session_id: z.string(),
  /** The order's number (KNK-…), as the customer quotes it. */
  order_number: z.string(),
  cause: z.enum(REFUND_CAUSES),
  /** What was asked and what the wallet took, in centavos. */
  asked_centavos: z.number().int(),
  paid_centavos: z.number().int(),
  /** What has been given back so far (the refund still owed when below paid). */
  refunded_centavos: z.number().int(),
  /** ISO 8601: when the wallet took it. */
  paid_at: z.string().nullable(),
});
export type TOpsPaymentIssue = z.infer<typeof ZOpsPaymentIssue>;

export const opsPaymentIssuesCall = defineCall({
  path: OPS_PAYMENT_ISSUES_PATH,
  auth: 'required',
  target: null,
  request: z.object({}).nullish(),
  reply: envelopeWith({ payment_issues: z.array(ZOpsPaymentIssue) }),
  errors: ['ops.ROLE_NOT_ALLOWED'],
});
