import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
import { ZTimeSlot } from './slot-period';
import { SUPPORT_STATUSES, SUPPORT_TOPICS } from './support';

// ADR 079: the operators' support desk (/api/ops, a dispatcher's token): every open support request,
// oldest first, and those closed within SUPPORT_RECENTLY_CLOSED_DAYS, newest first — each with the
// customer's order as it stands now, when the request came from a signed-in customer.

export const OPS_SUPPORT_REQUESTS_PATH = '/api/ops/support_requests';

const ZTimestamp = z.iso.datetime({ offset: true });

/** Where the order's payment stands, as the desk shows it beside a request. */
export const SUPPORT_PAYMENT_STATUSES = [
  'awaiting',
  'paid',
  'failed',
  'abandoned',
  'refunded',
  'not_paid',
] as const;
export type TSupportPaymentStatus = (typeof SUPPORT_PAYMENT_STATUSES)[number];

/** The payment status an order's state (orders.ts ORDER_STATES name) tells. */
export function paymentStatusOfOrderState(stateName: string): TSupportPaymentStatus {
  switch (stateName) {
    case 'paid':
    case 'needs_new_time':
      return 'paid';
    case 'awaiting_payment':
      return 'awaiting';
    case 'payment_failed':
      return 'failed';
    case 'payment_abandoned':
      return 'abandoned';
    case 'refunded':
      return 'refunded';
    default:
      return 'not_paid';
  }
}

export const ZOpsSupportRequest = z.object({
  support_request_id: z.string(),
  /** HELP-00000012. */
  reference: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  topic: z.enum(SUPPORT_TOPICS),
  name: z.string(),
  /** Where the answer is texted: 63 + 10 digits. */
  msisdn: z.string(),
  message: z.string(),
  created_at: ZTimestamp,
  /** Sent signed in: the account is the customer's own, checked by their token. */
  account_attached: z.boolean(),
  /** The customer's order as it stands now; null for an anonymous request or an account without one. */
  order: z
    .object({
      order_number: z.string(),
      /** orders.ts ORDER_STATES name, e.g. paid. */
      state_name: z.string(),
      /** product §4.5 work_order_status; null before payment. */
      work_order_status: z.string().nullable(),
      /** What the customer reads for it (§4.5). */
      installation_status: z.string().nullable(),
      installation: ZTimeSlot.nullable(),
      /** Where its payment stands (paymentStatusOfOrderState). */
      payment_status: z.enum(SUPPORT_PAYMENT_STATUSES),
      /** Its installation job on the dispatch board; null before payment. */
      work_order_id: z.string().nullable(),
    })
    .nullable(),
  answer: z.string().nullable(),
  closed_at: ZTimestamp.nullable(),
  closed_by: z.object({ user_id: z.string(), first_name: z.string() }).nullable(),
  /** When the answer's SMS was handed to the provider. */
  answer_sent_at: ZTimestamp.nullable(),
});
export type TOpsSupportRequest = z.infer<typeof ZOpsSupportRequest>;

export const ZOpsSupportRequestsResponse = envelopeWith({
  open: z.array(ZOpsSupportRequest),
  recently_closed: z.array(ZOpsSupportRequest),
});

/** The call's one description (ADR 024). */
export const opsSupportRequestsCall = defineCall({
  path: OPS_SUPPORT_REQUESTS_PATH,
  auth: 'required',
  target: null,
  request: z.object({}).nullish(),
  reply: ZOpsSupportRequestsResponse,
  errors: ['ops.ROLE_NOT_ALLOWED'],
});
