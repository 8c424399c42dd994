import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { fetchPaymentSessionDataCall } from '@konek/contract/fetch-payment-session-data';
import { ZEnvelope } from '@konek/contract/envelope';
import { ZErrorReply } from '@konek/contract/call';
import type { Auth } from '../../platform/auth/target-ownership';
import { ok } from '../../platform/reply';
import { registerCall, type CallApp } from '../../platform/route';
import { SIGNATURE_HEADER } from '../../providers/payments/paymongo-signature';
import type { LocalGateway } from '../../providers/payments/local-gateway';
import {
  paymentSessionForUser,
  paymentSessionReply,
  receiveWebhook,
  type PaymentsDependencies,
} from './service';
import { registerSandboxCheckout } from './sandbox-routes';

const MODULE = 'payment';

/** ADR 038: where the gateway posts its webhooks (PayMongo's dashboard names this URL). */
export const PAYMENT_WEBHOOK_PATH = '/api/webhooks/payments';

const WEBHOOK_OUTCOMES = ['applied', 'unchanged', 'duplicate', 'unmatched', 'ignored'] as const;

export type PaymentsPluginOptions = {
  payments: PaymentsDependencies;
  auth: Auth;
  /** The local gateway and its sandbox checkout page, when it is the provider and the sandbox is on. */
  sandbox?: { gateway: LocalGateway; allowRemote: boolean; sweepIntervalMs: number };
};

/**
 * The gateway's webhook, in a scope of its own: its JSON body is kept as the raw text received (the
 * signature covers those exact bytes, not a re-serialised object), and checked there before anything of it
 * is read.
 */
async function registerWebhook(app: CallApp, payments: PaymentsDependencies): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.route({
      method: 'POST',
      url: PAYMENT_WEBHOOK_PATH,
      schema: {
        tags: [MODULE],
        summary: 'Payment gateway webhook (PayMongo events, signed with Paymongo-Signature)',
        body: z.string(),
        response: {
          200: ZEnvelope.extend({ outcome: z.enum(WEBHOOK_OUTCOMES) }),
          400: ZErrorReply,
          401: ZErrorReply,
          413: ZErrorReply,
          415: ZErrorReply,
          500: ZErrorReply,
        },
      },
      handler: async (request) => {
        const header = request.headers[SIGNATURE_HEADER];
        const signature = Array.isArray(header) ? undefined : header;
        const outcome = await receiveWebhook(payments, request.body as string, signature);
        return ok(MODULE, { outcome });
      },
    });
  });
}

/** The payments module (ADR 038): fetch_payment_session_data, the webhook, and the sandbox checkout. */
export const paymentsPlugin: FastifyPluginAsyncZod<PaymentsPluginOptions> = async (
  app,
  { payments, auth, sandbox },
) => {
  registerCall(
    app,
    fetchPaymentSessionDataCall,
    { module: MODULE, auth },
    async ({ body, principal }) =>
      ok(MODULE, {
        payment_session: paymentSessionReply(
          await paymentSessionForUser(payments, {
            paymentSessionId: body.payment_session_id,
            userId: principal.userId,
          }),
        ),
      }),
  );
  await registerWebhook(app, payments);
  if (sandbox) await registerSandboxCheckout(app, { ...sandbox, log: payments.log });
};
