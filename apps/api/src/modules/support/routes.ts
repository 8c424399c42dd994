import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsCloseSupportRequestCall } from '@konek/contract/ops-close-support-request';
import { opsSupportRequestsCall } from '@konek/contract/ops-support-requests';
import { submitSupportRequestCall } from '@konek/contract/submit-support-request';
import type { Auth } from '../../platform/auth/target-ownership';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import { requireOperator } from '../operators/service';
import {
  closeSupportRequest,
  submitSupportRequest,
  supportDesk,
  type SupportDependencies,
} from './service';

// ADR 079: the help page's contact form (anyone; a signed-in customer's account attached) and the
// operators' support desk under /api/ops (dispatchers only).
const MODULE = 'support';
const OPS_MODULE = 'ops';

export type SupportPluginOptions = {
  support: SupportDependencies;
  /** Customer tokens: a signed-in request names the caller's account. */
  auth: Auth;
  /** Operator tokens (/api/ops). */
  opsAuth: Auth;
  perIpPerMinute: number;
};

export const supportPlugin: FastifyPluginAsyncZod<SupportPluginOptions> = async (
  app,
  { support, auth, opsAuth, perIpPerMinute },
) => {
  registerCall(
    app,
    submitSupportRequestCall,
    { module: MODULE, auth, perIpPerMinute },
    async ({ body, principal, request }) => {
      // The target was checked against the token: it is the caller's own account.
      const accountId = principal === null ? null : (body.target_id ?? null);
      const submitted = await submitSupportRequest(
        support,
        { accountId, clientAddress: request.ip },
        body,
      );
      return ok(MODULE, {
        support_request: {
          reference: submitted.reference,
          created_at: submitted.createdAt.toISOString(),
          order_number: submitted.orderNumber,
          account_attached: submitted.accountAttached,
        },
      });
    },
  );

  registerCall(
    app,
    opsSupportRequestsCall,
    { module: OPS_MODULE, auth: opsAuth },
    async ({ principal }) => {
      await requireOperator(support.db, principal, ['dispatcher']);
      const desk = await supportDesk(support);
      return ok(OPS_MODULE, { open: desk.open, recently_closed: desk.recentlyClosed });
    },
  );

  registerCall(
    app,
    opsCloseSupportRequestCall,
    { module: OPS_MODULE, auth: opsAuth },
    async ({ body, principal }) => {
      const dispatcher = await requireOperator(support.db, principal, ['dispatcher']);
      return ok(OPS_MODULE, {
        support_request: await closeSupportRequest(
          support,
          dispatcher.id,
          body.support_request_id,
          body.answer,
        ),
      });
    },
  );
};
