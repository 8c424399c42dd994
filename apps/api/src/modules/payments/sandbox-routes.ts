import * as z from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { localOnly } from '../../platform/local-only';
import { repeatEvery } from '../../platform/repeat';
import type { CallApp } from '../../platform/route';
import {
  SANDBOX_CHECKOUT_PATH,
  type LocalGateway,
  type SandboxAction,
} from '../../providers/payments/local-gateway';
import {
  SANDBOX_COUNTDOWN_SCRIPT,
  SANDBOX_COUNTDOWN_SCRIPT_PATH,
  renderCheckoutNotFoundPage,
  renderCheckoutPage,
  renderDeliveryFailedPage,
} from '../../providers/payments/sandbox-checkout-page';

// ADR 038, ADR 019: the local gateway's checkout page at /sandbox/checkout/:id — registered only while the
// sandbox is on and the local gateway is the provider, answering only the machine itself. A form posts the
// person's choice; the gateway tells Konek by signed webhook and the browser goes back to Konek's success
// or cancel URL (303). A timer expires checkouts whose time ran out and sends again the webhooks Konek has
// not taken, as PayMongo retries.

const ZCheckoutParams = z.object({ id: z.string().regex(/^cs_[A-Za-z0-9_]{1,96}$/) });
const ZCheckoutForm = z.object({
  action: z.enum(['authorize', 'decline', 'cancel', 'expire', 'resend']),
});

const HTML = 'text/html; charset=utf-8';

export async function registerSandboxCheckout(
  app: CallApp,
  options: {
    gateway: LocalGateway;
    allowRemote: boolean;
    sweepIntervalMs: number;
    log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  },
): Promise<void> {
  const { gateway, log } = options;
  await app.register(async (instance) => {
    const scope = instance.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onRequest', localOnly(options.allowRemote));
    // The page's forms post application/x-www-form-urlencoded; only this scope reads it.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get(SANDBOX_COUNTDOWN_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(SANDBOX_COUNTDOWN_SCRIPT),
    );

    scope.get(
      `${SANDBOX_CHECKOUT_PATH}/:id`,
      { schema: { hide: true, params: ZCheckoutParams } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store').type(HTML);
        const checkout = await gateway.checkout(request.params.id);
        if (!checkout) return reply.code(404).send(renderCheckoutNotFoundPage());
        return reply.send(renderCheckoutPage(checkout));
      },
    );

    scope.post(
      `${SANDBOX_CHECKOUT_PATH}/:id`,
      { schema: { hide: true, params: ZCheckoutParams, body: ZCheckoutForm } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store').type(HTML);
        const { id } = request.params;
        const { action } = request.body;
        if (action === 'resend') {
          const checkout = await gateway.checkout(id);
          if (!checkout) return reply.code(404).send(renderCheckoutNotFoundPage());
          const delivered = await gateway.resend(id);
          if (!delivered) {
            const last = (await gateway.deliveries(id)).at(-1);
            return reply
              .code(502)
              .send(renderDeliveryFailedPage(checkout, last?.lastStatus ?? null));
          }
          const target = checkout.status === 'paid' ? checkout.successUrl : checkout.cancelUrl;
          return reply.redirect(target, 303);
        }
        const result = await gateway.act(id, action satisfies SandboxAction);
        if (!result) return reply.code(404).send(renderCheckoutNotFoundPage());
        // Already paid, cancelled or expired (a second click, a second tab): back to Konek, as it ended.
        if (result.outcome === 'closed') return reply.redirect(result.redirectTo, 303);
        if (result.delivered === false) {
          return reply
            .code(502)
            .send(renderDeliveryFailedPage(result.checkout, result.deliveryStatus));
        }
        return reply.redirect(result.redirectTo, 303);
      },
    );
  });

  // Real expiry by time, and PayMongo's retries: a sweep while the app runs.
  const sweep = repeatEvery(
    options.sweepIntervalMs,
    async () => {
      await gateway.expireDue();
      await gateway.redeliver();
    },
    (error) => log.warn({ err: error }, 'sandbox gateway sweep failed'),
  );
  app.addHook('onClose', () => sweep.stop());
}
