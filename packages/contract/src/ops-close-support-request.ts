import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
import { ZOpsSupportRequest } from './ops-support-requests';
import { supportAnswer } from './support';

// ADR 079: a dispatcher closes a support request with an answer, which is texted to the number the
// customer gave, once: a request already closed answers ALREADY_CLOSED and sends nothing. An SMS the
// provider cannot take leaves the request open (503), to be closed again.

export const OPS_CLOSE_SUPPORT_REQUEST_PATH = '/api/ops/support_requests/close';

export const ZOpsCloseSupportRequestRequest = z.object({
  support_request_id: z.string().min(1).max(64),
  answer: supportAnswer,
});

/** The call's one description (ADR 024). */
export const opsCloseSupportRequestCall = defineCall({
  path: OPS_CLOSE_SUPPORT_REQUEST_PATH,
  auth: 'required',
  target: null,
  request: ZOpsCloseSupportRequestRequest,
  reply: envelopeWith({ support_request: ZOpsSupportRequest }),
  errors: [
    'ops.ROLE_NOT_ALLOWED',
    'support.REQUEST_NOT_FOUND',
    'support.ALREADY_CLOSED',
    'common.SERVICE_UNAVAILABLE',
  ],
});
