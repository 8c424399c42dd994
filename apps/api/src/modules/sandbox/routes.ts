import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SANDBOX_OUTBOX_PATH, ZSandboxOutboxQuery } from '@konek/contract/sandbox-outbox';
import { ok } from '../../platform/reply';
import type { Db } from '../../platform/db/database';
import { renderOutboxPage } from './outbox-page';
import { outboxMessages } from './service';

const MODULE = 'sandbox';

/** JSON for callers that ask for it and not for HTML (tests, scripts); the page for browsers. */
function wantsJson(accept: string | undefined): boolean {
  const value = accept ?? '';
  return value.includes('application/json') && !value.includes('text/html');
}

/**
 * ARCHITECTURE §5: the local SMS provider's outbox at /sandbox/outbox — registered only while the sandbox
 * is enabled. One path answers as a page or as JSON (ZSandboxOutboxResponse), so the reply schema is not
 * declared here; it is kept out of the OpenAPI document.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    SANDBOX_OUTBOX_PATH,
    { schema: { hide: true, querystring: ZSandboxOutboxQuery } },
    async (request, reply) => {
      const { msisdn } = request.query;
      const messages = await outboxMessages(db, msisdn);
      reply.header('cache-control', 'no-store');
      if (wantsJson(request.headers.accept)) return ok(MODULE, { messages });
      return reply.type('text/html; charset=utf-8').send(renderOutboxPage(messages, msisdn));
    },
  );
};
